/**
 * @module test-support/subscriber-worker — one process of the subscriber crash case: a
 * service on its own pg Pool running the subscriber `refunds`, whose handler writes down
 * every call and, deduplicating on the event id, its effect (one row per event), as a host
 * that issues refunds would.
 *
 * The first process commits whole return lifecycles while its handler stalls: after a few
 * calls, one call makes its effect and then never finishes (handled, not acknowledged), and
 * every later call never gets to its effect. The parent kills it once everything is
 * committed. The next process, with the same subscriber on the same schema, writes nothing
 * and waits until every delivery is handled, including those the dead one held.
 */
import { createReturnsService, type SubscriberEvent } from "@returnkit/core";
import pg from "pg";
import { postgresStore } from "../postgres-store";
import { subscriberTables } from "./subscriber-tables";
import {
  customer,
  failWorker,
  MERCHANT,
  pendingAfterDrain,
  report,
  workerConfig,
} from "./worker-runtime";

export interface SubscriberConfig {
  databaseUrl: string;
  schema: string;
  generation: number;
  /** Returns to take from create to close; 0 to only handle what is pending. */
  returns: number;
  /** Calls that finish before the handler stalls; null: it never stalls. */
  stallAfter: number | null;
  timeoutMs: number;
  leaseMs: number;
}

export type SubscriberMessage =
  | { kind: "ready"; dispatcherId: string }
  | { kind: "stalled"; eventId: string; effect: boolean }
  | { kind: "committed"; returnIds: string[] }
  | { kind: "drained"; pending: number };

const config = workerConfig<SubscriberConfig>();
const LIFECYCLE = ["approve", "ship", "receive", "grade", "close"] as const;
const DRAIN_DEADLINE_MS = 45_000;
const FOREVER = new Promise<never>(() => {});

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({ db: pool, schema: config.schema });
  const { calls, effects } = subscriberTables(config.schema);
  let callCount = 0;

  async function handle(event: SubscriberEvent) {
    const n = ++callCount;
    const row = [event.id, event.return_id, event.seq, config.generation];
    await pool.query(
      `INSERT INTO ${calls} (event_id, return_id, seq, generation) VALUES ($1, $2, $3, $4)`,
      row,
    );
    const stalled = config.stallAfter !== null && n > config.stallAfter;
    if (stalled && n > config.stallAfter! + 1) {
      await report({ kind: "stalled", eventId: event.id, effect: false });
      await FOREVER;
    }
    // Deduplicated on the event id: a repeated call changes nothing.
    await pool.query(
      `INSERT INTO ${effects} (event_id, return_id, seq, generation) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO NOTHING`,
      row,
    );
    if (stalled) {
      await report({ kind: "stalled", eventId: event.id, effect: true });
      await FOREVER;
    }
  }

  const service = createReturnsService({
    store,
    idempotency: { required: false },
    webhooks: {
      timeoutMs: config.timeoutMs,
      leaseMs: config.leaseMs,
      pollIntervalMs: 250,
      retrySchedule: [0, 250, 500, 1_000, 1_000, 1_000, 1_000, 1_000],
      concurrency: 4,
    },
    subscribers: [{ name: "refunds", types: null, handle }],
  });
  await service.ready();
  service.dispatcher.start();
  await report({ kind: "ready", dispatcherId: service.dispatcher.id });

  if (config.returns > 0) {
    const returnIds: string[] = [];
    for (let i = 0; i < config.returns; i++) {
      const owner = customer(`cus-${config.generation}-${i}`);
      const { record } = await service.createReturn(
        {
          order_id: `ord-${config.generation}-${i}`,
          line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
          reason: "DAMAGED",
          resolution: "REFUND",
        },
        { principal: owner },
      );
      await service.submit(record.id, {}, { principal: owner });
      for (const event of LIFECYCLE)
        await service.advance(record.id, event, {}, { principal: MERCHANT });
      returnIds.push(record.id);
    }
    await report({ kind: "committed", returnIds });
    // Waits here to be killed.
    await FOREVER;
  }

  const pending = await pendingAfterDrain(store, DRAIN_DEADLINE_MS);
  await service.dispatcher.stop();
  await report({ kind: "drained", pending });
  await service.close();
  await pool.end();
}

main().then(() => process.exit(0), failWorker);
