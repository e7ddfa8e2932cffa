/** @module deliveries — claiming deliveries under a lease, recording attempts, reviving dead ones. */
import type {
  ClaimedDelivery,
  Delivery,
  DeliveryAttempt,
  DeliveryOutcome,
  DeliveryStatus,
  OutboxEvent,
} from "@returnkit/core";
import type { StoreContext } from "./context";
import {
  DELIVERY_COLUMNS,
  type DeliveryRow,
  type EndpointRow,
  EVENT_COLUMNS,
  type EventRow,
  toDelivery,
  toEndpoint,
  toOutboxEvent,
} from "./rows";
import {
  claimDeliveries as claimSql,
  DB_NOW_MS,
  isClaimable,
  isHead,
} from "./sql/claim-deliveries";

export async function claimDeliveries(
  ctx: StoreContext,
  request: {
    dispatcherId: string;
    now: number;
    limit: number;
    leaseMs: number;
    subscribers?: readonly string[];
  },
): Promise<ClaimedDelivery[]> {
  const rows = await ctx.db.query<{
    delivery: DeliveryRow;
    event: EventRow;
    endpoint: EndpointRow;
  }>(claimSql(ctx.names), [
    request.now,
    request.limit,
    request.dispatcherId,
    request.leaseMs,
    request.subscribers ?? [],
  ]);
  return rows.map((row) => ({
    delivery: toDelivery(row.delivery),
    event: toOutboxEvent(row.event),
    endpoint: toEndpoint(row.endpoint),
  }));
}

export async function recordDeliveryAttempt(
  ctx: StoreContext,
  request: {
    deliveryId: string;
    dispatcherId: string;
    attempt: DeliveryAttempt;
    outcome: DeliveryOutcome;
  },
): Promise<boolean> {
  const { attempt, outcome, deliveryId, dispatcherId } = request;
  const at = Date.parse(attempt.at);
  if (Number.isNaN(at))
    throw new TypeError(`recordDeliveryAttempt: invalid attempt time ${attempt.at}`);
  const status: DeliveryStatus = outcome.kind === "retry" ? "pending" : outcome.kind;
  const next = outcome.kind === "retry" ? outcome.next_attempt_at : null;
  const [delivered, dead] = (["delivered", "dead"] as const).map((kind) =>
    outcome.kind === kind ? [attempt.at, at] : [null, null],
  );
  const rows = await ctx.db.query(
    `UPDATE ${ctx.names.table("deliveries")}
     SET attempt_count = attempt_count + 1, attempts = attempts || jsonb_build_array($3::jsonb),
         status = $4, next_attempt_at = COALESCE($5::bigint, next_attempt_at),
         delivered_at = $6, delivered_ms = $7::bigint, dead_at = $8, dead_ms = $9::bigint,
         leased_by = NULL, leased_until = NULL
     WHERE id = $1 AND leased_by = $2 AND status = 'pending'
     RETURNING id`,
    [deliveryId, dispatcherId, JSON.stringify(attempt), status, next, ...delivered!, ...dead!],
  );
  return rows.length > 0;
}

export async function redeliver(
  ctx: StoreContext,
  request: { eventId?: string; endpointId?: string; since?: string; now: number },
): Promise<number> {
  const since = request.since === undefined ? null : Date.parse(request.since);
  if (Number.isNaN(since)) throw new TypeError(`redeliver: invalid since ${request.since}`);
  // Without an event or a time there is nothing to select: never revive everything.
  if (request.eventId === undefined && since === null) return 0;
  const { eventId = null, endpointId = null, now } = request;
  const notify = [ctx.notify?.channel ?? null, ctx.notify?.payload ?? null];
  const rows = await ctx.db.query<{ revived: number | string }>(
    `WITH revived AS (
       UPDATE ${ctx.names.table("deliveries")}
       SET status = 'pending', attempt_count = 0, next_attempt_at = $4::bigint,
           dead_at = NULL, dead_ms = NULL, leased_by = NULL, leased_until = NULL
       WHERE status = 'dead' AND ($1::text IS NULL OR event_id = $1::text)
         AND ($2::text IS NULL OR endpoint_id = $2::text)
         AND ($3::bigint IS NULL OR dead_ms >= $3::bigint)
       RETURNING id
     ),
     notified AS (
       SELECT pg_notify($5::text, $6::text)
       WHERE $5::text IS NOT NULL AND EXISTS (SELECT 1 FROM revived)
     )
     SELECT (SELECT count(*) FROM revived) AS revived, (SELECT count(*) FROM notified) AS notified`,
    [eventId, endpointId, since, now, ...notify],
  );
  return Number(rows[0]!.revived);
}

export async function listDeliveries(
  ctx: StoreContext,
  filter: { eventId?: string; returnId?: string; status?: DeliveryStatus },
): Promise<Delivery[]> {
  const filters = [
    ["event_id", filter.eventId],
    ["return_id", filter.returnId],
    ["status", filter.status],
  ].filter(([, value]) => value !== undefined);
  const where = filters.map(([column], i) => `${column} = $${i + 1}`).join(" AND ");
  const rows = await ctx.db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${ctx.names.table("deliveries")}
     ${where ? `WHERE ${where}` : ""} ORDER BY position, id`,
    filters.map(([, value]) => value),
    { read: true },
  );
  return rows.map(toDelivery);
}

export async function nextDeliveryDueAt(
  ctx: StoreContext,
  now: number | undefined,
  subscribers: readonly string[] = [],
): Promise<number | null> {
  const n = ctx.names;
  // A leased head counts from the end of its lease, which is on the database's clock: what is
  // left of it is added to the caller's `now`. Heads a claim by this caller could not return
  // (a disabled endpoint's, a subscriber's it does not run) do not count.
  const [row] = await ctx.db.query<{ due: number | string | null }>(
    `SELECT min(GREATEST(d.next_attempt_at,
                         COALESCE(d.leased_until - ${DB_NOW_MS} + $1::bigint, d.leased_until,
                                  d.next_attempt_at))) AS due
     FROM ${n.table("deliveries")} d
     JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id AND ${isClaimable("ep", "d", "$2::text[]")}
     WHERE d.status = 'pending' AND ${isHead(n, "d")}`,
    [now ?? null, subscribers],
    { read: true },
  );
  return row?.due == null ? null : Number(row.due);
}

export async function listEvents(ctx: StoreContext, returnId: string): Promise<OutboxEvent[]> {
  const rows = await ctx.db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM ${ctx.names.table("outbox_events")}
     WHERE return_id = $1 ORDER BY position`,
    [returnId],
    { read: true },
  );
  return rows.map(toOutboxEvent);
}
