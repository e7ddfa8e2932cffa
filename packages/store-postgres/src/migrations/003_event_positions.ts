/**
 * @module migrations/003_event_positions — drops the unique index on `outbox_events.position`.
 *
 * Nothing looks events up by position alone: the store reads them by return, through
 * `(return_id, position)`, and positions come from the column's own sequence, which never
 * hands out a number twice. The index only cost every event one more index entry (about a
 * ninth of what a keyed transition inserts into indexes) and a page of WAL now and then.
 *
 * The constraint's name is PostgreSQL's own choice for `position … UNIQUE`,
 * `<table>_position_key`; the store's prefixes are short enough that it is never truncated.
 * `IF EXISTS` leaves a schema alone whose owner dropped it already.
 */
import type { SqlNames } from "../names";

export const name = "event_positions";

export function sql(n: SqlNames): string {
  return `
ALTER TABLE ${n.table("outbox_events")} DROP CONSTRAINT IF EXISTS ${n.index("outbox_events_position_key")};
`;
}
