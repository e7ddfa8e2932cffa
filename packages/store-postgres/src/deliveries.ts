/** @module deliveries — claiming deliveries under a lease, recording attempts, reviving dead ones. */
import type { DeliveryStatus, Outbox, Redelivery } from "@returnkit/core/store";
import type { StoreContext } from "./context";
import * as rows from "./rows";
import { claimDeliveries } from "./sql/claim-deliveries";
import { listDeliveries } from "./sql/list-deliveries";
import { nextDueDelivery } from "./sql/next-due-delivery";

type ClaimRow = { delivery: rows.DeliveryRow; event: rows.EventRow; endpoint: rows.EndpointRow };
type Writes = Pick<Outbox, "claimDeliveries" | "recordDeliveryAttempt" | "redeliver">;
type Reads = Pick<Required<Outbox>, "listDeliveries" | "listEvents" | "nextDeliveryDueAt">;

export function deliveryOperations(ctx: StoreContext): Writes & Reads {
  const { db, names: n } = ctx;
  return {
    async claimDeliveries({ now, limit, dispatcherId, leaseMs, subscribers = [] }) {
      const values = [now, limit, dispatcherId, leaseMs, subscribers];
      const claimed = await db.query<ClaimRow>(claimDeliveries(n), values);
      return claimed.map((row) => ({
        delivery: rows.toDelivery(row.delivery),
        event: rows.toOutboxEvent(row.event),
        endpoint: rows.toEndpoint(row.endpoint),
      }));
    },

    async recordDeliveryAttempt({ deliveryId, dispatcherId, attempt, outcome }) {
      const at = Date.parse(attempt.at);
      if (Number.isNaN(at))
        throw new TypeError(`recordDeliveryAttempt: invalid attempt time ${attempt.at}`);
      const status: DeliveryStatus = outcome.kind === "retry" ? "pending" : outcome.kind;
      const next = outcome.kind === "retry" ? outcome.next_attempt_at : null;
      // `attempt.at` ends a delivered or dead one; `at` is the same in epoch ms, for purge and since.
      const recorded = await db.query(
        `UPDATE ${n.table("deliveries")}
         SET attempt_count = attempt_count + 1, attempts = attempts || jsonb_build_array($3::jsonb),
             status = $4::text, next_attempt_at = COALESCE($5::bigint, next_attempt_at),
             delivered_at = CASE $4::text WHEN 'delivered' THEN $6 END,
             delivered_ms = CASE $4::text WHEN 'delivered' THEN $7::bigint END,
             dead_at = CASE $4::text WHEN 'dead' THEN $6 END,
             dead_ms = CASE $4::text WHEN 'dead' THEN $7::bigint END,
             leased_by = NULL, leased_until = NULL
         WHERE id = $1 AND leased_by = $2 AND status = 'pending'
         RETURNING id`,
        [deliveryId, dispatcherId, JSON.stringify(attempt), status, next, attempt.at, at],
      );
      return recorded.length > 0;
    },

    async redeliver({ eventId = null, endpointId = null, since: sinceText, now }) {
      const since = sinceText === undefined ? null : Date.parse(sinceText);
      if (Number.isNaN(since)) throw new TypeError(`redeliver: invalid since ${sinceText}`);
      // Without an event or a time there is nothing to select: never revive everything.
      if (eventId === null && since === null) return { revived: 0, skipped: 0 };
      // A dead delivery of a removed endpoint is skipped, whoever holds its id now.
      const [row] = await db.query<Redelivery>(
        `WITH selected AS (
           SELECT d.id, d.endpoint_removed OR ep.id IS NULL AS skip
           FROM ${n.table("deliveries")} d LEFT JOIN ${n.table("endpoints")} ep ON ep.id = d.endpoint_id
           WHERE d.status = 'dead' AND ($1::text IS NULL OR d.event_id = $1::text)
             AND ($2::text IS NULL OR d.endpoint_id = $2::text)
             AND ($3::bigint IS NULL OR d.dead_ms >= $3::bigint)
         ),
         revived AS (
           UPDATE ${n.table("deliveries")}
           SET status = 'pending', attempt_count = 0, next_attempt_at = $4::bigint,
               dead_at = NULL, dead_ms = NULL, leased_by = NULL, leased_until = NULL
           WHERE status = 'dead' AND id IN (SELECT id FROM selected WHERE NOT skip)
           RETURNING id
         )
         SELECT (SELECT count(*) FROM revived)::integer AS revived,
                (SELECT count(*) FROM selected WHERE skip)::integer AS skipped,
                (SELECT pg_notify($5::text, $6::text)
                 WHERE $5::text IS NOT NULL AND EXISTS (SELECT 1 FROM revived)) AS notified`,
        [eventId, endpointId, since, now, ctx.notify?.channel ?? null, ctx.notify?.payload ?? null],
      );
      const counts = { revived: row!.revived, skipped: row!.skipped };
      if (counts.revived > 0) ctx.announce();
      return counts;
    },

    async listDeliveries(filter) {
      const { text, values } = listDeliveries(n, filter);
      const deliveries = await db.query<rows.DeliveryRow>(text, values, { read: true });
      return deliveries.map(rows.toDelivery);
    },

    async listEvents(returnId) {
      const events = await db.query<rows.EventRow>(
        `SELECT ${rows.EVENT_COLUMNS} FROM ${n.table("outbox_events")} WHERE return_id = $1 AND subject_kind = 'return' ORDER BY position`,
        [returnId],
        { read: true },
      );
      return events.map(rows.toOutboxEvent);
    },

    async nextDeliveryDueAt(now, subscribers = []) {
      // Heads a claim by this caller could not return (a disabled endpoint's, a subscriber's
      // it does not run) do not count; see sql/next-due-delivery for leased ones.
      const [row] = await db.query<{ due: number | string | null }>(
        nextDueDelivery(n),
        [now ?? null, subscribers],
        { read: true },
      );
      return row?.due == null ? null : Number(row.due);
    },
  };
}
