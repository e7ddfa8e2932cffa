/**
 * @module sql/claim-deliveries — leases to `$3` for `$4` ms up to `$2` deliveries due at `$1`
 * (the caller's now) that head their (subject, endpoint) queue, endpoint enabled and, for a
 * subscriber, one of the caller's (`$5`, endpoint ids). `FOR UPDATE SKIP LOCKED`, and a
 * re-check of rows leased meanwhile, keep two claimers off one delivery. Leases run on the
 * database's clock, so a dispatcher whose clock runs ahead cannot take over one in flight.
 */
import type { SqlNames } from "../names";
import { ENDPOINT_COLUMNS, EVENT_COLUMNS } from "../rows";

/**
 * SQL true when delivery `d` heads its queue: no pending delivery of its pair (its subject,
 * `return_id` and `subject_kind`, and its endpoint) comes first.
 * `endpoint_id || ''` keeps the planner off the pending-by-endpoint index, which on tables
 * never analysed made each lookup read every pending delivery of the endpoint.
 */
export const isHead = (n: SqlNames, d: string) => `NOT EXISTS (
  SELECT 1 FROM ${n.table("deliveries")} earlier
  WHERE earlier.return_id = ${d}.return_id AND earlier.endpoint_id || '' = ${d}.endpoint_id
    AND earlier.subject_kind = ${d}.subject_kind
    AND earlier.status = 'pending' AND earlier.position < ${d}.position)`;

/**
 * SQL true when delivery `d` of endpoint `ep` may be claimed by a caller running the
 * subscribers whose endpoint ids are the text array `subscribers`: the endpoint is enabled,
 * and a webhook or one of those. Written so the planner, on an endpoints table it never
 * analysed (a handful of rows never reaches autovacuum's threshold), still walks the due
 * index: the id is compared on `d`, not `ep` (a condition on `ep` alone drove the claim from
 * the endpoints through every pending delivery of theirs), and "a webhook" is "not a
 * subscriber" (the column holds only those two): `kind = 'webhook'` is guessed to keep one
 * row in 200, so the planner read every due delivery and sorted them instead of stopping
 * after `limit`.
 */
export const isClaimable = (ep: string, d: string, subscribers: string) =>
  `${ep}.enabled AND (${ep}.kind <> 'subscriber' OR ${d}.endpoint_id = ANY(${subscribers}))`;

/** The database's clock in epoch ms, for leases. */
export const DB_NOW_MS = "(extract(epoch FROM statement_timestamp()) * 1000)::bigint";

export const claimDeliveries = (n: SqlNames) => `
WITH candidates AS (
  SELECT d.id
  FROM ${n.table("deliveries")} d
  JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= $1::bigint
    AND (d.leased_until IS NULL OR d.leased_until <= ${DB_NOW_MS})
    AND ${isClaimable("ep", "d", "$5::text[]")} AND ${isHead(n, "d")}
  ORDER BY d.next_attempt_at, d.position
  LIMIT $2
  FOR UPDATE OF d SKIP LOCKED
),
claimed AS (
  UPDATE ${n.table("deliveries")} d SET leased_by = $3, leased_until = ${DB_NOW_MS} + $4::bigint
  FROM candidates c WHERE d.id = c.id
  RETURNING d.*
)
SELECT row_to_json(c) AS delivery, row_to_json(ev) AS event, row_to_json(ep) AS endpoint
FROM claimed c
JOIN (SELECT ${EVENT_COLUMNS} FROM ${n.table("outbox_events")}) ev ON ev.id = c.event_id
JOIN (SELECT ${ENDPOINT_COLUMNS} FROM ${n.table("endpoints")}) ep ON ep.id = c.endpoint_id
ORDER BY c.next_attempt_at, c.position`;
