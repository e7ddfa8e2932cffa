/**
 * @module migrations/006_timers — the timers of returns: one row per (return, name), written by
 * the return's commits (set, cleared, and deleted by the commit that fires it, so fired
 * timers never accumulate), leased by claims on the database's clock. A new table, so no row
 * of a database in use is rewritten. Claims walk `timers_due_idx` from the earliest due time;
 * `timers_leased_idx` holds only the few leased rows, for the next due time of a leased one.
 */
import type { SqlNames } from "../names";

export const name = "timers";

export function sql(n: SqlNames): string {
  const timers = n.table("timers");
  return `
CREATE TABLE ${timers} (
  return_id    text COLLATE "C" NOT NULL,
  name         text COLLATE "C" NOT NULL,
  due_at       bigint NOT NULL,
  leased_by    text,
  leased_until bigint,
  PRIMARY KEY (return_id, name)
);
CREATE INDEX ${n.index("timers_due_idx")} ON ${timers} (due_at);
CREATE INDEX ${n.index("timers_leased_idx")} ON ${timers} (leased_until) WHERE leased_until IS NOT NULL;
`;
}
