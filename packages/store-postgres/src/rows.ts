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
import type { SqlNames } from "./names";

export interface ReturnRow {
  record: StoredReturn["record"];
  snapshot: StoredReturn["snapshot"];
}

export function toStoredReturn(row: ReturnRow): StoredReturn {
  return { record: row.record, snapshot: row.snapshot };
}

/**
 * SQL for the JSON text of a payload or response stored as `whole` (before migration 002)
 * or as `template`, whose record comes from the `return_versions` row aliased `versions`
 * (joined with `joinRecord`): `chr(2)` is record-template.ts's RECORD_MARK. A template
 * without the mark holds no record and is the JSON itself (no record was written for it).
 * NULL when a template's record is missing, which the row readers refuse.
 */
export function jsonWithRecord(whole: string, template: string, versions: string): string {
  return `CASE WHEN ${template} IS NULL THEN ${whole}::text WHEN strpos(${template}, chr(2)) = 0 THEN ${template} ELSE replace(${template}, chr(2), ${versions}.record::text) END`;
}

/** The LEFT JOIN of the `return_versions` row a template refers to. */
export function joinRecord(n: SqlNames, alias: string, returnId: string, version: string): string {
  return `LEFT JOIN ${n.table("return_versions")} ${alias} ON ${alias}.return_id = ${returnId} AND ${alias}.version = ${version}`;
}

/** An event's columns as EventRow has them; `ev` is the event, `rv` its joined record. */
export function eventColumns(ev: string, rv: string): string {
  const payload = jsonWithRecord(`${ev}.payload`, `${ev}.payload_template`, rv);
  return `${ev}.id, ${ev}.return_id, ${ev}.seq, ${ev}.type, ${payload} AS payload, ${ev}.created_at, ${ev}.position`;
}

export interface EventRow {
  id: string;
  return_id: string;
  seq: number | string;
  type: WebhookEventType;
  /** The payload's JSON text (see `jsonWithRecord`). */
  payload: string | null;
  created_at: string;
  position: number | string;
}

export function toOutboxEvent(row: EventRow): OutboxEvent {
  return {
    id: row.id,
    return_id: row.return_id,
    seq: Number(row.seq),
    type: row.type,
    payload: parseStored(row.payload, `event ${row.id}`) as OutboxEvent["payload"],
    created_at: row.created_at,
    position: Number(row.position),
  };
}

/** JSON text read through `jsonWithRecord`; null only if a template lost its record. */
function parseStored(text: string | null, what: string): unknown {
  if (text === null) throw new Error(`${what}: the record its JSON refers to is missing`);
  return JSON.parse(text);
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

/** An idempotency row as the store reads it back (`keyRecordColumns`). */
export interface KeyRecordRow {
  state: "in_progress" | "completed";
  fingerprint: string;
  /** The response's JSON text (see `jsonWithRecord`); null while in progress. */
  response: string | null;
}

/** A key row's columns as KeyRecordRow has them; `k` is the key, `rv` its joined record. */
export function keyRecordColumns(k: string, rv: string): string {
  const response = jsonWithRecord(`${k}.response`, `${k}.response_template`, rv);
  return `${k}.state, ${k}.fingerprint, ${response} AS response`;
}

export function toKeyRecord(row: KeyRecordRow): IdempotencyRecordView {
  return row.state === "completed"
    ? {
        state: "completed",
        fingerprint: row.fingerprint,
        response: parseStored(row.response, "idempotency response") as IdempotentResponse,
      }
    : { state: "in_progress", fingerprint: row.fingerprint };
}
