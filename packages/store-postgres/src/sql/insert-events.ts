/**
 * @module sql/insert-events — events in array order (positions follow it), each back with
 * its position and every endpoint whose `types` match it, enabled or not.
 */
import type { SqlNames } from "../names";

export const insertEvents = (n: SqlNames) => `
INSERT INTO ${n.table("outbox_events")} AS ev
  (id, return_id, seq, type, payload, created_at, created_ms)
SELECT e.id, $1, e.seq, e.type, e.payload, e.created_at, e.created_ms
FROM unnest($2::text[], $3::integer[], $4::text[], $5::json[], $6::text[], $7::bigint[])
  WITH ORDINALITY AS e(id, seq, type, payload, created_at, created_ms, n)
ORDER BY e.n
RETURNING ev.id, ev.position, ARRAY(
  SELECT ep.id FROM ${n.table("endpoints")} ep
  WHERE ep.types IS NULL OR ep.types ? ev.type
  ORDER BY ep.id
) AS endpoint_ids`;
