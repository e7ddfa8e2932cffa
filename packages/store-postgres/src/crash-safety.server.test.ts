/**
 * A process writing returns (and delivering their webhooks) is SIGKILLed in the middle of its
 * load, twice; each time a fresh process on the same schema sends again what was in flight.
 * Afterwards every acknowledged write is in the database, every in-flight write ran exactly
 * once, the outbox is one-to-one with the transitions, and a dispatcher delivers every event —
 * including those a killed dispatcher held — in order per return.
 */
import { makeEndpoint } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import type {
  CrashConfig,
  CrashMessage,
  CrashWrite,
  HoldMessage,
} from "./test-support/crash-worker";
import { readKeyAnswers, readLedger } from "./test-support/ledger";
import {
  firstArrivalsByReturn,
  type ReceiverThread,
  startReceiverThread,
} from "./test-support/receiver-thread";
import { killAllWorkers, startWorker, type WorkerExit } from "./test-support/worker-process";
import type { Answer } from "./test-support/worker-runtime";

warnWithoutServer("the crash-safety case");

/** Acknowledged writes after which each of the first two processes is killed. */
const KILL_AFTER_ACKS = [120, 120];
const PARALLEL = 6;
const LEASE_MS = 2_500;
const WORKER_START_MS = 30_000;
const TEST_TIMEOUT_MS = 90_000;

interface Generation {
  dispatcherId: string;
  exit: WorkerExit;
  acks: Array<{ write: CrashWrite; answer: Answer }>;
  failures: Array<{ write: CrashWrite; answer: Answer }>;
  sent: CrashWrite[];
  /** Sent and never acknowledged: in flight when the process died. */
  inFlight: CrashWrite[];
  /** The writes it was stopped in before the kill, and whether their keys were recorded. */
  held: Array<{ stage: string; key: string; state: "recorded" | "absent" }>;
  /** Deliveries its dispatcher still held when it died. */
  orphanedLeases: string[];
  drainedPending: number | null;
}

