/**
 * @module rows — rows back into the store's types.
 *
 * `pg` returns `bigint` as a string and PGlite as a number, so every number goes through
 * `Number()` (positions and epoch ms stay far below 2^53). `jsonb` reorders object keys, so
 * values kept as `jsonb` are rebuilt in their documented key order.
 */
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  IdempotencyRecordView,
  IdempotentResponse,
  OutboxEvent,
  StoredReturn,
  WebhookEndpoint,
  WebhookEventType,
} from "@returnkit/core";

export interface ReturnRow {
  record: StoredReturn["record"];
  snapshot: StoredReturn["snapshot"];
}

export function toStoredReturn(row: ReturnRow): StoredReturn {
  return { record: row.record, snapshot: row.snapshot };
}

export const EVENT_COLUMNS = "id, return_id, seq, type, payload, created_at, position";

export interface EventRow {
  id: string;
  return_id: string;
  seq: number | string;
  type: WebhookEventType;
  payload: OutboxEvent["payload"];
  created_at: string;
  position: number | string;
}

export function toOutboxEvent(row: EventRow): OutboxEvent {
  return {
    id: row.id,
    return_id: row.return_id,
    seq: Number(row.seq),
    type: row.type,
    payload: row.payload,
    created_at: row.created_at,
    position: Number(row.position),
  };
}

export const ENDPOINT_COLUMNS = "id, url, secrets, types, enabled, disabled_reason, created_at";

export interface EndpointRow {
  id: string;
  url: string;
  secrets: string[];
  types: WebhookEventType[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
}

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    secrets: row.secrets,
    types: row.types,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
  };
}

export const DELIVERY_COLUMNS =
  "id, event_id, endpoint_id, return_id, position, status, attempt_count, next_attempt_at, attempts, delivered_at, dead_at";

export interface DeliveryRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  return_id: string;
  position: number | string;
  status: DeliveryStatus;
  attempt_count: number | string;
  next_attempt_at: number | string;
  attempts: DeliveryAttempt[];
  delivered_at: string | null;
  dead_at: string | null;
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event_id: row.event_id,
    endpoint_id: row.endpoint_id,
    return_id: row.return_id,
    position: Number(row.position),
    status: row.status,
    attempt_count: Number(row.attempt_count),
    next_attempt_at: Number(row.next_attempt_at),
    attempts: row.attempts.map((attempt) => ({
      at: attempt.at,
      status: attempt.status,
      error: attempt.error,
      duration_ms: attempt.duration_ms,
    })),
    delivered_at: row.delivered_at,
    dead_at: row.dead_at,
  };
}

export interface KeyRecordRow {
  state: "in_progress" | "completed";
  fingerprint: string;
  response: IdempotentResponse | null;
}

export function toKeyRecord(row: KeyRecordRow): IdempotencyRecordView {
  return row.state === "completed"
    ? { state: "completed", fingerprint: row.fingerprint, response: row.response! }
    : { state: "in_progress", fingerprint: row.fingerprint };
}
