/**
 * A process running the subscriber `refunds` commits return lifecycles while its handler
 * stalls, and is SIGKILLed between commit and handling: most events never reached the
 * handler, one reached it and made its effect without the attempt being recorded, a few
 * were in flight. A new process with the same subscriber on the same schema then handles
 * every event — those the dead one held once their leases run out — in seq order per return,
 * and, deduplicating on the event id, makes each effect exactly once.
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import { SUBSCRIBER_TABLES_SQL, subscriberTables } from "./test-support/subscriber-tables";
import type { SubscriberConfig, SubscriberMessage } from "./test-support/subscriber-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

warnWithoutServer("the subscriber crash case");

const RETURNS = 12;
/** Calls that finish in the first process before its handler stalls. */
const STALL_AFTER = 3;
const TIMEOUT_MS = 4_000;
/** How soon a delivery the killed process held can be claimed again. */
const LEASE_MS = 5_000;
const WORKER_START_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

interface CallRow {
  n: string;
  event_id: string;
  return_id: string;
  seq: number;
  generation: number;
}

describe.skipIf(!DATABASE_URL)(
  "a subscriber's process killed between commit and handling (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("subcrash");
    const tables = subscriberTables(schema);
    let pool: pg.Pool;

    beforeAll(async () => {
      pool = newPool(2);
      const store = postgresStore({ db: pool, schema });
      await store.init();
      await store.close();
      await pool.query(SUBSCRIBER_TABLES_SQL(schema));
    }, WORKER_START_MS);

    afterAll(async () => {
      await killAllWorkers();
      await dropSchema(pool, schema);
      await pool.end();
    });

    function start(generation: number, overrides: Partial<SubscriberConfig>) {
      return startWorker<never, SubscriberMessage>("subscriber-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        generation,
        returns: 0,
        stallAfter: null,
        timeoutMs: TIMEOUT_MS,
        leaseMs: LEASE_MS,
        ...overrides,
      } satisfies SubscriberConfig);
    }

    const effectIds = async () =>
      (await query<{ event_id: string }>(pool, `SELECT event_id FROM ${tables.effects}`)).rows.map(
        (row) => row.event_id,
      );

    it(
      "subscribers - after a SIGKILL between commit and handling, a new process handles every event once, in seq order per return",
      async () => {
        const first = start(0, { returns: RETURNS, stallAfter: STALL_AFTER });
        await first.next("ready", WORKER_START_MS);
        const { returnIds } = await first.next("committed", TEST_TIMEOUT_MS / 2);
        await first.next("stalled", WORKER_START_MS);
        const killed = await first.kill();
        const stalled = first.messages.filter((m) => m.kind === "stalled");
        const effectsAtKill = await effectIds();
        const events = (
          await query<{ id: string; return_id: string; seq: number }>(
            pool,
            `SELECT id, return_id, seq FROM "${schema}"."returnkit_outbox_events" ORDER BY position`,
          )
        ).rows;

        // Killed with nearly everything committed and not handled.
        expect(killed.signal).toBe("SIGKILL");
        expect(new Set(events.map((e) => e.return_id))).toEqual(new Set(returnIds));
        expect(events).toHaveLength(RETURNS * 7);
        expect(effectsAtKill).toHaveLength(STALL_AFTER + 1);
        // The call that made its effect and never returned: its attempt was not recorded.
        const unacknowledged = stalled.find((m) => m.effect)!;
        expect(unacknowledged).toBeDefined();
        expect(effectsAtKill).toContain(unacknowledged.eventId);

        const second = start(1, {});
        await second.next("ready", WORKER_START_MS);
        const drained = await second.next("drained", TEST_TIMEOUT_MS / 2);
        expect(drained.pending).toBe(0);
        expect(await second.exited).toEqual({ code: 0, signal: null });

        // Every event's effect exactly once, whatever the handler was called.
        const effects = await effectIds();
        expect(effects.sort()).toEqual(events.map((e) => e.id).sort());
        const calls = (await query<CallRow>(pool, `SELECT * FROM ${tables.calls} ORDER BY n`)).rows;
        const secondCalls = calls.filter((c) => c.generation === 1).map((c) => c.event_id);
        expect(secondCalls).toContain(unacknowledged.eventId);
        for (const { eventId } of stalled) expect(secondCalls).toContain(eventId);
        const unhandledAtKill = events.filter((e) => !effectsAtKill.includes(e.id));
        for (const event of unhandledAtKill) expect(secondCalls).toContain(event.id);

        // In seq order per return: each call of a return's events comes after every call of
        // the earlier ones (a repeated call only repeats the latest).
        for (const returnId of returnIds) {
          const seqs = calls.filter((c) => c.return_id === returnId).map((c) => c.seq);
          expect(seqs, `calls of ${returnId}`).toEqual([...seqs].sort((a, b) => a - b));
          expect(new Set(seqs)).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
        }
        const deliveries = await query<{ status: string; n: string }>(
          pool,
          `SELECT status, count(*) AS n FROM "${schema}"."returnkit_deliveries" GROUP BY status`,
        );
        expect(deliveries.rows.map((r) => [r.status, Number(r.n)])).toEqual([
          ["delivered", RETURNS * 7],
        ]);
        console.info(
          `[subscriber-crash] ${JSON.stringify({
            events: events.length,
            effectsAtKill: effectsAtKill.length,
            stalledCalls: stalled.length,
            callsAfterRestart: secondCalls.length,
            repeatedCalls: calls.length - events.length,
          })}`,
        );
      },
      TEST_TIMEOUT_MS,
    );
  },
);
