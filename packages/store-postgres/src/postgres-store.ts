/** @module postgres-store — `postgresStore`, through a `pg` Pool or PGlite; several processes may share it. */
import type { ReturnsStore } from "@returnkit/core";
import type { ReturnCommit, ReturnsCommit } from "@returnkit/core/store";
import { checkCommit, commit } from "./commit";
import { checkCommitMany, commitMany } from "./commit-many";
import type { StoreContext } from "./context";
import { deliveryOperations } from "./deliveries";
import { toDriver } from "./drivers";
import * as endpoints from "./endpoints";
import { erasureOperations } from "./erasure";
import { fitInsightReads } from "./fit-insights";
import { groupCommits } from "./group-commit";
import { checkHealth } from "./health";
import { idempotencyKeys } from "./idempotency";
import { applyMigrations } from "./migrate";
import { sqlNames } from "./names";
import { createDeliveryNotifier } from "./notifier";
import { checkPostgresStoreOptions, type PostgresStoreOptions } from "./options";
import { retention } from "./retention";
import { returnReads } from "./returns";
import { timerOperations } from "./timers";

export type { PostgresStoreOptions } from "./options";

/** A `ReturnsStore` whose optional parts are all there. */
export interface PostgresStore extends Required<ReturnsStore> {
  /** Applies the migrations (once per store; concurrent calls share one run). */
  init(): Promise<void>;
  /** Stops its LISTEN and what it registered on the Pool; never closes the Pool or PGlite. */
  close(): Promise<void>;
}

export function postgresStore(options: PostgresStoreOptions): PostgresStore {
  checkPostgresStoreOptions(options);
  const db = toDriver(options.db, options);
  const names = sqlNames(options);
  const notifier = createDeliveryNotifier(db, options.notify === false ? null : names.channel);
  const ctx: StoreContext = { db, names, notify: notifier.target, announce: notifier.announce };
  const alone = {
    commit: (change: ReturnCommit) => commit(ctx, change),
    commitMany: (change: ReturnsCommit) => commitMany(ctx, change),
  };
  const write = options.groupCommit === false ? alone : groupCommits(ctx, alone);
  let initialised: Promise<void> | undefined;

  return {
    name: options.name ?? (db.kind === "pg" ? "postgres" : "pglite"),
    init() {
      initialised ??= applyMigrations(db, names).then(() => undefined);
      // A failed init may be tried again (the database was not up yet, say).
      initialised.catch(() => {
        initialised = undefined;
      });
      return initialised;
    },
    async close() {
      await notifier.close();
      await db.close();
    },
    health: (probe) => checkHealth(ctx, probe),

    ...returnReads(ctx),
    ...fitInsightReads(ctx),
    async commit(change) {
      checkCommit(change);
      const outcome = await write.commit(change);
      if (outcome.deliveries > 0) notifier.announce();
      return outcome.result;
    },
    async commitMany(change) {
      checkCommitMany(change);
      const outcome = await write.commitMany(change);
      if (outcome.deliveries > 0) notifier.announce();
      return outcome.result;
    },
    ...idempotencyKeys(ctx),
    ...erasureOperations(ctx),

    saveEndpoint: (endpoint) => endpoints.saveEndpoint(ctx, endpoint),
    listEndpoints: () => endpoints.listEndpoints(ctx),
    getEndpoint: (id) => endpoints.getEndpoint(ctx, id),
    writeEndpoint: (write) => endpoints.writeEndpoint(ctx, write),
    removeEndpoint: (id, expectedVersion) => endpoints.removeEndpoint(ctx, id, expectedVersion),
    disableEndpoint: (id, reason) => endpoints.disableEndpoint(ctx, id, reason),
    ...deliveryOperations(ctx),
    onDeliveriesCreated: (listener) => notifier.subscribe(listener),

    ...retention(ctx),
    ...timerOperations(ctx),
  };
}
