/**
 * Several processes, each with its own pg Pool and its own service, send the same competing
 * writes with the same Idempotency-Keys to the same returns at the same time. Whatever order
 * they land in, the database must show each key executed once, every history a gapless walk
 * through the machine, and the outbox one-to-one with the transitions.
 */
import { makeEndpoint } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";
import { planKeys } from "./test-support/contention-plan";
import type { ContentionConfig, ContentionMessage } from "./test-support/contention-worker";
import { readKeyAnswers, readLedger } from "./test-support/ledger";
import { killAllWorkers, startWorker } from "./test-support/worker-process";
import type { Answer } from "./test-support/worker-runtime";

warnWithoutServer("the multi-process contention case");

const PROCESSES = 4;
const RETURNS = 24;
/** Per process: 4 × 3 connections stay well inside a shared server's max_connections. */
const POOL_MAX = 3;
const PARALLEL_RETURNS = 4;
const WORKER_START_MS = 30_000;
const RUN_MS = 60_000;

describe.skipIf(!DATABASE_URL)("several processes on one database (DATABASE_URL)", () => {
  const schemas: string[] = [];
  let pool: pg.Pool;

  beforeAll(() => {
    pool = newPool(2);
  });

  afterAll(async () => {
    await killAllWorkers();
    for (const schema of schemas) await dropSchema(pool, schema);
    await pool.end();
  });

  /** A fresh schema with one endpoint, so every commit also creates its delivery. */
  async function prepareSchema(): Promise<{ schema: string; endpointId: string }> {
    const schema = uniqueSchema("procs");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema });
    await store.init();
    // Never dispatched to here.
    const endpoint = makeEndpoint();
    await store.saveEndpoint(endpoint);
    await store.close();
    return { schema, endpointId: endpoint.id };
  }

  /** One run of the competing writes, checked in full; its figures, for the coverage checks. */
  async function contentionRun(groupCommit: boolean) {
    const { schema, endpointId } = await prepareSchema();
    const workers = Array.from({ length: PROCESSES }, (_, child) =>
      startWorker<{ kind: "go" }, ContentionMessage>("contention-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        child,
        returns: RETURNS,
        parallelReturns: PARALLEL_RETURNS,
        poolMax: POOL_MAX,
        groupCommit,
      } satisfies ContentionConfig),
    );
    const started = Date.now();
    await Promise.all(workers.map((w) => w.next("ready", WORKER_START_MS)));
    const ready = Date.now();
    for (const worker of workers) worker.send({ kind: "go" });
    const done = await Promise.all(workers.map((w) => w.next("done", RUN_MS)));
    const finished = Date.now();
    const exits = await Promise.all(workers.map((w) => w.exited));
    expect(exits.map((e) => e.code)).toEqual(workers.map(() => 0));

    // ---------------------------------------------------------------- what the processes saw
    const planned = Array.from({ length: RETURNS }, (_, i) => planKeys(i)).flat();
    const keys = planned.map((p) => p.key);
    const sharedBody = new Map(planned.map((p) => [p.key, p.shared]));
    const byKey = new Map<string, Answer[]>(keys.map((key) => [key, []]));
    /** Which process got each answer. */
    const senderOf = new Map<Answer, number>();
    done.forEach(({ answers }, child) => {
      for (const a of answers) {
        byKey.get(a.key)?.push(a);
        senderOf.set(a, child);
      }
    });
    const unexpected = done.flatMap((d) => d.answers).filter((a) => a.status >= 500);
    expect(unexpected).toEqual([]);

    const ledger = await readLedger(pool, schema, { endpointIds: [endpointId] });
    expect(ledger.violations).toEqual([]);
    expect(ledger.returns.size).toBe(RETURNS);

    const stored = new Map(
      (await readKeyAnswers(pool, schema)).map((row) => [
        JSON.parse(row.key).at(-1) as string,
        row,
      ]),
    );

    const problems: string[] = [];
    for (const [key, answers] of byKey) {
      if (answers.length !== PROCESSES) {
        problems.push(`${key}: ${answers.length} answers`);
        continue;
      }
      const own = !sharedBody.get(key);
      const executed = answers.filter((a) => !a.replayed && a.slug !== "idempotency-key-reused");
      // The one execution, and what every other process was told about it.
      if (executed.length !== 1) {
        problems.push(`${key}: executed ${executed.length} times`);
        continue;
      }
      const run = executed[0]!;
      const others = answers.filter((a) => a !== run);
      for (const other of others) {
        const same = own
          ? other.status === 422 && other.slug === "idempotency-key-reused"
          : other.replayed &&
            other.status === run.status &&
            other.slug === run.slug &&
            other.id === run.id &&
            other.version === run.version;
        if (!same) problems.push(`${key}: ${JSON.stringify(other)} after ${JSON.stringify(run)}`);
      }
      const record = stored.get(key);
      if (record?.status !== run.status)
        problems.push(`${key}: stored ${JSON.stringify(record)}, answered ${run.status}`);
      if (key.endsWith(":create")) continue;
      // The history entries this key made: one for a 2xx (at the version answered), else none.
      const entries = ledger.entriesByKey.get(key) ?? [];
      const wanted = run.status < 300 ? 1 : 0;
      if (entries.length !== wanted) problems.push(`${key}: ${entries.length} history entries`);
      if (wanted === 1 && entries[0]!.seq !== run.version)
        problems.push(`${key}: entry at seq ${entries[0]!.seq}, answer at v${run.version}`);
      // The entry carries the body of the process that ran it, not another's.
      if (own && wanted === 1 && entries[0]!.note !== `${key}|p${senderOf.get(run)}`)
        problems.push(`${key}: note ${entries[0]!.note}, run by p${senderOf.get(run)}`);
    }
    expect(problems).toEqual([]);
    // Every history entry after create came from one of the planned keys.
    const attributed = [...ledger.entriesByKey.values()].flat().length;
    expect(attributed).toBe(ledger.transitions);

    // ---------------------------------------------------------------- the contention was real
    const all = done.flatMap((d) => d.answers);
    const figures = {
      processes: PROCESSES,
      returns: RETURNS,
      keys: keys.length,
      requests: all.length,
      executed: all.filter((a) => !a.replayed && a.slug !== "idempotency-key-reused").length,
      replayed: all.filter((a) => a.replayed).length,
      keyReused422: all.filter((a) => a.slug === "idempotency-key-reused").length,
      invalidTransition409: all.filter((a) => a.slug === "invalid-transition" && !a.replayed)
        .length,
      concurrentUpdate409: all.filter((a) => a.slug === "concurrent-update" && !a.replayed).length,
      commits: done.reduce((n, d) => n + d.commits, 0),
      versionConflicts: done.reduce((n, d) => n + (d.refusals.version_conflict ?? 0), 0),
      transitions: ledger.transitions,
      events: ledger.events.length,
      fitSignals: ledger.events.filter((e) => e.type === "return.fit_signal").length,
      deliveries: ledger.deliveries.length,
      startMs: ready - started,
      runMs: finished - ready,
    };
    console.info(
      `[multi-process${groupCommit ? "" : ", groupCommit: false"}] ${JSON.stringify(figures)}`,
    );
    expect(figures.executed).toBe(keys.length);
    expect(figures.commits).toBe(RETURNS + ledger.transitions);
    return figures;
  }

  for (const groupCommit of [false, true]) {
    it(
      `advance - competing writes from 4 processes with shared Idempotency-Keys each run once, leaving gapless histories and a one-to-one outbox${groupCommit ? "" : " (groupCommit: false)"}`,
      async () => {
        const figures = await contentionRun(groupCommit);
        // ---------------------------------------------------------- the contention was real
        expect(figures.replayed).toBeGreaterThan(0);
        expect(figures.versionConflicts).toBeGreaterThan(0);
        expect(figures.invalidTransition409).toBeGreaterThan(0);
        // Some returns got far enough for fit signals, so the outbox check covered those too.
        expect(figures.fitSignals).toBeGreaterThan(0);
      },
      RUN_MS + WORKER_START_MS,
    );
  }
});
