/**
 * The exchange's release across processes (DATABASE_URL):
 * (a) two processes race on many returns whose customer owes a difference, one recording the
 *     payment then receiving the return, the other the reverse, and one is SIGKILLed mid-load;
 *     a third finishes the work. Each return's outbox holds exactly one
 *     `return.exchange_released`: none twice, none lost.
 * (b) instant exchanges approved, the service stopped, the clock moved past the hold's
 *     deadline, fresh processes started: exactly one `return.exchange_hold_due` per return.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createReturnsService } from "../../core/src/service";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import {
  CHEAPER,
  customerOf,
  DEARER,
  exchangeOf,
  exchangeShop,
  HOLD_DAYS,
} from "./test-support/exchange-shop";
import type { ExchangeConfig, ExchangeMessage } from "./test-support/exchange-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";
import { MERCHANT } from "./test-support/worker-runtime";

warnWithoutServer("the exchange release cases");

const RETURNS = 30;
const DAY = 86_400_000;
const WORKER_START_MS = 30_000;
const TEST_TIMEOUT_MS = 180_000;
const asStaff = { principal: MERCHANT };

describe.skipIf(!DATABASE_URL)("exchange release across processes (DATABASE_URL)", () => {
  let pool: pg.Pool;
  const schemas: string[] = [];

  beforeAll(() => {
    pool = newPool(4);
  });

  afterAll(async () => {
    await killAllWorkers();
    for (const schema of schemas) await dropSchema(pool, schema);
    await pool.end();
  });

  /** A fresh schema with `returns` exchanges of `sku`, approved (and shipped when `ship`). */
  async function prepare(sku: string, { instant = false, ship = false } = {}) {
    const schema = uniqueSchema("xrel");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema });
    const service = createReturnsService(exchangeShop(store, RETURNS, { instant }));
    await service.ready();
    const ids: string[] = [];
    for (let i = 0; i < RETURNS; i++) {
      const ctx = { principal: customerOf(i) };
      const { record } = await service.createReturn(exchangeOf(i, sku), ctx);
      await service.submit(record.id, {}, ctx);
      await service.advance(record.id, "approve", {}, asStaff);
      if (ship) await service.advance(record.id, "ship", {}, asStaff);
      ids.push(record.id);
    }
    // Stopped: its scheduler never ran, so the deadlines wait for a fresh process.
    await service.close();
    return { schema, ids };
  }

  function start(schema: string, overrides: Partial<ExchangeConfig>) {
    return startWorker<{ kind: "go" | "stop" }, ExchangeMessage>("exchange-worker.ts", {
      databaseUrl: DATABASE_URL!,
      schema,
      role: "racer",
      ids: [],
      receiveFirst: false,
      returns: RETURNS,
      clockOffsetMs: 0,
      instant: false,
      leaseMs: 60_000,
      ...overrides,
    } satisfies ExchangeConfig);
  }

  /** How many events of `type` each return's outbox holds. */
  async function countsOf(schema: string, type: string, ids: string[]) {
    const { rows } = await query<{ return_id: string; n: number }>(
      pool,
      `SELECT return_id, count(*)::int AS n FROM "${schema}"."returnkit_outbox_events"
       WHERE type = $1 GROUP BY return_id`,
      [type],
    );
    const counts = new Map(rows.map((row) => [row.return_id, row.n]));
    return ids.map((id) => counts.get(id) ?? 0);
  }

  it(
    "exchange release - payment and receipt raced by two processes, one killed: one release per return",
    async () => {
      const { schema, ids } = await prepare(DEARER, { ship: true });
      const victim = start(schema, { ids, receiveFirst: false });
      const survivor = start(schema, { ids: [...ids].reverse(), receiveFirst: true });
      const racers = [victim, survivor];
      await Promise.all(racers.map((racer) => racer.next("ready", WORKER_START_MS)));
      // Killed as soon as a third of its returns are done: mid-write of the next.
      let killed: Promise<{ signal: NodeJS.Signals | null }> | undefined;
      victim.onMessage((message) => {
        if (message.kind === "progress" && message.done === RETURNS / 3) killed = victim.kill();
      });
      for (const racer of racers) racer.send({ kind: "go" });
      await vi.waitFor(() => expect(killed).toBeDefined(), { timeout: 60_000, interval: 10 });
      expect((await killed!).signal).toBe("SIGKILL");
      expect(victim.messages.some((message) => message.kind === "finished")).toBe(false);
      await survivor.next("finished", 120_000);
      survivor.send({ kind: "stop" });
      await survivor.next("stopped", WORKER_START_MS);

      expect(await countsOf(schema, "return.exchange_released", ids)).toEqual(ids.map(() => 1));
      expect(await countsOf(schema, "return.exchange_paid", ids)).toEqual(ids.map(() => 1));
      const { rows } = await query<{ n: number }>(
        pool,
        `SELECT count(*)::int AS n FROM "${schema}"."returnkit_timers"`,
      );
      expect(rows[0]!.n).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "exchange release - instant exchanges, service stopped, restarted past the hold's deadline: one hold_due per return",
    async () => {
      const { schema, ids } = await prepare(CHEAPER, { instant: true });
      expect(await countsOf(schema, "return.exchange_released", ids)).toEqual(ids.map(() => 1));
      // Two fresh processes a day past the deadline, with leases that run out at once: both
      // claim the same timers, and only the firing commit decides.
      const restarted = { role: "firer" as const, instant: true, leaseMs: 1 };
      const clockOffsetMs = (HOLD_DAYS + 1) * DAY;
      const firers = [
        start(schema, { ...restarted, clockOffsetMs }),
        start(schema, { ...restarted, clockOffsetMs }),
      ];
      await Promise.all(firers.map((firer) => firer.next("ready", WORKER_START_MS)));
      for (const firer of firers) firer.send({ kind: "go" });
      await vi.waitFor(
        async () => {
          const { rows } = await query<{ n: number }>(
            pool,
            `SELECT count(*)::int AS n FROM "${schema}"."returnkit_timers"`,
          );
          expect(rows[0]!.n).toBe(0);
        },
        { timeout: 60_000, interval: 100 },
      );
      for (const firer of firers) firer.send({ kind: "stop" });
      await Promise.all(firers.map((firer) => firer.next("stopped", WORKER_START_MS)));
      expect(await countsOf(schema, "return.exchange_hold_due", ids)).toEqual(ids.map(() => 1));
    },
    TEST_TIMEOUT_MS,
  );
});
