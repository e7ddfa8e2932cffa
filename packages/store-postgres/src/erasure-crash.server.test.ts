/**
 * An erasure job's process is SIGKILLed right after its first batch committed, the rest of
 * the customer's returns untouched; a fresh process's scheduler takes the job over once the
 * dead one's lease runs out and completes it: every return erased once, under one pseudonym,
 * one `customer.erased`, no job left, and nothing of the customer anywhere in the schema.
 */
import { createReturnsService } from "@returnkit/core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresStore } from "./postgres-store";
import {
  DATABASE_URL,
  dropSchema,
  dumpSchema,
  newPool,
  uniqueSchema,
  warnWithoutServer,
} from "./test-support";
import type { ErasureConfig, ErasureMessage } from "./test-support/erasure-worker";
import { killAllWorkers, startWorker } from "./test-support/worker-process";
import { customer, MERCHANT } from "./test-support/worker-runtime";

warnWithoutServer("the erasure crash case");

/** More than two batches of the job. */
const RETURNS = 120;
const CUSTOMER = "cus-crash-erase-8812";
const NOTE = "ring Carla Crash at home";
const LEASE_MS = 1_000;
const WORKER_START_MS = 30_000;

describe.skipIf(!DATABASE_URL)("an erasure job killed mid-way (DATABASE_URL)", () => {
  const schema = uniqueSchema("erase_crash");
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = newPool(4);
    const store = postgresStore({ db: pool, schema });
    const service = createReturnsService({ store, idempotency: { required: false } });
    await service.ready();
    for (let i = 0; i < RETURNS; i++) {
      const { record } = await service.createReturn(
        {
          order_id: `ord_crash_${i}`,
          line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
          reason: "DAMAGED",
          resolution: "REFUND",
        },
        { principal: customer(CUSTOMER) },
      );
      await service.submit(record.id, { note: NOTE }, { principal: customer(CUSTOMER) });
    }
    await service.close();
  }, WORKER_START_MS * 2);

  afterAll(async () => {
    await killAllWorkers();
    await dropSchema(pool, schema);
    await pool.end();
  });

  it(
    "eraseCustomer - killed after its first batch, the job is taken over and completed",
    async () => {
      const worker = startWorker<never, ErasureMessage>("erasure-worker.ts", {
        databaseUrl: DATABASE_URL!,
        schema,
        customerId: CUSTOMER,
        leaseMs: LEASE_MS,
      } satisfies ErasureConfig);
      const batch = await worker.next("batch", WORKER_START_MS);
      await worker.kill();
      expect(batch.ids.length).toBeGreaterThan(0);
      expect(batch.ids.length).toBeLessThan(RETURNS);
      const halfway = (await dumpSchema(pool, schema)).filter((row) => row.includes(NOTE));
      expect(halfway.length).toBeGreaterThan(0);

      const service = createReturnsService({
        store: postgresStore({ db: pool, schema }),
        idempotency: { required: false },
      });
      await service.ready();
      // The dead process's lease runs out on the database's clock: fire until the job is done.
      await vi.waitFor(
        async () => {
          await service.scheduler.fireDue();
          const erasure = await service.getErasure("customer", CUSTOMER, { principal: MERCHANT });
          expect(erasure.status).toBe("completed");
          const { rows } = await pool.query(
            `SELECT count(*)::int AS n FROM "${schema}".returnkit_timers`,
          );
          expect(rows[0].n).toBe(0);
        },
        { timeout: 30_000, interval: 100 },
      );
      await service.close();

      const rows = await dumpSchema(pool, schema);
      expect(rows.filter((row) => row.includes(CUSTOMER) || row.includes(NOTE))).toEqual([]);
      const { rows: owners } = await pool.query(
        `SELECT customer_id, count(*)::int AS n FROM "${schema}".returnkit_returns GROUP BY 1`,
      );
      expect(owners).toHaveLength(1);
      expect(owners[0]).toMatchObject({ n: RETURNS });
      expect(owners[0].customer_id).toMatch(/^erased_/);
      const erasedEvents = rows.filter((row) => row.includes("customer.erased"));
      expect(erasedEvents.filter((row) => row.startsWith("returnkit_outbox_events"))).toHaveLength(
        1,
      );
    },
    WORKER_START_MS * 3,
  );
});
