/**
 * @module migrations/003_event_request_id — each outbox event keeps the request id and the
 * trace context of the commit that wrote it (null for older events and for changes made
 * without them).
 */
import type { SqlNames } from "../names";

export const name = "event_request_id";

export function sql(n: SqlNames): string {
  return `ALTER TABLE ${n.table("outbox_events")} ADD COLUMN request_id text, ADD COLUMN traceparent text;`;
}
