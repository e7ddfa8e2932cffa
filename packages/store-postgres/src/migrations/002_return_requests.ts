/**
 * @module migrations/002_return_requests — the return request a return was created in, as a
 * column for `listReturns`' filter (the record's JSON carries it too). Nullable and without a
 * default, so adding it rewrites no row: every return created before it was created alone,
 * and reads give those `request_id: null` (`rows`). The index holds only the returns that
 * belong to a request; the filter `request_id = …` implies that, so the planner uses it.
 */
import type { SqlNames } from "../names";

export const name = "return_requests";

export function sql(n: SqlNames): string {
  const returns = n.table("returns");
  return `
ALTER TABLE ${returns} ADD COLUMN request_id text;
-- listReturns by request, newest first (a btree scans backwards for id DESC).
CREATE INDEX ${n.index("returns_request_idx")} ON ${returns} (request_id, id)
  WHERE request_id IS NOT NULL;
`;
}
