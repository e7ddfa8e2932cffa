/**
 * @module migrations/002_shared_records — a commit writes its return's record once for the
 * events and the idempotency response that carry it, instead of once in each.
 *
 * A transition's record (1–2 KB, and growing with its history) used to be written whole
 * into the idempotency response and into every event's payload: three or four copies of it
 * per transition with the return's own row, which was most of what a commit wrote. Now the
 * commit writes the record once into `return_versions`, and the payload and the response
 * as templates (`payload_template`, `response_template`): their JSON with the record cut
 * out, leaving a U+0002 character in its place. JSON.stringify never writes that character
 * raw (it escapes every control character), so it cannot occur in a template otherwise. A
 * read puts the record back with `replace()`.
 *
 * The new columns are added beside the old ones, not in place of them, so the upgrade
 * neither rewrites nor locks the tables for longer than a catalogue change: rows written
 * before it keep their whole `payload` and `response` and are read as they are.
 */
import type { SqlNames } from "../names";

export const name = "shared_records";

export function sql(n: SqlNames): string {
  const versions = n.table("return_versions");
  return `
-- The record a commit published: kept while an event or an idempotency response refers to it.
CREATE TABLE ${versions} (
  return_id  text COLLATE "C" NOT NULL,
  version    integer NOT NULL,
  record     json NOT NULL,
  -- The idempotency key the commit completed, if any: purge asks that key whether it still
  -- refers here, by its primary key.
  key        text,
  created_ms bigint NOT NULL,
  PRIMARY KEY (return_id, version)
);
-- purge: old versions first.
CREATE INDEX ${n.index("return_versions_created_idx")} ON ${versions} (created_ms);

ALTER TABLE ${n.table("outbox_events")}
  ALTER COLUMN payload DROP NOT NULL,
  ADD COLUMN payload_template text,
  ADD COLUMN record_version integer;

ALTER TABLE ${n.table("idempotency_keys")}
  ADD COLUMN response_template text,
  ADD COLUMN return_id text COLLATE "C",
  ADD COLUMN record_version integer;
`;
}
