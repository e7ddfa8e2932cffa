/**
 * @module sql/next-due-delivery — the earliest time a claim by the caller (running the
 * subscribers `$2`, endpoint ids) could return a delivery, on the caller's clock (`$1`, its
 * now, or null): the earlier of two parts, each costing what its few rows cost, not the
 * backlog's size.
 *
 * - Heads nobody leases are due at `next_attempt_at`: the due index is walked from its oldest
 *   entry and stops at the first claimable head, as a claim does.
 * - A leased head (in flight, or its dispatcher died) is due at the later of `next_attempt_at`
 *   and its lease's end, which runs on the database's clock: what is left of it is added to
 *   the caller's now. Leases are few (one per attempt in flight), and only those rows are
 *   checked for being heads.
 */
import type { SqlNames } from "../names";
import { DB_NOW_MS, isClaimable, isHead } from "./claim-deliveries";

export const nextDueDelivery = (n: SqlNames) => `
SELECT LEAST(
  (SELECT d.next_attempt_at
   FROM ${n.table("deliveries")} d
   JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
   WHERE d.status = 'pending' AND d.leased_until IS NULL
     AND ${isClaimable("ep", "d", "$2::text[]")} AND ${isHead(n, "d")}
   ORDER BY d.next_attempt_at, d.position
   LIMIT 1),
  (SELECT min(GREATEST(d.next_attempt_at,
                       COALESCE(d.leased_until - ${DB_NOW_MS} + $1::bigint, d.leased_until)))
   FROM ${n.table("deliveries")} d
   JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
   WHERE d.status = 'pending' AND d.leased_until IS NOT NULL
     AND ${isClaimable("ep", "d", "$2::text[]")} AND ${isHead(n, "d")})
) AS due`;
