/**
 * Timers across processes and restarts: a process sets a deadline on each of a few returns and
 * is SIGKILLed before any falls due (its scheduler running, nothing due yet); then two fresh
 * processes start on the same schema with their clocks moved past the deadlines, both running
 * the scheduler under leases so short that both claim the same timers. Each timer fires
 * exactly once: one `return.noted` event per return, and no timer left.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import type { TimerConfig, TimerMessage } from "./test-support/timer-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

warnWithoutServer("the timer restart case");

const RETURNS = 40;
const HOUR = 3_600_000;
const WORKER_START_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

describe.skipIf(!DATABASE_URL)(
  "timers: a process killed before the deadline, two fresh ones after it (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("timers");
    let pool: pg.Pool;

    beforeAll(async () => {
      pool = newPool(2);
      const store = postgresStore({ db: pool, schema });
      await store.init();
      await store.close();
    }, WORKER_START_MS);

    afterAll(async () => {
      await killAllWorkers();
      await dropSchema(pool, schema);
      await pool.end();
    });

    function start(overrides: Partial<TimerConfig>) {
      return startWorker<{ kind: "go" | "stop" }, TimerMessage>("timer-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        role: "firer",
        returns: 0,
        dueInMs: HOUR,
        clockOffsetMs: 0,
        leaseMs: 60_000,
        ...overrides,
      } satisfies TimerConfig);
    }

    const noted = async () =>
      (
        await query<{ return_id: string }>(
          pool,
          `SELECT return_id FROM "${schema}"."returnkit_outbox_events" WHERE type = 'return.noted'`,
        )
      ).rows.map((row) => row.return_id);
    const timersLeft = async () =>
      (
        await query<{ n: number }>(
          pool,
          `SELECT count(*)::int AS n FROM "${schema}"."returnkit_timers"`,
        )
      ).rows[0]!.n;

    it(
      "scheduler - each deadline fires exactly once after a kill and a restart past it",
      async () => {
        const setter = start({ role: "setter", returns: RETURNS });
        const { timers } = await setter.next("set", WORKER_START_MS);
        const killed = await setter.kill();
        expect(killed.signal).toBe("SIGKILL");
        expect(await timersLeft()).toBe(RETURNS);
        expect(await noted()).toEqual([]);

        // Restarted two hours later, twice over, with leases that run out at once: the two
        // schedulers claim the same timers, and only the firing commit decides.
        const restarted = { clockOffsetMs: 2 * HOUR, leaseMs: 1 };
        const firers = [start(restarted), start(restarted)];
        await Promise.all(firers.map((firer) => firer.next("ready", WORKER_START_MS)));
        for (const firer of firers) firer.send({ kind: "go" });
        await vi.waitFor(async () => expect(await timersLeft()).toBe(0), {
          timeout: 30_000,
          interval: 100,
        });
        for (const firer of firers) firer.send({ kind: "stop" });
        await Promise.all(firers.map((firer) => firer.next("stopped", WORKER_START_MS)));

        const ids = timers.map((timer) => timer.returnId).sort();
        expect((await noted()).sort()).toEqual(ids);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
