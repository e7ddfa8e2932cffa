/**
 * @module migrations/005_rma_numbers — the RMA number of each return request, one row per
 * request, its primary key the code: the unique index is what keeps a code to one request,
 * across processes (`commitMany` inserts the claim with ON CONFLICT DO NOTHING and rolls back
 * when another request holds it). A new table, so no row of a database in use is rewritten;
 * requests created before it have no row and no RMA number (`rma: null` in their records).
 * `listReturns({ rma })` reads the request id here, then uses `returns_request_idx`.
 */
import type { SqlNames } from "../names";

export const name = "rma_numbers";

export function sql(n: SqlNames): string {
  return `
CREATE TABLE ${n.table("rma_numbers")} (
  rma text PRIMARY KEY,
  request_id text NOT NULL
);
`;
}
