/**
 * @module rows — rows back into the store's types: `bigint` (a string from pg) through
 * `Number()`, attempts rebuilt in their documented key order (`jsonb` reorders keys), and
 * returns written before a field existed given its value for them.
 */
import type { WebhookEndpoint } from "@returnkit/core";
import type {
  Delivery,
  EndpointSecret,
  EventSubject,
  OutboxEndpoint,
  OutboxEvent,
  StoredReturn,
} from "@returnkit/core/store";

/**
 * A return as stored. One written before return requests (by the release before them, or by
 * a process of it still running) has no `request_id`: it was created alone, so null. Its JSON
 * is left as written (migration 002 rewrites no row) until the return's next commit.
 */
export function toStoredReturn(row: StoredReturn): StoredReturn {
  if (row.record.request_id !== undefined) return row;
  return { record: { ...row.record, request_id: null }, snapshot: row.snapshot };
}

export const EVENT_COLUMNS =
  "id, return_id, subject_kind, seq, type, payload, created_at, request_id, traceparent, position";

/**
 * An event's or a delivery's row: `return_id` holds the subject's id, whatever its kind (the
 * column is named for the first release, which knew only returns: see migration 004).
 */
interface SubjectColumns {
  return_id: string;
  subject_kind: EventSubject["kind"];
}

export type EventRow = Omit<OutboxEvent, "position" | "seq" | "return_id" | "subject"> &
  SubjectColumns & { position: number | string; seq: number | null };

/** The subject a row names, and its `return_id` (null unless the subject is a return). */
function subjectOfRow({ return_id: id, subject_kind: kind }: SubjectColumns) {
  return { return_id: kind === "return" ? id : null, subject: { kind, id } };
}

export function toOutboxEvent(row: EventRow): OutboxEvent {
  const { id, type, payload, created_at, request_id, traceparent } = row;
  return {
    id,
    ...subjectOfRow(row),
    seq: row.seq === null ? null : Number(row.seq),
    type,
    payload,
    created_at,
    request_id,
    traceparent,
    position: Number(row.position),
  };
}

export const ENDPOINT_COLUMNS =
  "kind, id, url, secrets, managed_by, types, enabled, disabled_reason, created_at";

/** An endpoints row: a subscriber's `url`, `secrets` and `managed_by` are null. */
export interface EndpointRow extends Omit<OutboxEndpoint, "kind"> {
  kind: OutboxEndpoint["kind"];
  url: string | null;
  secrets: EndpointSecret[] | null;
  managed_by: WebhookEndpoint["managed_by"] | null;
}

/**
 * A row as the endpoint of its kind: a subscriber has no url or secrets at all. Secrets are
 * rebuilt in their documented key order (`jsonb` reorders keys).
 */
export function toEndpoint(row: EndpointRow): OutboxEndpoint {
  const { kind, id, url, types, enabled, disabled_reason, created_at } = row;
  const fields = { id, types, enabled, disabled_reason, created_at };
  if (kind === "subscriber") return { kind, ...fields };
  const secrets = row.secrets!.map(({ secret, until }) => ({ secret, until }));
  return { kind, ...fields, url: url!, secrets, managed_by: row.managed_by! };
}

export const DELIVERY_COLUMNS =
  "id, event_id, endpoint_id, return_id, subject_kind, position, status, attempt_count, next_attempt_at, attempts, delivered_at, dead_at";

export interface DeliveryRow
  extends Omit<
      Delivery,
      "position" | "attempt_count" | "next_attempt_at" | "return_id" | "subject"
    >,
    SubjectColumns {
  position: number | string;
  attempt_count: number | string;
  next_attempt_at: number | string;
}

export function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    event_id: row.event_id,
    endpoint_id: row.endpoint_id,
    ...subjectOfRow(row),
    position: Number(row.position),
    status: row.status,
    attempt_count: Number(row.attempt_count),
    next_attempt_at: Number(row.next_attempt_at),
    attempts: row.attempts.map(({ at, status, error, duration_ms }) => ({
      at,
      status,
      error,
      duration_ms,
    })),
    delivered_at: row.delivered_at,
    dead_at: row.dead_at,
  };
}
