/**
 * @module retention — `purge`: what may go, in bounded batches.
 *
 * Three statements, each limited to what is left of `limit` and each taking its rows
 * `FOR UPDATE SKIP LOCKED`, so a purge never waits for (or blocks) a commit or a claim.
 */
import type { StoreContext } from "./context";

export async function purge(
  ctx: StoreContext,
  request: { now: number; deliveredBefore: number; limit: number },
): Promise<number> {
  const n = ctx.names;
  const batches = [
    // Expired idempotency records; the re-check guards a key claimed again meanwhile.
    {
      sql: `WITH doomed AS (
              SELECT key FROM ${n.table("idempotency_keys")}
              WHERE expires_at <= $1::bigint ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED
            )
            , gone AS (
              DELETE FROM ${n.table("idempotency_keys")} k USING doomed
              WHERE k.key = doomed.key AND k.expires_at <= $1::bigint RETURNING 1
            )
            SELECT count(*) AS removed FROM gone`,
      at: request.now,
    },
    // Deliveries delivered before the cut-off.
    {
      sql: `WITH doomed AS (
              SELECT id FROM ${n.table("deliveries")}
              WHERE status = 'delivered' AND delivered_ms < $1::bigint
              ORDER BY delivered_ms LIMIT $2 FOR UPDATE SKIP LOCKED
            )
            , gone AS (DELETE FROM ${n.table("deliveries")} d USING doomed WHERE d.id = doomed.id RETURNING 1)
            SELECT count(*) AS removed FROM gone`,
      at: request.deliveredBefore,
    },
    // Events from before the cut-off that no delivery refers to any more.
    {
      sql: `WITH doomed AS (
              SELECT ev.id FROM ${n.table("outbox_events")} ev
              WHERE ev.created_ms < $1::bigint
                AND NOT EXISTS (SELECT 1 FROM ${n.table("deliveries")} d WHERE d.event_id = ev.id)
              ORDER BY ev.created_ms LIMIT $2 FOR UPDATE SKIP LOCKED
            )
            , gone AS (DELETE FROM ${n.table("outbox_events")} ev USING doomed WHERE ev.id = doomed.id RETURNING 1)
            SELECT count(*) AS removed FROM gone`,
      at: request.deliveredBefore,
    },
  ];
  let removed = 0;
  for (const batch of batches) {
    const left = request.limit - removed;
    if (left <= 0) break;
    const rows = await ctx.db.query<{ removed: number | string }>(batch.sql, [batch.at, left]);
    removed += Number(rows[0]!.removed);
  }
  return removed;
}
