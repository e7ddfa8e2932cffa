/**
 * @module migrations/007_tracking_numbers — finding the returns of a parcel by its tracking
 * number (`listReturns({ tracking_number })`, what a carrier's scan is matched by): a partial
 * expression index on the record's `shipment.tracking_number`, holding only the returns that
 * have one. No row is rewritten; building it reads the returns table once (an upgrade of a large
 * database may prefer to run it by hand as `CREATE INDEX CONCURRENTLY` first, with this name).
 */
import type { SqlNames } from "../names";

export const name = "tracking_numbers";

/** The expression the index holds, exactly as `listReturns` filters on it. */
export const TRACKING_NUMBER = "(record->'shipment'->>'tracking_number')";

export function sql(n: SqlNames): string {
  return `
CREATE INDEX ${n.index("returns_tracking_idx")} ON ${n.table("returns")}
  (${TRACKING_NUMBER} COLLATE "C") WHERE ${TRACKING_NUMBER} IS NOT NULL;
`;
}
