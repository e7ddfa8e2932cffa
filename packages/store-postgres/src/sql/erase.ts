/**
 * @module sql/erase — the statements of an erasure batch (`eraseReturns`): the returns taken,
 * locked; their events' payloads and their deliveries' attempts rewritten by the service's
 * functions (so the personal fields are known in one place, core's); the idempotency records
 * that copy them deleted. They take arrays, and JSON documents as `jsonDocuments`, as the
 * commit's statements do.
 */
import type { SqlNames } from "../names";
import { jsonArrayOf } from "./json-documents";

/** Up to $2 returns of customer $1, locked, in id order. */
export const lockCustomerReturns = (n: SqlNames) => `
SELECT record, snapshot FROM ${n.table("returns")}
WHERE customer_id = $1 ORDER BY id LIMIT $2 FOR UPDATE`;

/** Up to $2 returns of order $1 whose customer id does not begin with $3, locked, in id order. */
export const lockOrderReturns = (n: SqlNames) => `
SELECT record, snapshot FROM ${n.table("returns")}
WHERE order_id = $1 AND left(customer_id, length($3)) <> $3 ORDER BY id LIMIT $2 FOR UPDATE`;

/** Return $1 unless its customer id begins with $3, locked ($2, the limit, is at least 1). */
export const lockOneReturn = (n: SqlNames) => `
SELECT record, snapshot FROM ${n.table("returns")}
WHERE id = $1 AND left(customer_id, length($3)) <> $3 AND $2::integer > 0 FOR UPDATE`;

/** The events of returns $1, with their returns and payloads. */
export const selectEventsOf = (n: SqlNames) => `
SELECT id, return_id, payload FROM ${n.table("outbox_events")} WHERE return_id = ANY($1::text[])`;

/** Sets each event's ($1 ids) payload ($2). */
export const updatePayloads = (n: SqlNames) => `
UPDATE ${n.table("outbox_events")} e SET payload = u.payload
FROM unnest($1::text[], ${jsonArrayOf("$2")}) AS u(id, payload) WHERE e.id = u.id`;

/** The deliveries of events $1 with an attempt that recorded an error. */
export const selectErredDeliveries = (n: SqlNames) => `
SELECT id, event_id, attempts FROM ${n.table("deliveries")}
WHERE event_id = ANY($1::text[])
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(attempts) a WHERE a->>'error' IS NOT NULL)`;

/** Sets each delivery's ($1 ids) attempts ($2), nothing else. */
export const updateAttempts = (n: SqlNames) => `
UPDATE ${n.table("deliveries")} d SET attempts = u.attempts::jsonb
FROM unnest($1::text[], ${jsonArrayOf("$2")}) AS u(id, attempts) WHERE d.id = u.id`;

/** Deletes the idempotency records whose key or response text holds one of $1. */
export const forgetKeys = (n: SqlNames) => `
DELETE FROM ${n.table("idempotency_keys")} k
WHERE EXISTS (
  SELECT 1 FROM unnest($1::text[]) AS needle
  WHERE strpos(k.key, needle) > 0 OR strpos(k.response::text, needle) > 0
)`;

/** Sets job timer ($1, $2) due at $3 unless one is set. */
export const setJobTimer = (n: SqlNames) => `
INSERT INTO ${n.table("timers")} (return_id, name, due_at) VALUES ($1, $2, $3)
ON CONFLICT (return_id, name) DO NOTHING`;

/** Deletes job timer ($1, $2) if due at $3. */
export const clearJobTimer = (n: SqlNames) => `
DELETE FROM ${n.table("timers")} WHERE return_id = $1 AND name = $2 AND due_at = $3::bigint
RETURNING name`;