for (const groupCommit of [false, true])
  describe.skipIf(!DATABASE_URL)(
    `a writer killed mid-load${groupCommit ? "" : ", groupCommit: false"} (DATABASE_URL)`,
    () => {
      const schema = uniqueSchema("crash");
      const tables = sqlNames({ schema });
      let pool: pg.Pool;
      let receiver: ReceiverThread;
      let endpointId: string;

      beforeAll(async () => {
        pool = newPool(2);
        receiver = await startReceiverThread();
        const store = postgresStore({ db: pool, schema });
        await store.init();
        const endpoint = makeEndpoint({ url: receiver.url });
        await store.saveEndpoint(endpoint);
        endpointId = endpoint.id;
        await store.close();
      }, WORKER_START_MS);

      afterAll(async () => {
        await killAllWorkers();
        await receiver?.close();
        await dropSchema(pool, schema);
        await pool.end();
      });

      /** Runs one process to its end: killed after `killAfterAcks`, or drained and exited. */
      async function runGeneration(
        generation: number,
        resend: CrashWrite[],
        killAfterAcks: number | null,
      ): Promise<Generation> {
        const worker = startWorker<HoldMessage, CrashMessage>("crash-worker.ts", {
          databaseUrl: DATABASE_URL!,
          schema,
          generation,
          resend,
          newReturns: killAfterAcks === null ? 0 : 1_000_000,
          parallel: PARALLEL,
          leaseMs: LEASE_MS,
          drain: killAfterAcks === null,
          groupCommit,
        } satisfies CrashConfig);
        const acks: Generation["acks"] = [];
        const failures: Generation["failures"] = [];
        const sent: CrashWrite[] = [];
        const inFlight = new Map<string, CrashWrite>();
        let drainedPending: number | null = null;
        const held: Array<{ stage: string; key: string }> = [];
        worker.onMessage((message) => {
          if (message.kind === "sent") {
            sent.push(message.write);
            inFlight.set(message.write.key, message.write);
          } else if (message.kind === "ack" || message.kind === "failed") {
            inFlight.delete(message.write.key);
            (message.kind === "ack" ? acks : failures).push(message);
            if (acks.length === killAfterAcks) worker.send({ kind: "hold" });
          } else if (message.kind === "holding") {
            held.push({ stage: message.stage, key: message.key });
            // Both writes stopped where wanted, the others still running: kill it now.
            if (held.length === 2) void worker.kill();
          } else if (message.kind === "drained") drainedPending = message.pending;
        });
        const { dispatcherId } = await worker.next("ready", WORKER_START_MS);
        const exit = await worker.exited;
        const leased = await query<{ id: string }>(
          pool,
          `SELECT id FROM ${tables.table("deliveries")} WHERE status = 'pending' AND leased_by = $1`,
          [dispatcherId],
        );
        const keys = await query<{ key: string }>(
          pool,
          `SELECT key FROM ${tables.table("idempotency_keys")}`,
        );
        const recorded = new Set(keys.rows.map((row) => JSON.parse(row.key).at(-1)));
        return {
          dispatcherId,
          held: held.map((h) => ({ ...h, state: recorded.has(h.key) ? "recorded" : "absent" })),
          exit,
          acks,
          failures,
          sent,
          inFlight: [...inFlight.values()],
          orphanedLeases: leased.rows.map((row) => row.id),
          drainedPending,
        };
      }

      it(
        "commit - after two SIGKILLs mid-load, every acknowledged write is there, every in-flight write ran once, and every event is delivered",
        async () => {
          const generations: Generation[] = [];
          let resend: CrashWrite[] = [];
          for (const [generation, killAfter] of [...KILL_AFTER_ACKS, null].entries()) {
            const run = await runGeneration(generation, resend, killAfter);
            generations.push(run);
            resend = run.inFlight;
          }
          const killed = generations.slice(0, -1);
          const last = generations.at(-1)!;

          expect(generations.flatMap((g) => g.failures)).toEqual([]);
          // The first ones died by the signal in the middle of their load, writes in flight.
          expect(killed.map((g) => g.exit.signal)).toEqual(killed.map(() => "SIGKILL"));
          for (const g of killed) expect(g.inFlight.length).toBeGreaterThan(0);
          // The last one sent everything again, delivered everything, and exited by itself.
          expect(last.inFlight).toEqual([]);
          expect(last.exit).toEqual({ code: 0, signal: null });
          expect(last.drainedPending).toBe(0);

          // ---------------------------------------------------------------- the ledger
          const ledger = await readLedger(pool, schema, { endpointIds: [endpointId] });
          expect(ledger.violations).toEqual([]);
          const acks = generations.flatMap((g) => g.acks);
          const missing: string[] = [];
          for (const { write, answer } of acks) {
            if (write.event === "create") {
              if (ledger.returns.get(answer.id!)?.order_id !== write.orderId)
                missing.push(`${write.key}: ${answer.id} not there`);
              continue;
            }
            const entries = ledger.entriesByKey.get(write.key) ?? [];
            if (
              entries.length !== 1 ||
              entries[0]!.returnId !== write.returnId ||
              entries[0]!.seq !== answer.version
            )
              missing.push(`${write.key}: ${JSON.stringify(entries)} for v${answer.version}`);
          }
          expect(missing).toEqual([]);

          // Every key any process sent completed once, with a 2xx, and made exactly one change.
          const sentKeys = new Set(generations.flatMap((g) => g.sent.map((w) => w.key)));
          const keyRows = await readKeyAnswers(pool, schema);
          const storedKeys = keyRows.map((row) => JSON.parse(row.key).at(-1) as string);
          expect(new Set(storedKeys)).toEqual(sentKeys);
          expect(keyRows.filter((row) => row.status < 200 || row.status >= 300)).toEqual([]);
          const createKeys = [...sentKeys].filter((key) => key.endsWith(":create"));
          expect(ledger.returns.size).toBe(createKeys.length);
          expect(ledger.transitions).toBe(sentKeys.size - createKeys.length);
          expect([...ledger.entriesByKey.keys()].sort()).toEqual(
            [...sentKeys].filter((key) => !key.endsWith(":create")).sort(),
          );

          // ---------------------------------------------------------------- the deliveries
          expect(ledger.deliveries.filter((d) => d.status !== "delivered")).toEqual([]);
          expect(ledger.deliveries.filter((d) => d.leased_by !== null)).toEqual([]);
          const requests = await receiver.requests();
          const received = new Set(requests.map((r) => r.id));
          expect(received).toEqual(new Set(ledger.events.map((e) => e.id)));
          const arrivals = firstArrivalsByReturn(requests);
          for (const id of ledger.returns.keys()) {
            const inOrder = ledger.events.filter((e) => e.return_id === id).map((e) => e.id);
            expect(arrivals.get(id), `first arrivals of ${id}`).toEqual(inOrder);
          }
          // A repeated event is one whose delivery a killed dispatcher held: at least once, not more.
          const orphaned = new Set(killed.flatMap((g) => g.orphanedLeases));
          const eventOfDelivery = new Map(ledger.deliveries.map((d) => [d.id, d.event_id]));
          const orphanedEvents = new Set([...orphaned].map((id) => eventOfDelivery.get(id)));
          const repeated = requests.filter(
            (r, i) => requests.findIndex((o) => o.id === r.id) !== i,
          );
          expect(repeated.filter((r) => !orphanedEvents.has(r.id))).toEqual([]);

          // The two writes each killed process was stopped in: the one it had computed but not
          // committed left nothing, not even its key, and ran once in a later process; the one it
          // had committed without acknowledging was replayed, not run again.
          const finalAck = new Map(acks.map((a) => [a.write.key, a]));
          for (const g of killed) {
            expect(g.held.map((h) => `${h.stage}:${h.state}`).sort()).toEqual([
              "committed:recorded",
              "computed:absent",
            ]);
            const ackOf = (stage: string) =>
              finalAck.get(g.held.find((h) => h.stage === stage)!.key);
            const [computed, committed] = [ackOf("computed"), ackOf("committed")];
            expect(computed?.answer.replayed).toBe(false);
            expect(committed?.answer.replayed).toBe(true);
          }
          const resent = acks.filter((a) => a.write.resent > 0);
          const replayed = resent.filter((a) => a.answer.replayed);
          console.info(
            `[crash-safety] ${JSON.stringify({
              processes: generations.length,
              kills: killed.length,
              ackedWrites: acks.length,
              inFlightAtKills: killed.map((g) => g.inFlight.length),
              resent: resent.length,
              resentReplayed: replayed.length,
              resentRun: resent.length - replayed.length,
              orphanedLeases: killed.map((g) => g.orphanedLeases.length),
              returns: ledger.returns.size,
              transitions: ledger.transitions,
              events: ledger.events.length,
              deliveries: ledger.deliveries.length,
              receiverRequests: requests.length,
              repeatedDeliveries: repeated.length,
            })}`,
          );
        },
        TEST_TIMEOUT_MS,
      );
    },
  );
