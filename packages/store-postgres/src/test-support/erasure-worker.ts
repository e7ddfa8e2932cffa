/**
 * @module test-support/erasure-worker — one process of the erasure crash case: a service on its
 * own pg Pool whose scheduler fires a customer's erasure job. After the job's first batch is
 * committed it tells the parent (`batch`) and stops there, to be SIGKILLed mid-job.
 */
import pg from "pg";
import { TIMER_HANDLERS } from "../../../core/src/returns/timer-handlers";
import { createServiceWithTimers } from "../../../core/src/service";
import { postgresStore } from "../postgres-store";
import { failWorker, MERCHANT, report, workerConfig } from "./worker-runtime";

export interface ErasureConfig {
  databaseUrl: string;
  schema: string;
  customerId: string;
  /** The scheduler's lease on the job: how long a new process waits before taking it over. */
  leaseMs: number;
}

export type ErasureMessage = { kind: "batch"; ids: string[] };

const config = workerConfig<ErasureConfig>();
const FOREVER = new Promise<never>(() => {});

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({ db: pool, schema: config.schema });
  const stopping = {
    ...store,
    // The first batch commits, then the process stops where a crash would find it.
    async eraseReturns(batch: Parameters<typeof store.eraseReturns>[0]) {
      const ids = await store.eraseReturns(batch);
      await report({ kind: "batch", ids } satisfies ErasureMessage);
      return FOREVER;
    },
  };
  const service = createServiceWithTimers(
    { store: stopping, idempotency: { required: false } },
    TIMER_HANDLERS,
    { leaseMs: config.leaseMs, pollIntervalMs: 50 },
  );
  await service.ready();
  await service.eraseCustomer(config.customerId, { reason: "crash case" }, { principal: MERCHANT });
  await service.scheduler.fireDue();
}

main().then(() => process.exit(0), failWorker);
