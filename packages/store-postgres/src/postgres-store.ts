/**
 * @module postgres-store — `postgresStore`: the returnkit store on PostgreSQL, through a
 * `pg` Pool or PGlite.
 *
 * Several processes may share one database: commits serialise per return on its row,
 * idempotency claims on their key, and dispatchers claim deliveries with SKIP LOCKED.
 */
import type { ReturnCommit, ReturnsStore } from "@returnkit/core";
import {
  type CommitOutcome,
  checkCommit,
  commitStatements,
  isCreateRace,
  runCommits,
} from "./commit";
import { CommitBatcher, type CommitBatchingOptions, type RunCommits } from "./commit-batcher";
import { retryTransient, type StoreContext } from "./context";
import { type DatabaseInput, toSqlDatabase } from "./database";
import * as deliveries from "./deliveries";
import * as endpoints from "./endpoints";
import * as idempotency from "./idempotency";
import { applyMigrations } from "./migrate";
import { type NamesOptions, sqlNames } from "./names";
import { createDeliveryNotifier } from "./notifier";
import { checkPostgresStoreOptions } from "./options";
import { ReadBatcher } from "./read-batcher";
import { purge } from "./retention";
import { listReturns, readReturns } from "./returns";
import { toStoredReturn } from "./rows";

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
   * Prepare each statement once per connection (pg only; default true). Turn it off behind
   * PgBouncer in transaction mode before 1.21, which cannot route named statements.
   */
  preparedStatements?: boolean;
  /**
   * Group commit, off by default (`true` or options turn it on): while `maxInFlight` commit
   * statements (default 2) are running, further commits queue and go together in the next
   * statement, up to `maxSize` (default 64). A commit waits only for the end of the event
   * loop's current turn, so writers woken together commit together, and share each
   * statement's round trip and WAL flush instead of each paying its own. The price: commits
   * that share a statement with one waiting on a row another session locked wait with it.
   * Off, each commit is its own statement on a connection of the Pool, and a locked row holds
   * up only the commits of its own return.
   */
  commitBatching?: boolean | CommitBatchingOptions;
  /**
   * Errors no call was waiting for: an idle connection of the Pool that the server closed
   * (a restart, a failover). The store listens for the Pool's "error" event so that such a
   * closure never crashes the process (an unheard "error" event does), and the Pool opens a
   * new connection on the next query. Default: a console warning, unless the host listens
   * for the Pool's "error" itself. Calls made while the database cannot be reached reject
   * with `StoreUnavailableError` (from `@returnkit/core`; a 503 over HTTP).
   */
  onError?: (error: Error) => void;
}

/** A `ReturnsStore` whose optional parts are all there. */
export interface PostgresStore extends ReturnsStore {
  /** Applies the migrations (once per store; concurrent calls share one run). */
  init(): Promise<void>;
  /** Releases the LISTEN connection the store opened; never the caller's pool or PGlite. */
  close(): Promise<void>;
  nextDeliveryDueAt(now?: number): Promise<number | null>;
  onDeliveriesCreated(listener: () => void): () => void;
}

export function postgresStore(options: PostgresStoreOptions): PostgresStore {
  checkPostgresStoreOptions(options);
  const db = toSqlDatabase(options.db, {
    preparedStatements: options.preparedStatements,
    onError: options.onError,
  });
  const names = sqlNames(options);
  const notifier = createDeliveryNotifier(db, options.notify === false ? null : names.channel);
  const ctx: StoreContext = { db, names, notify: notifier.target };
  const statements = commitStatements(names);
  const readKey = (key: string) => idempotency.readIdempotencyKey(ctx, key);
  const run = (batch: readonly ReturnCommit[]) =>
    retryTransient(
      () => runCommits(db, statements, batch, ctx.notify, readKey),
      (error) => isCreateRace(error, names),
    );
  const commitOne = commitSender(run, options.commitBatching);
  const reads = new ReadBatcher((ids) => readReturns(ctx, ids));
  let initialised: Promise<void> | undefined;

  return {
    name: options.name ?? (db.dialect === "pglite" ? "pglite" : "postgres"),
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

    async getReturn(id) {
      // PostgreSQL text cannot hold NUL, so no row has such an id; sent along, it would fail
      // the statement for every other read of its turn.
      if (id.includes("\u0000")) return null;
      const row = await reads.read(id);
      return row ? toStoredReturn(row) : null;
    },
    listReturns: (query) => listReturns(ctx, query),

    async commit(commit) {
      checkCommit(commit);
      const outcome = await commitOne(commit);
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
    listEvents: async (returnId) => deliveries.listEvents(ctx, returnId),
    nextDeliveryDueAt: (now) => deliveries.nextDeliveryDueAt(ctx, now),
    onDeliveriesCreated: (listener) => notifier.subscribe(listener),

    purge: (request) => retryTransient(() => purge(ctx, request)),
  };
}

/**
 * How commits reach the database: each as its own statement (the default), or through the
 * group-commit batcher when `commitBatching` asks for it.
 */
function commitSender(
  run: RunCommits,
  batching: boolean | CommitBatchingOptions | undefined,
): (commit: ReturnCommit) => Promise<CommitOutcome> {
  if (batching === undefined || batching === false) {
    return async (commit) => (await run([commit]))[0]!;
  }
  const batcher = new CommitBatcher(run, batching === true ? {} : batching);
  return (commit) => batcher.commit(commit);
}
