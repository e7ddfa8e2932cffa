/**
 * @module test-support/exchange-worker — one process of the exchange-release cases, a service
 * on its own pg Pool. A `racer` records the customer's payment of each return's difference and
 * receives it, in the order it is told (the two racers go opposite ways), reporting each return
 * done; the parent may SIGKILL it mid-load. A `firer` tells time `clockOffsetMs` ahead (a
 * restart past a deadline), runs its scheduler until the parent asks it to stop, then closes.
 */
import pg from "pg";
import { isProblemError } from "../../../core/src/domain/problems";
import { TIMER_HANDLERS } from "../../../core/src/returns/timer-handlers";
import { createServiceWithTimers } from "../../../core/src/service";
import { postgresStore } from "../postgres-store";
import { exchangeShop, OWED } from "./exchange-shop";
import { failWorker, MERCHANT, parentMessage, report, workerConfig } from "./worker-runtime";

export interface ExchangeConfig {
  databaseUrl: string;
  schema: string;
  role: "racer" | "firer";
  /** The returns to pay and receive (racer), in this order. */
  ids: string[];
  /** Racer: receive before paying (else pay first). */
  receiveFirst: boolean;
  /** How many returns the shop's orders number (the same for every process). */
  returns: number;
  clockOffsetMs: number;
  /** Instant exchanges (else standard). */
  instant: boolean;
  /** The scheduler's lease (firer). */
  leaseMs: number;
}

export type ExchangeMessage =
  | { kind: "ready" }
  | { kind: "progress"; done: number }
  | { kind: "finished" }
  | { kind: "stopped" };

const config = workerConfig<ExchangeConfig>();
const asStaff = { principal: MERCHANT };

/** A refusal the race makes ordinary: the other racer got there first. */
const RACED = new Set(["invalid-transition", "concurrent-update"]);

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({ db: pool, schema: config.schema });
  const { clockOffsetMs, instant } = config;
  const options = exchangeShop(store, config.returns, { clockOffsetMs, instant });
  const service = createServiceWithTimers(options, TIMER_HANDLERS, {
    leaseMs: config.leaseMs,
    batchSize: 4,
    pollIntervalMs: 50,
  });
  await service.ready();
  await report({ kind: "ready" });
  await parentMessage<{ kind: "go" }>("go");
  if (config.role === "firer") {
    service.scheduler.start();
    await parentMessage<{ kind: "stop" }>("stop");
  } else {
    let done = 0;
    for (const id of config.ids) {
      const pay = () =>
        tolerate(() =>
          service.recordExchangePayment(id, { amount: OWED, reference: `pi-${id}` }, asStaff),
        );
      const receive = () => tolerate(() => service.advance(id, "receive", {}, asStaff));
      if (config.receiveFirst) {
        await receive();
        await pay();
      } else {
        await pay();
        await receive();
      }
      await report({ kind: "progress", done: ++done });
    }
    await report({ kind: "finished" });
    await parentMessage<{ kind: "stop" }>("stop");
  }
  await service.close();
  await pool.end();
  await report({ kind: "stopped" });
}

/** Runs `write`, taking a refusal the race explains as done (the other process did it). */
async function tolerate(write: () => Promise<unknown>): Promise<void> {
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (!isProblemError(error) || !RACED.has(error.slug)) throw error;
      if (error.slug === "invalid-transition") return;
    }
  }
}

main().then(() => process.exit(0), failWorker);
