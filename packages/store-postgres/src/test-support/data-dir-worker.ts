/**
 * @module test-support/data-dir-worker — one process of the data-directory lock case, bundled
 * once into plain JavaScript by the project's global setup (`worker-bundles.ts`), so that it
 * starts in well under a second.
 * Opens `postgresStore({ db: new PGlite(dir) })` as a host would, without calling
 * `lockDataDir`, creates one return and prints `ready <return id>`, then holds the directory
 * until its stdin closes. A process the store refuses prints `refused <holder pid> <message>`.
 */
import { PGlite } from "@electric-sql/pglite";
import { createReturnsService } from "@returnkit/core";
import { DataDirInUseError } from "../data-dir-lock";
import { postgresStore } from "../postgres-store";

async function main(dir: string) {
  let store: ReturnType<typeof postgresStore>;
  try {
    store = postgresStore({ db: new PGlite(dir) });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log(`refused ${error.pid} ${error.message}`);
    process.exit(0);
  }
  const service = createReturnsService({
    store,
    idempotency: { required: false },
    retention: { intervalMs: 0 },
  });
  const { record } = await service.createReturn(
    {
      order_id: "ord_lock_case",
      line: { sku: "TEE-BLK-M", size: "M" },
      reason: "DAMAGED",
      resolution: "REFUND",
    },
    { principal: { kind: "portal", id: "lock-case", scopes: ["portal:returns.write"] } },
  );
  console.log(`ready ${record.id}`);
  process.stdin.resume();
  process.stdin.on("end", () => process.exit(0));
}

main(process.argv[2]!).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
