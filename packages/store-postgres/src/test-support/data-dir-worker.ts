/**
 * @module test-support/data-dir-worker — one process of the data-directory lock cases: locks
 * a PGlite directory, opens a service on it and creates one return (acknowledged to the
 * parent with its id), then holds the directory until told to close — or is killed. A
 * process that finds the directory in use reports the refusal and exits.
 */
import { PGlite } from "@electric-sql/pglite";
import { createReturnsService } from "@returnkit/core";
import { DataDirInUseError, lockDataDir } from "@returnkit/pglite-lock";
import { postgresStore } from "../postgres-store";
import { customer, failWorker, parentMessage, report, workerConfig } from "./worker-runtime";

export interface DataDirConfig {
  dir: string;
  orderId: string;
}

export type DataDirMessage =
  | { kind: "refused"; message: string; holderPid: number }
  | { kind: "ack"; returnId: string; seen: string[] }
  | { kind: "closed" };

const config = workerConfig<DataDirConfig>();

async function main() {
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(config.dir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    await report({ kind: "refused", message: error.message, holderPid: error.pid });
    process.exit(0);
  }
  const db = await PGlite.create(config.dir);
  const service = createReturnsService({
    store: postgresStore({ db }),
    idempotency: { required: false },
  });
  const { record } = await service.createReturn(
    {
      order_id: config.orderId,
      line: { sku: "TEE-BLK-M", size: "M" },
      reason: "DAMAGED",
      resolution: "REFUND",
    },
    { principal: customer("lock-case") },
  );
  const seen = (await service.store.listReturns({ limit: 100 })).data.map((r) => r.record.id);
  await report({ kind: "ack", returnId: record.id, seen });
  await parentMessage("close");
  await service.close();
  await db.close();
  lock.release();
  await report({ kind: "closed" });
  process.exit(0);
}

main().catch(failWorker);
