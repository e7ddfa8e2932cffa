/**
 * @module drivers/pg — the store's driver for a `pg` Pool: plain parameterised queries,
 * transactions on a checked-out connection, LISTEN on one connection of its own, and the
 * outage mapping (a lost or refused connection becomes core's `StoreUnavailableError`).
 */
import { asUnavailable, isLostConnection } from "../unavailable";
import { PgNotificationListener } from "./pg-listener";
import {
  type PgPoolLike,
  type PgQueryable,
  SQL_DRIVER,
  type SqlDriver,
  type SqlTransaction,
} from "./types";

export interface PgDriverOptions {
  /**
   * Name each parameterised statement so a connection parses and plans it once (default
   * true). Turn it off behind PgBouncer in transaction mode before 1.21, which cannot route
   * named statements.
   */
  preparedStatements?: boolean;
  /**
   * Told of errors no call was waiting for: an idle pooled connection the server closed.
   * Default: a console warning, unless the host listens for the Pool's "error" itself.
   */
  onError?: (error: Error) => void;
}

/** However many idle connections the Pool holds, a read is sent again at most this many times. */
const MAX_READ_RETRIES = 16;

export function pgDriver(pool: PgPoolLike, options: PgDriverOptions = {}): SqlDriver {
  let listener: PgNotificationListener | undefined;
  const stopHearing = hearIdleErrors(pool, options.onError);
  const named = options.preparedStatements !== false;
  const send = (on: PgQueryable, text: string, values?: unknown[]) =>
    named && values ? on.query({ name: statementName(text), text, values }) : on.query(text, values);
  return {
    [SQL_DRIVER]: true,
    kind: "pg",
    async query<Row>(text: string, values?: unknown[], queryOptions?: { read?: boolean }) {
      // Retries a read has left; set at its first lost connection.
      let retries: number | undefined;
      for (;;) {
        try {
          return (await send(pool, text, values)).rows as Row[];
        } catch (error) {
          if (!queryOptions?.read || !isLostConnection(error)) throw asUnavailable(error);
          // The Pool drops the connection the read failed on, but its idle ones may have
          // died the same way (a restart or a NAT ends them all at once): try each, then a
          // new one.
          retries ??= Math.min(pool.idleCount + 1, MAX_READ_RETRIES);
          if (retries-- === 0) throw asUnavailable(error);
        }
      }
    },
    async transaction(fn) {
      try {
        return await pgTransaction(pool, send, fn);
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    listen(channel, onNotify) {
      listener ??= new PgNotificationListener(pool);
      return listener.listen(channel, onNotify);
    },
    async close() {
      stopHearing();
      await listener?.close();
      listener = undefined;
    },
  };
}

type Send = (on: PgQueryable, text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

async function pgTransaction<T>(
  pool: PgPoolLike,
  send: Send,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection that dies while checked out emits "error", which would crash the process
  // unheard; the statement waiting on it fails anyway.
  const lost = (error: Error) => {
    broken = error;
  };
  client.on("error", lost);
  try {
    // The store's statements rely on READ COMMITTED: each sees what committed before it.
    await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
    const result = await fn({
      query: async <Row>(text: string, values?: unknown[]) =>
        (await send(client, text, values)).rows as Row[],
      // Without parameters pg uses the simple protocol, which takes several statements.
      exec: async (script) => {
        await client.query(script);
      },
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch (rollbackError) {
      // The connection is unusable: the pool must drop it rather than hand it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    client.removeListener("error", lost);
    client.release(broken);
  }
}

const statementNames = new Map<string, string>();

/** The name a statement is prepared under: from its text, so every connection agrees. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `returnkit_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

type IdleErrorHandler = (error: Error) => void;

/** Per Pool: the one listener the store adds, and what each store on that Pool wants told. */
const idleErrorListeners = new WeakMap<
  PgPoolLike,
  { listener: IdleErrorHandler; handlers: Set<IdleErrorHandler> }
>();

/**
 * Keeps a database restart from crashing the host: a pg Pool emits "error" when the server
 * closes one of its idle connections, and an "error" event nobody hears kills the process.
 * The Pool has already dropped that connection, so the event only needs hearing. One
 * listener per Pool however many stores share it; returns what unregisters this one.
 */
function hearIdleErrors(pool: PgPoolLike, onError: PgDriverOptions["onError"]): () => void {
  if (!pool.on || !pool.removeListener) return () => {};
  // A function of its own per registration, so two stores passing one onError stay two.
  const handler: IdleErrorHandler = (error) => {
    if (onError) onError(error);
    // Only ours listens: nobody else will say that the connection was lost.
    else if ((pool.listenerCount?.("error") ?? 1) <= 1) {
      console.warn(`returnkit: an idle PostgreSQL connection was closed (${error.message})`);
    }
  };
  let entry = idleErrorListeners.get(pool);
  if (!entry) {
    const handlers = new Set<IdleErrorHandler>();
    const listener: IdleErrorHandler = (error) => {
      for (const handle of handlers) handle(error);
    };
    entry = { handlers, listener };
    idleErrorListeners.set(pool, entry);
    pool.on("error", listener);
  }
  const { handlers, listener } = entry;
  handlers.add(handler);
  return () => {
    if (!handlers.delete(handler) || handlers.size > 0) return;
    pool.removeListener?.("error", listener);
    idleErrorListeners.delete(pool);
  };
}
