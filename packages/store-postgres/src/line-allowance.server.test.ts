/**
 * Several processes, each with its own pg Pool and store, race commits for the last units of
 * one order line, or of several (which each process's groups then write together). Whatever
 * order they land in, a line's active returns never hold more than was purchased, and when
 * single units race, exactly as many commit as were left.
 */
import type { CommitResult, ReturnCommit, StoredReturn } from "@returnkit/core/store";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
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
import type {
  AllowanceConfig,
  AllowanceGo,
  AllowanceMessage,
  AllowanceResult,
} from "./test-support/allowance-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

warnWithoutServer("the multi-process line-allowance race");

const PROCESSES = 4;
const CREATES_PER_PROCESS = 6;
/** Per process: 4 × 3 connections stay well inside a shared server's max_connections. */
const POOL_MAX = 3;
const WORKER_START_MS = 30_000;
const RUN_MS = 60_000;
const ORDER = "ord_race";
const LINE = { sku: "TEE-BLK", quantity: 1, size: "M" };

type Line = StoredReturn["record"]["line"];

function createCommit(line: Line, purchased: number): ReturnCommit {
  const next = makeStoredReturn({ order_id: ORDER, line });
  return {
    next,
    expectedVersion: null,
    events: [makeOutboxEvent(next)],
    lineAllowance: { purchased },
  };
}

function raiseCommit(create: ReturnCommit, purchased: number): ReturnCommit {
  const advanced = advanceStoredReturn(create.next, "update");
  const line = { ...advanced.record.line, quantity: advanced.record.line.quantity + 1 };
  const next = { ...advanced, record: { ...advanced.record, line } };
  return {
    next,
    expectedVersion: 1,
    events: [makeOutboxEvent(next)],
    lineAllowance: { purchased },
  };
}

