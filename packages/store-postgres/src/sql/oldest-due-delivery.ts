/**
 * @module sql/oldest-due-delivery — when the delivery a claim at `$1` (the caller's now) would
 * take first became due, for a caller running the subscribers `$2` (endpoint ids): the claim's
 * own conditions and order, one row. It walks the due index from its oldest entry and stops at
 * the first claimable head, so it costs what a claim costs, whatever the backlog. An expired
 * lease makes its delivery due from the lease's end (on the caller's clock).
 */
import type { SqlNames } from "../names";
import { DB_NOW_MS, isClaimable, isHead } from "./claim-deliveries";

export const oldestDueDelivery = (n: SqlNames) => `
SELECT GREATEST(d.next_attempt_at,
                COALESCE(d.leased_until - ${DB_NOW_MS} + $1::bigint, d.next_attempt_at)) AS due
FROM ${n.table("deliveries")} d
JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
WHERE d.status = 'pending' AND d.next_attempt_at <= $1::bigint
  AND (d.leased_until IS NULL OR d.leased_until <= ${DB_NOW_MS})
  AND ${isClaimable("ep", "d", "$2::text[]")} AND ${isHead(n, "d")}
ORDER BY d.next_attempt_at, d.position
LIMIT 1`;
