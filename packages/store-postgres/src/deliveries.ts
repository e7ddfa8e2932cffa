/**
 * @module deliveries — claiming deliveries under a lease, recording attempts, reviving dead
 * ones.
 *
 * A claim is one statement: pick due, unleased heads of their (return, endpoint) queue
 * `FOR UPDATE OF d SKIP LOCKED`, then set the lease on exactly those rows. A claimer that
 * meets a row another claimer holds skips it; one that meets a row another claimer has just
 * leased and committed re-checks it (READ COMMITTED) and finds the lease. So several
 * dispatchers in several processes never hold the same delivery at once.
 */
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

/**
 * A delivery is the head of its queue when no pending delivery of the same pair comes before it.
 *
 * The lookup must go by `return_id`: a return has a handful of deliveries, an endpoint has all
 * of them. On a table not analysed yet (a fresh install taking its first burst, before
 * autovacuum gets to it) the planner, left with default estimates, took the pending-by-endpoint
 * index instead and read every pending delivery of the endpoint for each candidate: with 5,000
 * pending, one claim took seconds and the dispatchers stalled. `endpoint_id || ''` cannot use
 * that index, which leaves the return-led ones whatever the statistics say.
 */
function isHead(n: StoreContext["names"], alias: string): string {
  return `NOT EXISTS (
    SELECT 1 FROM ${n.table("deliveries")} earlier
    WHERE earlier.return_id = ${alias}.return_id
      AND earlier.endpoint_id || '' = ${alias}.endpoint_id
      AND earlier.status = 'pending'
      AND earlier.position < ${alias}.position
  )`;
}

export async function claimDeliveries(
  ctx: StoreContext,
  request: { dispatcherId: string; now: number; limit: number; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const n = ctx.names;
  const rows = await ctx.db.query<{
    delivery: DeliveryRow;
    event: EventRow;
    endpoint: EndpointRow;
  }>(
    `WITH candidates AS (
       SELECT d.id
       FROM ${n.table("deliveries")} d
       JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
       WHERE d.status = 'pending'
         AND d.next_attempt_at <= $1::bigint
         AND (d.leased_until IS NULL OR d.leased_until <= $1::bigint)
         AND ep.enabled
         AND ${isHead(n, "d")}
       ORDER BY d.next_attempt_at, d.position
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     ),
     claimed AS (
       UPDATE ${n.table("deliveries")} d
       SET leased_by = $3, leased_until = $1::bigint + $4::bigint
       FROM candidates c
       WHERE d.id = c.id
       RETURNING d.*
     )
     SELECT row_to_json(c) AS delivery, row_to_json(ev) AS event, row_to_json(ep) AS endpoint
     FROM claimed c
     JOIN (SELECT ${EVENT_COLUMNS} FROM ${n.table("outbox_events")}) ev ON ev.id = c.event_id
     JOIN ${n.table("endpoints")} ep ON ep.id = c.endpoint_id
     ORDER BY c.next_attempt_at, c.position`,
    [request.now, request.limit, request.dispatcherId, request.leaseMs],
  );
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
  const { attempt, outcome } = request;
  const at = Date.parse(attempt.at);
  if (Number.isNaN(at))
    throw new TypeError(`recordDeliveryAttempt: invalid attempt time ${attempt.at}`);
  const status: DeliveryStatus = outcome.kind === "retry" ? "pending" : outcome.kind;
  const rows = await ctx.db.query(
    `UPDATE ${ctx.names.table("deliveries")}
     SET attempt_count = attempt_count + 1,
         attempts = attempts || jsonb_build_array($3::jsonb),
         status = $4,
         next_attempt_at = COALESCE($5::bigint, next_attempt_at),
         delivered_at = $6, delivered_ms = $7::bigint,
         dead_at = $8, dead_ms = $9::bigint,
         leased_by = NULL, leased_until = NULL
     WHERE id = $1 AND leased_by = $2 AND status = 'pending'
     RETURNING id`,
    [
      request.deliveryId,
      request.dispatcherId,
      JSON.stringify(attempt),
      status,
      outcome.kind === "retry" ? outcome.next_attempt_at : null,
      outcome.kind === "delivered" ? attempt.at : null,
      outcome.kind === "delivered" ? at : null,
      outcome.kind === "dead" ? attempt.at : null,
      outcome.kind === "dead" ? at : null,
    ],
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
  const rows = await ctx.db.query<{ revived: number | string }>(
    `WITH revived AS (
       UPDATE ${ctx.names.table("deliveries")}
       SET status = 'pending', attempt_count = 0, next_attempt_at = $4::bigint,
           dead_at = NULL, dead_ms = NULL, leased_by = NULL, leased_until = NULL
       WHERE status = 'dead'
         AND ($1::text IS NULL OR event_id = $1::text)
         AND ($2::text IS NULL OR endpoint_id = $2::text)
         AND ($3::bigint IS NULL OR dead_ms >= $3::bigint)
       RETURNING id
     ),
     notified AS (
       SELECT pg_notify($5::text, $6::text)
       WHERE $5::text IS NOT NULL AND EXISTS (SELECT 1 FROM revived)
     )
     SELECT (SELECT count(*) FROM revived) AS revived, (SELECT count(*) FROM notified) AS notified`,
    [
      request.eventId ?? null,
      request.endpointId ?? null,
      since,
      request.now,
      ctx.notify?.channel ?? null,
      ctx.notify?.payload ?? null,
    ],
  );
  return Number(rows[0]!.revived);
}

export async function listDeliveries(
  ctx: StoreContext,
  filter: { eventId?: string; returnId?: string; status?: DeliveryStatus },
): Promise<Delivery[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of [
    ["event_id", filter.eventId],
    ["return_id", filter.returnId],
    ["status", filter.status],
  ] as const) {
    if (value === undefined) continue;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  }
  const rows = await ctx.db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM ${ctx.names.table("deliveries")}
     ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY position, id`,
    params,
    { read: true },
  );
  return rows.map(toDelivery);
}

export async function nextDeliveryDueAt(ctx: StoreContext): Promise<number | null> {
  const n = ctx.names;
  // A leased head counts from the end of its lease; heads of disabled endpoints not at all.
  const rows = await ctx.db.query<{ due: number | string | null }>(
    `SELECT min(GREATEST(d.next_attempt_at, COALESCE(d.leased_until, d.next_attempt_at))) AS due
     FROM ${n.table("deliveries")} d
     JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id AND ep.enabled
     WHERE d.status = 'pending' AND ${isHead(n, "d")}`,
    undefined,
    { read: true },
  );
  const due = rows[0]?.due;
  return due === null || due === undefined ? null : Number(due);
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
