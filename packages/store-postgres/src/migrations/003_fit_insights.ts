/**
 * @module migrations/003_fit_insights — what `fitInsights` groups and filters on, as columns
 * of the returns table, and the index its one aggregate query reads.
 *
 * The columns are generated from the record (STORED): PostgreSQL fills them on every insert
 * and update, whichever commit path wrote the row (alone or grouped), and adding them fills
 * them for the rows already there. `created_at` stays the record's ISO text (UTC, `…Z`, as
 * the service writes it): text in "C" order sorts as the instants do, and casting text to
 * timestamptz is not immutable, so it could not be generated.
 *
 * The index starts with sku (a filtered query reads one sku's range) and carries every other
 * column the query reads, so a query over all skus is an index-only scan of a narrow index
 * rather than of the table, whose rows hold whole records.
 */
import type { SqlNames } from "../names";

export const name = "fit_insights";

export function sql(n: SqlNames): string {
  const returns = n.table("returns");
  return `
ALTER TABLE ${returns}
  ADD COLUMN sku        text COLLATE "C" GENERATED ALWAYS AS (record -> 'line' ->> 'sku') STORED,
  ADD COLUMN size       text COLLATE "C" GENERATED ALWAYS AS (record -> 'line' ->> 'size') STORED,
  ADD COLUMN reason     text COLLATE "C" GENERATED ALWAYS AS (record ->> 'reason') STORED,
  ADD COLUMN quantity   integer GENERATED ALWAYS AS ((record -> 'line' ->> 'quantity')::integer) STORED,
  ADD COLUMN created_at text COLLATE "C" GENERATED ALWAYS AS (record ->> 'created_at') STORED;
CREATE INDEX ${n.index("returns_fit_idx")} ON ${returns} (sku, size, reason, created_at)
  INCLUDE (quantity, state);
`;
}
