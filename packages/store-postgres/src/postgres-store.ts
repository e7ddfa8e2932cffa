/**
 * @module postgres-store — `postgresStore`: the returnkit store on PostgreSQL, through a
 * `pg` Pool or PGlite.
 *
 * Several processes may share one database: commits serialise per return on its row,
 * idempotency keys on their unique index, and dispatchers claim deliveries with SKIP LOCKED.
 */
import type { ReturnsStore } from "@returnkit/core";
import { checkCommit, commit } from "./commit";
import { retryTransient, type StoreContext } from "./context";
import * as deliveries from "./deliveries";
import { type DatabaseInput, toDriver } from "./drivers";
import * as endpoints from "./endpoints";
import * as idempotency from "./idempotency";
import { applyMigrations } from "./migrate";
import { type NamesOptions, sqlNames } from "./names";
import { createDeliveryNotifier } from "./notifier";
import { purge } from "./retention";
import { getReturn, listReturns } from "./returns";

export interface PostgresStoreOptions extends NamesOptions {
  /**
   * A `pg` Pool or a PGlite instance. The store never closes it: `close()` only releases
   * what the store opened itself (its LISTEN connection).
   */
  db: DatabaseInput;
  /**
   * Announce new deliveries with NOTIFY and LISTEN for other processes' (default true).
   * Turn it off behind a pooler in transaction mode (PgBouncer), where LISTEN does not
   * work: listeners then hear only this process's commits, and dispatchers rely on polling.
   */
  notify?: boolean;
  /** `store.name`; defaults to `postgres` or `pglite` by the kind of `db`. */
  name?: string;
  /**
   * On a `pg` Pool, name each statement so a connection parses and plans it once (default
   * true). Turn it off behind PgBouncer in transaction mode before 1.21.
   */
  preparedStatements?: boolean;
  /**
   * Errors no call was waiting for: an idle connection of the Pool that the server closed
   * (a restart, a failover). The store listens for the Pool's "error" event so that such a
   * closure never crashes the process, and the Pool opens a new connection on the next
   * query. Default: a console warning, unless the host listens for the Pool's "error"
   * itself. Calls made while the database cannot be reached reject with
   * `StoreUnavailableError` (from `@returnkit/core`; a 503 over HTTP).
   */
  onError?: (error: Error) => void;
}

/** A `ReturnsStore` whose optional parts are all there. */
export interface PostgresStore extends ReturnsStore {
  /** Applies the migrations (once per store; concurrent calls share one run). */
  init(): Promise<void>;
  /** Releases the LISTEN connection the store opened; never the caller's pool or PGlite. */
  close(): Promise<void>;
  nextDeliveryDueAt(): Promise<number | null>;
  onDeliveriesCreated(listener: () => void): () => void;
}

export function postgresStore(options: PostgresStoreOptions): PostgresStore {
  const db = toDriver(options.db, {
    onError: options.onError,
    preparedStatements: options.preparedStatements,
  });
  const names = sqlNames(options);
  const notifier = createDeliveryNotifier(db, options.notify === false ? null : names.channel);
  const ctx: StoreContext = { db, names, notify: notifier.target };
  let initialised: Promise<void> | undefined;

  return {
    name: options.name ?? (db.kind === "pg" ? "postgres" : "pglite"),
    // Every read is a query: the service may start a write from the version it saw last.
    remote: true,

    init() {
      initialised ??= applyMigrations(db.transaction.bind(db), names).then(
        () => undefined,
        (error) => {
          // A failed init may be retried (the database was not up yet, say).
          initialised = undefined;
          throw error;
        },
      );
      return initialised;
    },

    async close() {
      await notifier.close();
      await db.close();
    },

    getReturn: (id) => getReturn(ctx, id),
    listReturns: (query) => listReturns(ctx, query),

    async commit(change) {
      checkCommit(change);
      const outcome = await retryTransient(() => commit(ctx, change));
      if (outcome.deliveries > 0) notifier.announce();
      return outcome.result;
    },

    claimIdempotencyKey: (request) =>
      retryTransient(() => idempotency.claimIdempotencyKey(ctx, request)),
    completeIdempotencyKey: (completion) =>
      retryTransient(() => idempotency.completeIdempotencyKey(ctx, completion)),
    releaseIdempotencyKey: (key, token) =>
      retryTransient(() => idempotency.releaseIdempotencyKey(ctx, key, token)),

    saveEndpoint: (endpoint) => endpoints.saveEndpoint(ctx, endpoint),
    listEndpoints: () => endpoints.listEndpoints(ctx),
    removeEndpoint: (id) => retryTransient(() => endpoints.removeEndpoint(ctx, id)),
    disableEndpoint: (id, reason) => endpoints.disableEndpoint(ctx, id, reason),

    claimDeliveries: (request) => retryTransient(() => deliveries.claimDeliveries(ctx, request)),
    recordDeliveryAttempt: (request) =>
      retryTransient(() => deliveries.recordDeliveryAttempt(ctx, request)),
    async redeliver(request) {
      const revived = await retryTransient(() => deliveries.redeliver(ctx, request));
      if (revived > 0) notifier.announce();
      return revived;
    },
    listDeliveries: (filter) => deliveries.listDeliveries(ctx, filter),
    listEvents: (returnId) => deliveries.listEvents(ctx, returnId),
    nextDeliveryDueAt: () => deliveries.nextDeliveryDueAt(ctx),
    onDeliveriesCreated: (listener) => notifier.subscribe(listener),

    purge: (request) => retryTransient(() => purge(ctx, request)),
  };
}
