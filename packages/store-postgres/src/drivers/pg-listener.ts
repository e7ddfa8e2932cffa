/**
 * @module drivers/pg-listener — LISTEN on a `pg` Pool through one dedicated connection that comes
 * back after it drops.
 *
 * A notification sent while the connection was down is lost, so after every reconnect each
 * callback is called once with an empty payload: the store treats that as "something may
 * have happened" and a dispatcher looks for work.
 */
import type { PgPoolClientLike, PgPoolLike } from "./types";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 30_000;

export class PgNotificationListener {
  readonly #pool: PgPoolLike;
  readonly #callbacks = new Map<string, Set<(payload: string) => void>>();
  #client: PgPoolClientLike | undefined;
  #connecting: Promise<PgPoolClientLike> | undefined;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(pool: PgPoolLike) {
    this.#pool = pool;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error("postgresStore: the notification listener is closed");
    let callbacks = this.#callbacks.get(channel);
    const first = !callbacks;
    if (!callbacks) {
      callbacks = new Set();
      this.#callbacks.set(channel, callbacks);
    }
    callbacks.add(callback);
    if (first) {
      try {
        // LISTEN twice is harmless, so this also covers a connection opened meanwhile.
        const client = await this.#connect();
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      } catch {
        // The database is away: keep the callback and come back (it is woken then).
        this.#scheduleReconnect();
      }
    }
    return async () => {
      if (!callbacks.delete(callback) || callbacks.size > 0) return;
      this.#callbacks.delete(channel);
      if (this.#callbacks.size === 0) await this.#disconnect();
      else await this.#client?.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#callbacks.clear();
    clearTimeout(this.#retryTimer);
    await this.#connecting?.catch(() => {});
    await this.#disconnect();
  }

  #connect(): Promise<PgPoolClientLike> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<PgPoolClientLike> {
    const client = await this.#pool.connect();
    client.on("notification", (message) => {
      for (const callback of this.#callbacks.get(message.channel) ?? [])
        callback(message.payload ?? "");
    });
    let dropped = false;
    const lost = () => {
      dropped = true;
      this.#lost(client);
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      for (const channel of this.#callbacks.keys())
        await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    } catch (error) {
      destroy(client);
      throw error;
    }
    if (this.#closed || dropped) {
      destroy(client);
      throw new Error("postgresStore: the LISTEN connection closed while it was opening");
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    return client;
  }

  async #disconnect(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client) destroy(client);
  }

  #lost(client: PgPoolClientLike): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    destroy(client);
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#callbacks.size === 0 || this.#retryTimer) return;
    const delay = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, MAX_RETRY_MS);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#connect().then(
        () => {
          for (const callbacks of this.#callbacks.values())
            for (const callback of callbacks) callback("");
        },
        () => this.#scheduleReconnect(),
      );
    }, delay);
    // A reconnect loop must not keep the host process alive on its own.
    this.#retryTimer.unref?.();
  }
}

/**
 * Hands the connection back for the pool to close, never to reuse: it carries our listeners
 * and LISTENs, and may be broken.
 */
function destroy(client: PgPoolClientLike): void {
  try {
    client.release(true);
  } catch {
    // Released already (an `error` and an `end` for the same connection).
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
