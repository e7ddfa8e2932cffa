/**
 * Three dispatchers in three processes, each with its own pg Pool, deliver 5,000 events (1,000
 * in `pnpm test`; all 5,000 in `pnpm test:reliability`, which sets RETURNKIT_FULL_STRENGTH) that
 * are committed while they run to one receiver on a thread of its own. Every event must arrive
 * once, each return's events in position order, and no delivery may be claimed twice.
 */
import type { ReturnEvent } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import {
  advanceStoredReturn,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
} from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlNames } from "./names";
import { type PostgresStore, postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import type { DispatcherConfig, DispatcherMessage } from "./test-support/dispatcher-worker";
import { type ReceiverThread, startReceiverThread } from "./test-support/receiver-thread";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

warnWithoutServer("the three-dispatcher case");

const DISPATCHERS = 3;
const RETURNS = process.env.RETURNKIT_FULL_STRENGTH === "1" ? 1_000 : 200;
/** Five events per return: 5,000 events at full strength. */
const STEPS: readonly ReturnEvent[] = ["submit", "approve", "ship", "flag"];
const COMMIT_LANES = 4;
const ANALYZE_AFTER = 200;
const WORKER_START_MS = 30_000;
const DELIVERY_DEADLINE_MS = 30_000;

describe.skipIf(!DATABASE_URL)("three dispatchers on one database (DATABASE_URL)", () => {
  const schema = uniqueSchema("dispatchers");
  const tables = sqlNames({ schema });
  const deliveriesTable = tables.table("deliveries");
  let pool: pg.Pool;
  let store: PostgresStore;
  let receiver: ReceiverThread;
  let endpointId: string;

  beforeAll(async () => {
    pool = newPool(COMMIT_LANES);
    receiver = await startReceiverThread();
    store = postgresStore({ db: pool, schema });
    await store.init();
    const endpoint = makeEndpoint({ url: receiver.url });
    await store.saveEndpoint(endpoint);
    endpointId = endpoint.id;
  }, WORKER_START_MS);

  afterAll(async () => {
    await killAllWorkers();
    await receiver?.close();
    await store?.close();
    await dropSchema(pool, schema);
    await pool.end();
  });

  /**
   * Commits one return with its five events (create, submit, approve, ship, flag) in one
   * commit, in seq order: a return whose whole queue is pending at once is where the order
   * per return is at stake.
   */
  async function commitReturn(at: number): Promise<void> {
    const states: StoredReturn[] = [makeStoredReturn({ at })];
    for (const [i, step] of STEPS.entries())
      states.push(advanceStoredReturn(states.at(-1)!, step, at + i + 1));
    const last = states.at(-1)!;
    const result = await store.commit({
      next: { ...last, record: { ...last.record, version: 1 } },
      expectedVersion: null,
      events: states.map((state) => makeOutboxEvent(state)),
    });
    if (!result.ok) throw new Error(`commit refused: ${result.reason}`);
  }

  async function pendingCount(): Promise<number> {
    const { rows } = await query<{ n: string }>(
      pool,
      `SELECT count(*) AS n FROM ${deliveriesTable} WHERE status = 'pending'`,
    );
    return Number(rows[0]!.n);
  }

  it(
    `dispatcher - three processes deliver ${RETURNS * 5} events committed while they run: each once, in order per return, none claimed twice`,
    async () => {
      const workers = Array.from({ length: DISPATCHERS }, () =>
        startWorker<{ kind: "stop" }, DispatcherMessage>("dispatcher-worker.ts", {
          databaseUrl: DATABASE_URL!,
          schema,
          poolMax: 4,
          concurrency: 16,
        } satisfies DispatcherConfig),
      );
      // Committed while the dispatchers start and run: the first ones find a backlog, and
      // hear of the rest over LISTEN/NOTIFY from this process.
      const started = Date.now();
      const at = started - 60_000;
      let next = 0;
      const committing = Promise.all(
        Array.from({ length: COMMIT_LANES }, async () => {
          while (next < RETURNS) {
            await commitReturn(at + next++ * 10);
            // What autovacuum does within a minute of a burst. Unanalysed tables are the case
            // of deliveries.test.ts; here they would only slow the dispatchers down.
            if (next === ANALYZE_AFTER) await query(pool, `ANALYZE ${deliveriesTable}`);
          }
        }),
      );
      const [ready] = await Promise.all([
        Promise.all(workers.map((w) => w.next("ready", WORKER_START_MS))),
        committing,
      ]);
      const committed = Date.now();
      let pending = await pendingCount();
      while (pending > 0 && Date.now() - committed < DELIVERY_DEADLINE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        pending = await pendingCount();
      }
      const delivered = Date.now();
      for (const worker of workers) worker.send({ kind: "stop" });
      const reports = await Promise.all(workers.map((w) => w.next("stopped", WORKER_START_MS)));
      const exits = await Promise.all(workers.map((w) => w.exited));
      expect(exits.map((e) => e.code)).toEqual(workers.map(() => 0));
      expect(reports.flatMap((r) => r.errors)).toEqual([]);
      expect(pending).toBe(0);

      // ---------------------------------------------------------------- the dispatchers' view
      const events = RETURNS * (STEPS.length + 1);
      expect(reports.map((r) => r.lostLeases)).toEqual(reports.map(() => 0));
      expect(new Set(reports.map((r) => r.dispatcherId)).size).toBe(DISPATCHERS);
      expect(reports.map((r) => r.dispatcherId)).toEqual(ready.map((r) => r.dispatcherId));
      const claims = reports.flatMap((r) => r.claims);
      // Each delivery claimed by exactly one dispatcher, exactly once: never two at a time.
      expect(claims).toHaveLength(events);
      expect(new Set(claims.map((c) => c.deliveryId)).size).toBe(events);
      expect(claims.filter((c) => c.recordedAt === null)).toEqual([]);
      // All three took part.
      for (const report of reports) expect(report.claims.length).toBeGreaterThan(0);

      // ---------------------------------------------------------------- the database's view
      const { rows: outbox } = await query<{ id: string; return_id: string }>(
        pool,
        `SELECT id, return_id FROM ${tables.table("outbox_events")} ORDER BY position`,
      );
      const { rows: deliveries } = await query<{
        event_id: string;
        endpoint_id: string;
        status: string;
        attempt_count: number;
        attempts: Array<{ status: number | null }>;
        leased_by: string | null;
      }>(
        pool,
        `SELECT event_id, endpoint_id, status, attempt_count, attempts, leased_by FROM ${deliveriesTable}`,
      );
      expect(outbox).toHaveLength(events);
      expect(deliveries).toHaveLength(events);
      expect(new Set(deliveries.map((d) => d.event_id))).toEqual(new Set(outbox.map((e) => e.id)));
      // One attempt each, answered 204, recorded by the dispatcher that held it, lease released.
      expect(
        deliveries.filter(
          (d) =>
            d.endpoint_id !== endpointId ||
            d.status !== "delivered" ||
            d.attempt_count !== 1 ||
            d.attempts.length !== 1 ||
            d.attempts[0]!.status !== 204 ||
            d.leased_by !== null,
        ),
      ).toEqual([]);

      // ---------------------------------------------------------------- the receiver's view
      const requests = await receiver.requests();
      expect(requests).toHaveLength(events);
      expect(new Set(requests.map((r) => r.id))).toEqual(new Set(outbox.map((e) => e.id)));
      const arrived = new Map<string, string[]>();
      for (const request of requests)
        arrived.set(request.returnId, [...(arrived.get(request.returnId) ?? []), request.id]);
      const positionOrder = new Map<string, string[]>();
      for (const event of outbox)
        positionOrder.set(event.return_id, [
          ...(positionOrder.get(event.return_id) ?? []),
          event.id,
        ]);
      expect(positionOrder.size).toBe(RETURNS);
      const outOfOrder = [...positionOrder].filter(
        ([returnId, ids]) => (arrived.get(returnId) ?? []).join() !== ids.join(),
      );
      expect(outOfOrder).toEqual([]);

      console.info(
        `[dispatchers] ${JSON.stringify({
          dispatchers: DISPATCHERS,
          returns: RETURNS,
          events,
          claimsPerDispatcher: reports.map((r) => r.claims.length),
          receiverRequests: requests.length,
          startAndCommitMs: committed - started,
          deliveredMsAfterLastCommit: delivered - committed,
          deliveriesPerSecond: Math.round(events / ((delivered - started) / 1000)),
        })}`,
      );
    },
    2 * WORKER_START_MS + DELIVERY_DEADLINE_MS,
  );
});
