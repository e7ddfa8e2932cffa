/**
 * @module postgres-store — `postgresStore`, through a `pg` Pool or PGlite. Processes may share
 * one database: commits serialise per return on its row, keys on their unique index, and
 * commits with a line allowance per order on an advisory lock.
 */
import type { ReturnsStore, StoreHealth } from "@returnkit/core";
import { checkCommit, commit } from "./commit";
import type { StoreContext } from "./context";
import * as deliveries from "./deliveries";
import { toDriver } from "./drivers";
import * as endpoints from "./endpoints";
import * as idempotency from "./idempotency";
import { applyMigrations, upToDate } from "./migrate";
import { sqlNames } from "./names";
import { createDeliveryNotifier } from "./notifier";
import { checkPostgresStoreOptions, type PostgresStoreOptions } from "./options";

export type { PostgresStoreOptions } from "./options";

import { purge } from "./retention";
import { getReturn, listReturns, returnedQuantities } from "./returns";

/** A `ReturnsStore` whose optional parts are all there. */
export interface PostgresStore extends ReturnsStore {
  /** Applies the migrations (once per store; concurrent calls share one run). */
  init(): Promise<void>;
  /** Releases the LISTEN connection the store opened; never the caller's pool or PGlite. */
  close(): Promise<void>;
  health(): Promise<StoreHealth>;
  nextDeliveryDueAt(now?: number, subscribers?: readonly string[]): Promise<number | null>;
  onDeliveriesCreated(listener: () => void): () => void;
}

export function postgresStore(options: PostgresStoreOptions): PostgresStore {
  checkPostgresStoreOptions(options);
  const db = toDriver(options.db, options);
  const names = sqlNames(options);
  const notifier = createDeliveryNotifier(db, options.notify === false ? null : names.channel);
  const ctx: StoreContext = { db, names, notify: notifier.target };
  let initialised: Promise<void> | undefined;

  return {
    name: options.name ?? (db.kind === "pg" ? "postgres" : "pglite"),

    init() {
      initialised ??= applyMigrations(db.transaction.bind(db), names).then(() => undefined);
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

    // A query that fails (the database is down) rejects: the caller counts it as unreachable.
    health: async () => ({ reachable: true, migrationsCurrent: await upToDate(db, names) }),

    getReturn: (id) => getReturn(ctx, id),
    listReturns: (query) => listReturns(ctx, query),

    async commit(change) {
      checkCommit(change);
      const outcome = await commit(ctx, change);
      if (outcome.deliveries > 0) notifier.announce();
      return outcome.result;
    },
    returnedQuantities: (orderId) => returnedQuantities(ctx, orderId),

    recordIdempotencyAnswer: (answer) => idempotency.recordIdempotencyAnswer(ctx, answer),
    getIdempotencyRecord: (key, now) => idempotency.getIdempotencyRecord(ctx, key, now),

    saveEndpoint: (endpoint) => endpoints.saveEndpoint(ctx, endpoint),
    listEndpoints: () => endpoints.listEndpoints(ctx),
    removeEndpoint: (id) => endpoints.removeEndpoint(ctx, id),
    disableEndpoint: (id, reason) => endpoints.disableEndpoint(ctx, id, reason),

    claimDeliveries: (request) => deliveries.claimDeliveries(ctx, request),
    recordDeliveryAttempt: (request) => deliveries.recordDeliveryAttempt(ctx, request),
    async redeliver(request) {
      const revived = await deliveries.redeliver(ctx, request);
      if (revived > 0) notifier.announce();
      return revived;
    },
    listDeliveries: (filter) => deliveries.listDeliveries(ctx, filter),
    listEvents: (returnId) => deliveries.listEvents(ctx, returnId),
    nextDeliveryDueAt: (now, subscribers) => deliveries.nextDeliveryDueAt(ctx, now, subscribers),
    onDeliveriesCreated: (listener) => notifier.subscribe(listener),

    purge: (request) => purge(ctx, request),
  };
}
