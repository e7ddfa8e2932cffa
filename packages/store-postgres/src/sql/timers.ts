/**
 * @module sql/timers — the statements on the timers of returns. The commit's (fire, clear, set)
 * take arrays, one entry per timer, as the commit's other statements do; they run after the
 * commit updated (and so locked) the returns, so a firing and a `dropTimer` (which locks the
 * return first too) never both remove one timer. Claims skip the rows another transaction
 * holds and lease on the database's clock, as deliveries' claims do.
 */
import type { SqlNames } from "../names";
import { DB_NOW_MS } from "./claim-deliveries";

/** Deletes each timer ($1 return ids, $2 names) still due at $3; returns the ones deleted. */
export const fireTimers = (n: SqlNames) => `
DELETE FROM ${n.table("timers")} t
USING unnest($1::text[], $2::text[], $3::bigint[]) AS f(return_id, name, due_at)
WHERE t.return_id = f.return_id AND t.name = f.name AND t.due_at = f.due_at
RETURNING t.return_id`;

/** Deletes the timers named ($1 return ids, $2 names), whatever their due times. */
export const clearTimers = (n: SqlNames) => `
DELETE FROM ${n.table("timers")} t
USING unnest($1::text[], $2::text[]) AS c(return_id, name)
WHERE t.return_id = c.return_id AND t.name = c.name`;

/** Sets each timer ($1 return ids, $2 names, $3 due times), replacing one set and its lease. */
export const setTimers = (n: SqlNames) => `
INSERT INTO ${n.table("timers")} (return_id, name, due_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
ON CONFLICT (return_id, name)
DO UPDATE SET due_at = EXCLUDED.due_at, leased_by = NULL, leased_until = NULL`;

/** Leases to $3 for $4 ms up to $2 timers due at $1 (the caller's now), earliest first. */
export const claimTimers = (n: SqlNames) => `
WITH candidates AS (
  SELECT return_id, name FROM ${n.table("timers")}
  WHERE due_at <= $1::bigint AND (leased_until IS NULL OR leased_until <= ${DB_NOW_MS})
  ORDER BY due_at
  LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE ${n.table("timers")} t SET leased_by = $3, leased_until = ${DB_NOW_MS} + $4::bigint
FROM candidates c WHERE t.return_id = c.return_id AND t.name = c.name
RETURNING t.return_id, t.name, t.due_at`;

/**
 * Deletes timer ($1 return id, $2 name) if due at $3 while the return is at version $4, under
 * the return's row lock: a commit of the return in flight is waited for, then re-checked.
 */
export const dropTimer = (n: SqlNames) => `
WITH r AS (
  SELECT id FROM ${n.table("returns")} WHERE id = $1 AND version = $4::integer FOR SHARE
)
DELETE FROM ${n.table("timers")} t USING r
WHERE t.return_id = r.id AND t.name = $2 AND t.due_at = $3::bigint
RETURNING t.name`;

/** The timers of return $1, earliest due first. */
export const listTimers = (n: SqlNames) => `
SELECT return_id, name, due_at FROM ${n.table("timers")}
WHERE return_id = $1 ORDER BY due_at, name`;

/**
 * The earliest time a claim could return a timer, on the caller's clock ($1, or null): an
 * unleased timer's due time (the due index's first entry), or for a leased one the later of
 * its due time and its lease's end, what is left of the lease added to the caller's now.
 */
export const nextDueTimer = (n: SqlNames) => `
SELECT LEAST(
  (SELECT due_at FROM ${n.table("timers")} WHERE leased_until IS NULL ORDER BY due_at LIMIT 1),
  (SELECT min(GREATEST(due_at, COALESCE(leased_until - ${DB_NOW_MS} + $1::bigint, leased_until)))
   FROM ${n.table("timers")} WHERE leased_until IS NOT NULL)
) AS due`;
