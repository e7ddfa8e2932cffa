/**
 * @module retention — `purge` in three statements, each bounded by what is left of `limit`
 * and taking its rows `FOR UPDATE SKIP LOCKED`: it never waits for a commit or a claim.
 */
import type { StoreContext } from "./context";

/** Deletes up to `$2` rows of `table` (by `key`) matching `where`, oldest `order` first. */
const bounded = (table: string, key: string, where: string, order: string) => `
WITH doomed AS (
  SELECT ${key} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT $2 FOR UPDATE SKIP LOCKED
),
gone AS (
  DELETE FROM ${table} USING doomed WHERE ${table}.${key} = doomed.${key} AND ${where} RETURNING 1
)
SELECT count(*) AS removed FROM gone`;

export async function purge(
  ctx: StoreContext,
  request: { now: number; deliveredBefore: number; limit: number },
): Promise<number> {
  const n = ctx.names;
  const events = n.table("outbox_events");
  const batches = [
    // Expired idempotency records; the re-check in the DELETE spares a key recorded again.
    [
      bounded(n.table("idempotency_keys"), "key", "expires_at <= $1::bigint", "expires_at"),
      request.now,
    ],
    [
      bounded(
        n.table("deliveries"),
        "id",
        "status = 'delivered' AND delivered_ms < $1::bigint",
        "delivered_ms",
      ),
      request.deliveredBefore,
    ],
    // Events from before the cut-off that no delivery refers to any more.
    [
      bounded(
        events,
        "id",
        `created_ms < $1::bigint AND NOT EXISTS (SELECT 1 FROM ${n.table("deliveries")} d WHERE d.event_id = ${events}.id)`,
        "created_ms",
      ),
      request.deliveredBefore,
    ],
  ] as const;
  let removed = 0;
  for (const [sql, at] of batches) {
    const left = request.limit - removed;
    if (left <= 0) break;
    const [row] = await ctx.db.query<{ removed: number | string }>(sql, [at, left]);
    removed += Number(row!.removed);
  }
  return removed;
}
