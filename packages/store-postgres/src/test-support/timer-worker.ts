/**
 * @module test-support/timer-worker — one process of the timer case: a service on its own pg
 * Pool whose scheduler runs the test's kinds of timer (`note` records `return.noted`; core
 * registers none of its own yet).
 *
 * Its scheduler claims a few timers at a time under the parent's lease. A `setter` creates returns, sets a `note` timer on each (due `dueInMs` later), reports them,
 * and waits with its scheduler running until the parent kills it. A `firer` tells time
 * `clockOffsetMs` ahead of the real clock (a restart after the deadline), starts its scheduler,
 * and runs until the parent asks it to stop; then it closes the service and says so.
 */
import pg from "pg";
import { notingTimers, setTimer } from "../../../core/src/scheduler/test-support/noting-timers";
import { createServiceWithTimers } from "../../../core/src/service";
import { postgresStore } from "../postgres-store";
import { customer, failWorker, parentMessage, report, workerConfig } from "./worker-runtime";

export interface TimerConfig {
  databaseUrl: string;
  schema: string;
  role: "setter" | "firer";
  /** Returns to create and set a timer on (setter). */
  returns: number;
  dueInMs: number;
  /** How far ahead of the real clock the service's clock runs. */
  clockOffsetMs: number;
  /**
   * The scheduler's lease: 1 ms lets the other process claim a timer again while this one
   * fires it, so only the store's refusal of a second firing keeps each to one.
   */
  leaseMs: number;
}

export type TimerMessage =
  | { kind: "set"; timers: Array<{ returnId: string; dueAt: number }> }
  | { kind: "ready"; schedulerId: string }
  | { kind: "stopped" };

const config = workerConfig<TimerConfig>();
const FOREVER = new Promise<never>(() => {});

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({ db: pool, schema: config.schema });
  const service = createServiceWithTimers(
    {
      store,
      clock: () => Date.now() + config.clockOffsetMs,
      idempotency: { required: false },
    },
    notingTimers(),
    { leaseMs: config.leaseMs, batchSize: 4, pollIntervalMs: 50 },
  );
  await service.ready();

  if (config.role === "setter") {
    service.scheduler.start();
    const timers: Array<{ returnId: string; dueAt: number }> = [];
    for (let i = 0; i < config.returns; i++) {
      const principal = customer(`cus-timer-${i}`);
      const input = {
        order_id: `ord-timer-${i}`,
        line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
        reason: "DAMAGED",
        resolution: "REFUND",
      };
      const { record } = await service.createReturn(input, { principal });
      const dueAt = Date.now() + config.dueInMs;
      await setTimer(store, record.id, { name: "note", due_at: dueAt });
      timers.push({ returnId: record.id, dueAt });
    }
    await report({ kind: "set", timers });
    // Waits here to be killed.
    await FOREVER;
  }

  await report({ kind: "ready", schedulerId: service.scheduler.id });
  // Both firers start together, so they race for the same timers.
  await parentMessage<{ kind: "go" }>("go");
  service.scheduler.start();
  await parentMessage<{ kind: "stop" }>("stop");
  await service.close();
  await pool.end();
  await report({ kind: "stopped" });
}

main().then(() => process.exit(0), failWorker);
