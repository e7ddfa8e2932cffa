/**
 * The label job across a crash: a process buys a return's label at the EasyPost stand-in and is
 * SIGKILLed after the provider answered, before its commit; a fresh process fires the timer
 * again once the lease ran out. The stand-in counts one purchase, and the label recorded is the
 * one bought (the second buy is answered `already_bought` and read back).
 */
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type StandIn, startEasyPostStandIn } from "../../carrier-easypost/src/stand-in/server";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  newPool,
  query,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import type { LabelConfig, LabelMessage } from "./test-support/label-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";

warnWithoutServer("the label crash case");

const WORKER_START_MS = 30_000;
const TEST_TIMEOUT_MS = 120_000;

describe.skipIf(!DATABASE_URL)(
  "label job: killed between the buy and its commit (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("labels");
    let pool: pg.Pool;
    let standIn: StandIn;

    beforeAll(async () => {
      pool = newPool(2);
      standIn = await startEasyPostStandIn();
      const store = postgresStore({ db: pool, schema });
      await store.init();
      await store.close();
    }, WORKER_START_MS);

    afterAll(async () => {
      await killAllWorkers();
      await standIn.close();
      await dropSchema(pool, schema);
      await pool.end();
    });

    const start = (role: LabelConfig["role"]) =>
      startWorker<{ kind: "stop" }, LabelMessage>("label-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        role,
        standInUrl: standIn.baseUrl,
        apiKey: standIn.apiKey,
        leaseMs: 1_000,
      } satisfies LabelConfig);

    const labelOf = async (id: string) =>
      (
        await query<{ label: { status: string; tracking_number: string | null } | null }>(
          pool,
          `SELECT record->'label' AS label FROM "${schema}"."returnkit_returns" WHERE id = $1`,
          [id],
        )
      ).rows[0]?.label ?? null;

    it(
      "label_due - exactly one label bought and recorded after a SIGKILL between buy and commit",
      async () => {
        const buyer = start("buyer");
        const { returnId } = await buyer.next("approved", WORKER_START_MS);
        const { trackingNumber } = await buyer.next("bought", WORKER_START_MS);
        const killed = await buyer.kill();
        expect(killed.signal).toBe("SIGKILL");
        expect(standIn.purchases()).toBe(1);
        expect(await labelOf(returnId)).toMatchObject({ status: "pending" });

        const finisher = start("finisher");
        await finisher.next("ready", WORKER_START_MS);
        await vi.waitFor(
          async () => expect(await labelOf(returnId)).toMatchObject({ status: "created" }),
          { timeout: 30_000, interval: 100 },
        );
        finisher.send({ kind: "stop" });
        await finisher.next("stopped", WORKER_START_MS);

        expect(standIn.purchases()).toBe(1);
        expect(await labelOf(returnId)).toMatchObject({
          status: "created",
          tracking_number: trackingNumber,
        });
        const timers = await query<{ n: number }>(
          pool,
          `SELECT count(*)::int AS n FROM "${schema}"."returnkit_timers"`,
        );
        expect(timers.rows[0]!.n).toBe(0);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