describe.skipIf(!DATABASE_URL)("several processes racing for one order line (DATABASE_URL)", () => {
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

  /** A fresh schema holding `preloaded` (committed before the race). */
  async function prepareSchema(preloaded: ReturnCommit[]): Promise<string> {
    const schema = uniqueSchema("allowance");
    schemas.push(schema);
    const store = postgresStore({ db: pool, schema, notify: false });
    await store.init();
    for (const commit of preloaded) expect((await store.commit(commit)).ok).toBe(true);
    await store.close();
    return schema;
  }

  /** Hands each process its commits, starts them together, and gathers every result. */
  async function race(schema: string, plans: Array<Omit<AllowanceGo, "kind">>) {
    const workers = plans.map(() =>
      startWorker<AllowanceGo, AllowanceMessage>("allowance-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        poolMax: POOL_MAX,
      } satisfies AllowanceConfig),
    );
    await Promise.all(workers.map((w) => w.next("ready", WORKER_START_MS)));
    for (const [i, worker] of workers.entries()) worker.send({ kind: "go", ...plans[i]! });
    const done = await Promise.all(workers.map((w) => w.next("done", RUN_MS)));
    const exits = await Promise.all(workers.map((w) => w.exited));
    expect(exits.map((e) => e.code)).toEqual(workers.map(() => 0));
    return done.flatMap((d) => d.results);
  }

  /** What the table holds for the line (`sku`), read with SQL of its own. */
  async function lineInTable(schema: string, sku = LINE.sku) {
    const { rows } = await query<{ returns: string; units: string | null }>(
      pool,
      `SELECT count(*) AS returns, sum((record -> 'line' ->> 'quantity')::integer) AS units
       FROM "${schema}".returnkit_returns
       WHERE order_id = $1 AND record -> 'line' ->> 'sku' = $2
         AND state NOT IN ('cancelled', 'rejected')`,
      [ORDER, sku],
    );
    return { returns: Number(rows[0]!.returns), units: Number(rows[0]!.units ?? 0) };
  }

  const refusals = (results: AllowanceResult[]) =>
    results.filter(
      (r): r is AllowanceResult & { result: CommitResult & { ok: false } } => !r.result.ok,
    );

  it(
    `commit - ${PROCESSES} processes racing single units for the last ones of a line: exactly as many commit as were left`,
    async () => {
      const purchased = 8;
      const preloaded = Array.from({ length: 3 }, () => createCommit(LINE, purchased));
      const schema = await prepareSchema(preloaded);
      const plans = Array.from({ length: PROCESSES }, () => ({
        creates: Array.from({ length: CREATES_PER_PROCESS }, () => createCommit(LINE, purchased)),
        raises: [],
      }));

      const results = await race(schema, plans);

      expect(results).toHaveLength(PROCESSES * CREATES_PER_PROCESS);
      expect(results.filter((r) => r.result.ok)).toHaveLength(purchased - preloaded.length);
      expect(refusals(results).map((r) => r.result)).toEqual(
        Array(results.length - (purchased - preloaded.length)).fill({
          ok: false,
          reason: "quantity_exceeded",
          inReturns: purchased,
        }),
      );
      expect(await lineInTable(schema)).toEqual({ returns: purchased, units: purchased });
    },
    RUN_MS + WORKER_START_MS,
  );

  it(
    `commit - ${PROCESSES} processes racing single units of three lines, grouped: exactly as many commit per line as were left`,
    async () => {
      const purchased = 5;
      const skus = ["TEE-BLK", "TEE-WHT", "TEE-RED"];
      const schema = await prepareSchema([createCommit(LINE, purchased)]);
      const plans = Array.from({ length: PROCESSES }, () => ({
        creates: Array.from({ length: CREATES_PER_PROCESS }, (_, i) =>
          createCommit({ ...LINE, sku: skus[i % skus.length]! }, purchased),
        ),
        raises: [],
      }));

      const results = await race(schema, plans);

      const skuOf = new Map(
        plans.flatMap((plan) =>
          plan.creates.map((c) => [c.next.record.id, c.next.record.line.sku]),
        ),
      );
      for (const sku of skus) {
        const left = sku === LINE.sku ? purchased - 1 : purchased;
        const ofLine = results.filter((r) => skuOf.get(r.returnId) === sku);
        expect(ofLine.filter((r) => r.result.ok)).toHaveLength(left);
        expect(refusals(ofLine).map((r) => r.result)).toEqual(
          Array(ofLine.length - left).fill({
            ok: false,
            reason: "quantity_exceeded",
            inReturns: purchased,
          }),
        );
        expect(await lineInTable(schema, sku)).toEqual({ returns: purchased, units: purchased });
      }
    },
    RUN_MS + WORKER_START_MS,
  );

  it(
    `commit - ${PROCESSES} processes racing creates and raises of mixed quantities never take more than was purchased`,
    async () => {
      const purchased = 12;
      const schema = await prepareSchema([]);
      const plans = Array.from({ length: PROCESSES }, (_, child) => {
        const creates = Array.from({ length: CREATES_PER_PROCESS }, (_, i) =>
          createCommit({ ...LINE, quantity: 1 + ((child + i) % 3) }, purchased),
        );
        // Every other create that commits is then raised by one unit.
        const raises = creates.map((create, i) =>
          i % 2 === 0 ? raiseCommit(create, purchased) : null,
        );
        return { creates, raises };
      });

      const results = await race(schema, plans);

      expect(results.every((r) => r.result.ok || r.result.reason === "quantity_exceeded")).toBe(
        true,
      );
      // What each committed return holds now: its create, or the raise that followed it.
      const held = new Map<string, number>();
      for (const r of results) if (r.result.ok) held.set(r.returnId, r.quantity);
      const committedUnits = [...held.values()].reduce((sum, units) => sum + units, 0);
      expect(committedUnits).toBeLessThanOrEqual(purchased);
      expect(await lineInTable(schema)).toEqual({ returns: held.size, units: committedUnits });
      // Each refusal was right when it was made: what the others held left too little.
      const refused = refusals(results);
      expect(refused.length).toBeGreaterThan(0);
      for (const { quantity, result } of refused) {
        if (result.reason !== "quantity_exceeded") throw new Error(result.reason);
        expect(result.inReturns).toBeLessThanOrEqual(purchased);
        expect(result.inReturns + quantity).toBeGreaterThan(purchased);
      }
    },
    RUN_MS + WORKER_START_MS,
  );
});
