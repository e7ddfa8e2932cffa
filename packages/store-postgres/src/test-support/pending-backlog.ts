/**
 * @module test-support/pending-backlog — a receiver down for a while, in one statement per
 * table: `count` returns with one event each, every event's delivery pending since `dueAt`.
 */
import { sqlNames } from "../names";

export async function seedPendingDeliveries(
  db: { query(text: string, values?: unknown[]): Promise<unknown> },
  schema: string,
  count: number,
  dueAt: number,
): Promise<void> {
  const n = sqlNames({ schema });
  await db.query(
    `INSERT INTO ${n.table("endpoints")} (id, kind, url, secrets, managed_by, enabled, created_at)
     VALUES ('we_down', 'webhook', 'https://hooks.example/down',
             '[{"secret": "whsec_down", "until": null}]', 'api', true, $1)`,
    [new Date(dueAt).toISOString()],
  );
  await db.query(
    `INSERT INTO ${n.table("outbox_events")} (id, return_id, seq, type, payload, created_at, created_ms)
     SELECT 'evt_backlog_' || i, 'ret_backlog_' || i, 1, 'return.requested', '{}', $1, $2::bigint
     FROM generate_series(1, $3::integer) AS i`,
    [new Date(dueAt).toISOString(), dueAt, count],
  );
  await db.query(
    `INSERT INTO ${n.table("deliveries")} (event_id, endpoint_id, id, return_id, position, next_attempt_at)
     SELECT id, 'we_down', 'dlv_' || id, return_id, position, created_ms
     FROM ${n.table("outbox_events")} WHERE id LIKE 'evt_backlog_%'`,
  );
}
