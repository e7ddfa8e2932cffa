/**
 * @module drivers/pg — the driver for a `pg` Pool: a read runs again if its connection was
 * found dead, and outages become core's `StoreUnavailableError`.
 */
import { asUnavailable, isLostConnection } from "../unavailable";
import { listenOnPool } from "./pg-listener";
import type { PgPoolLike, PgQueryable, SqlDriver, SqlTransaction } from "./types";
import { SQL_DRIVER } from "./types";

export interface PgDriverOptions {
  /** Prepare each statement once per connection (default true; off behind PgBouncer < 1.21). */
  preparedStatements?: boolean;
  /** Told of an idle pooled connection the server closed (default: a console warning). */
  onError?: (error: Error) => void;
}

/** However many idle connections the Pool holds, a read is sent again at most this many times. */
const MAX_READ_RETRIES = 16;

export function pgDriver(pool: PgPoolLike, options: PgDriverOptions = {}): SqlDriver {
  const stopHearing = hearIdleErrors(pool, options.onError);
  const named = options.preparedStatements !== false;
  const send = async <Row>(on: PgQueryable, text: string, values?: unknown[]) => {
    const result = await (named && values
      ? on.query({ name: statementName(text), text, values })
      : on.query(text, values));
    return result.rows as Row[];
  };
  return {
    [SQL_DRIVER]: true,
    kind: "pg",
    async query<Row>(text: string, values?: unknown[], { read = false } = {}) {
      let retries: number | undefined; // a read's, counted from its first lost connection
      for (;;) {
        try {
          return await retryTransient(() => send<Row>(pool, text, values));
        } catch (error) {
          if (!read || !isLostConnection(error)) throw asUnavailable(error);
          // A restart or a NAT ends the idle connections all at once: try each, then a new one.
          retries ??= Math.min(pool.idleCount + 1, MAX_READ_RETRIES);
          if (retries-- === 0) throw asUnavailable(error);
        }
      }
    },
    transaction: (fn) =>
      retryTransient(() => pgTransaction(pool, send, fn)).catch((error) => {
        throw asUnavailable(error);
      }),
    listen: (channel, onNotify) => listenOnPool(pool, channel, onNotify),
    close: async () => stopHearing(),
  };
}

async function pgTransaction<T>(
  pool: PgPoolLike,
  send: <Row>(on: PgQueryable, text: string, values?: unknown[]) => Promise<Row[]>,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A connection dying while checked out emits "error", which unheard crashes the process;
  // one that broke (or cannot roll back) is released for the Pool to drop, never reused.
  let broken: Error | undefined;
  const lost = (error: Error) => {
    broken = error;
  };
  client.on("error", lost);
  try {
    // The store's statements rely on READ COMMITTED: each sees what committed before it.
    await client.query("BEGIN ISOLATION LEVEL READ COMMITTED");
    const result = await fn({
      query: (text, values) => send(client, text, values),
      // Without parameters pg uses the simple protocol, which takes several statements.
      exec: async (script) => void (await client.query(script)),
    });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(lost);
    throw error;
  } finally {
    client.removeListener("error", lost);
    client.release(broken);
  }
}

const statementNames = new Map<string, string>();

/** The name a statement is prepared under, the same on every connection. */
function statementName(text: string): string {
  const name = statementNames.get(text) ?? `returnkit_${statementNames.size + 1}`;
  statementNames.set(text, name);
  return name;
}

/** Per Pool, the handlers of the stores sharing it, which the Pool's one listener calls. */
const idleErrorHandlers = new WeakMap<PgPoolLike, Set<(error: Error) => void>>();

/**
 * Keeps a restart from crashing the host: a Pool emits "error" when the server closes an
 * idle connection (already dropped by the Pool), and an unheard "error" event kills the
 * process. One listener per Pool however many stores share it; returns what unregisters.
 */
function hearIdleErrors(pool: PgPoolLike, onError: PgDriverOptions["onError"]): () => void {
  if (!pool.on || !pool.removeListener) return () => {};
  // A function of its own per registration, so two stores passing one onError stay two.
  const handler = (error: Error) => {
    if (onError) onError(error);
    // Only ours listens: nobody else will say that the connection was lost.
    else if ((pool.listenerCount?.("error") ?? 1) <= 1)
      console.warn(`returnkit: an idle PostgreSQL connection was closed (${error.message})`);
  };
  const handlers = idleErrorHandlers.get(pool) ?? new Set();
  if (handlers.size === 0) {
    idleErrorHandlers.set(pool, handlers);
    pool.on("error", callIdleErrorHandlers);
  }
  handlers.add(handler);
  return () => {
    if (handlers.delete(handler) && handlers.size === 0)
      pool.removeListener?.("error", callIdleErrorHandlers);
  };
}

/** The listener on every Pool: `this` is the Pool that emitted. */
function callIdleErrorHandlers(this: PgPoolLike, error: Error): void {
  for (const handle of idleErrorHandlers.get(this) ?? []) handle(error);
}

/** serialization_failure, deadlock_detected: the statement or transaction did nothing. */
const TRANSIENT = new Set(["40001", "40P01"]);
const ATTEMPTS = 5;

/** Runs `operation` again after a deadlock or (above READ COMMITTED) a serialization failure. */
async function retryTransient<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= ATTEMPTS || typeof code !== "string" || !TRANSIENT.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
