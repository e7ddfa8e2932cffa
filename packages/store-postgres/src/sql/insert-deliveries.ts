/** @module sql/insert-deliveries — one pending delivery per event and endpoint, due at the event's time. */
import type { SqlNames } from "../names";

export const insertDeliveries = (n: SqlNames) => `
INSERT INTO ${n.table("deliveries")} (event_id, endpoint_id, id, return_id, position, next_attempt_at)
SELECT d.event_id, d.endpoint_id, d.id, $1, d.position, d.due
FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[])
  AS d(event_id, endpoint_id, id, position, due)`;
