/**
 * @module sql/update-returns — returns' next versions, each if its stored version is still the
 * one in `$9`; an UPDATE that waited on a row re-checks that against what committed meanwhile.
 * With `skipLocked` (a group commit) a row another transaction holds is left alone instead of
 * waited for, so one locked row never stalls the others: it comes back missing, like a conflict.
 */
import type { SqlNames } from "../names";
import { jsonArrayOf } from "./json-documents";

export const updateReturns = (n: SqlNames, { skipLocked = false } = {}) => `
UPDATE ${n.table("returns")} AS r
SET version = c.version, state = c.state, customer_id = c.customer_id, order_id = c.order_id,
    request_id = c.request_id, record = c.record, snapshot = c.snapshot, updated_at = now()
FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[],
            ${jsonArrayOf("$7")}, ${jsonArrayOf("$8")}, $9::integer[])
  AS c(id, version, state, customer_id, order_id, request_id, record, snapshot, expected)
WHERE r.id = c.id AND r.version = c.expected${
  skipLocked
    ? `
  AND r.id IN (SELECT id FROM ${n.table("returns")} WHERE id = ANY($1) FOR UPDATE SKIP LOCKED)`
    : ""
}
RETURNING r.id`;
