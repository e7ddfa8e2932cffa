/**
 * @module retention — `purge` in three statements, each bounded by what is left of `limit`
 * and taking its rows `FOR UPDATE SKIP LOCKED`: it never waits for a commit or a claim.
 */
import type { Retention } from "@returnkit/core/store";
import type { StoreContext } from "./context";

/**
 * Deletes up to `$2` rows of `table` (by `key`) matching `where`, oldest `order` first. The
 * DELETE checks `where` again, so it spares a row changed meanwhile (a key recorded again).
 */
const bounded = (table: string, key: string, where: string, order: string) => `
WITH doomed AS (
  SELECT ${key} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT $2 FOR UPDATE SKIP LOCKED
),
gone AS (
  DELETE FROM ${table} USING doomed WHERE ${table}.${key} = doomed.${key} AND ${where} RETURNING 1
)
SELECT count(*)::integer AS removed FROM gone`;

export const retention = ({ db, names }: StoreContext): Retention => ({
  async purge({ now, deliveredBefore, limit }) {
    const [keys, deliveries, events] = [
      names.table("idempotency_keys"),
      names.table("deliveries"),
      names.table("outbox_events"),
    ];
    const unreferenced = `NOT EXISTS (SELECT 1 FROM ${deliveries} d WHERE d.event_id = ${events}.id)`;
    const batches: Array<[string, number]> = [
      [bounded(keys, "key", "expires_at <= $1::bigint", "expires_at"), now],
      [
        bounded(
          deliveries,
          "id",
          "status = 'delivered' AND delivered_ms < $1::bigint",
          "delivered_ms",
        ),
        deliveredBefore,
      ],
      // Events from before the cut-off that no delivery refers to any more.
      [
        bounded(events, "id", `created_ms < $1::bigint AND ${unreferenced}`, "created_ms"),
        deliveredBefore,
      ],
    ];
    let removed = 0;
    for (const [sql, at] of batches) {
      if (removed >= limit) break;
      const [row] = await db.query<{ removed: number }>(sql, [at, limit - removed]);
      removed += row!.removed;
    }
    return removed;
  },
});
