/**
 * @module sql/insert-events — one or more commits' outbox in one statement: events in array
 * order (positions follow it), each with its subject (its id $1, in `return_id`, and its kind
 * $13), request id and trace context ($11, $12); one pending delivery per event and endpoint whose `types` match, enabled or not, due
 * at the event's time; `pg_notify($9, $10)` if it made any (sent when the transaction
 * commits, never if it rolls back); and the requests' RMA numbers ($14 codes, $15 request
 * ids), each claimed unless another request holds it (a concurrent claim waits for the other
 * transaction, then finds it taken). Back: one row per event (its position), or a single row
 * without an id when there is none, each with the number of deliveries and the requests whose
 * codes were claimed.
 *
 * A delivery's id is its event's `$8` (ids.ts: `dlv_` and the event's time) and sixteen hex
 * digits of md5(event id, endpoint id): its own, without first asking which endpoints match.
 */
import type { SqlNames } from "../names";
import { jsonArrayOf } from "./json-documents";

export const insertEvents = (n: SqlNames) => `
WITH event AS (
  INSERT INTO ${n.table("outbox_events")} AS ev
    (id, return_id, subject_kind, seq, type, payload, created_at, created_ms, request_id,
     traceparent)
  SELECT e.id, e.return_id, e.subject_kind, e.seq, e.type, e.payload, e.created_at,
         e.created_ms, e.request_id, e.traceparent
  FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], ${jsonArrayOf("$5")}, $6::text[],
              $7::bigint[], $11::text[], $12::text[], $13::text[])
    WITH ORDINALITY
    AS e(return_id, id, seq, type, payload, created_at, created_ms, request_id, traceparent,
         subject_kind, n)
  ORDER BY e.n
  RETURNING ev.id, ev.return_id, ev.subject_kind, ev.position, ev.type, ev.created_ms
),
delivery AS (
  INSERT INTO ${n.table("deliveries")}
    (event_id, endpoint_id, id, return_id, subject_kind, position, next_attempt_at)
  SELECT event.id, ep.id, d.prefix || upper(left(md5(event.id || ' ' || ep.id), 16)),
         event.return_id, event.subject_kind, event.position, event.created_ms
  FROM event
  JOIN unnest($2::text[], $8::text[]) AS d(event_id, prefix) ON d.event_id = event.id
  JOIN ${n.table("endpoints")} ep ON ep.types IS NULL OR ep.types ? event.type
  RETURNING 1
),
notified AS (
  SELECT pg_notify($9, $10) WHERE $9::text IS NOT NULL AND EXISTS (SELECT 1 FROM delivery)
),
claimed AS (
  INSERT INTO ${n.table("rma_numbers")} (rma, request_id)
  SELECT * FROM unnest($14::text[], $15::text[])
  ON CONFLICT (rma) DO NOTHING
  RETURNING request_id
)
SELECT event.id, event.position, (SELECT count(*) FROM delivery)::int AS deliveries,
       (SELECT count(*) FROM notified)::int AS notified,
       (SELECT coalesce(array_agg(request_id), '{}') FROM claimed)::text[] AS claimed
FROM (SELECT 1) AS one LEFT JOIN event ON true`;
