/**
 * @module drivers/pg-listener — LISTEN through one connection of the Pool, opened while
 * anyone listens and again, with backoff, after it drops. What was sent meanwhile is lost,
 * so each reconnect calls every callback once with an empty payload.
 */
import type { PgPoolClientLike, PgPoolLike } from "./types";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 30_000;

export class PgNotificationListener {
  readonly #pool: PgPoolLike;
  readonly #callbacks = new Map<string, Set<(payload: string) => void>>();
  #client: Promise<PgPoolClientLike> | undefined;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;

  constructor(pool: PgPoolLike) {
    this.#pool = pool;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error("postgresStore: the notification listener is closed");
    const callbacks = this.#callbacks.get(channel) ?? new Set();
    this.#callbacks.set(channel, callbacks);
    callbacks.add(callback);
    if (callbacks.size === 1) {
      // LISTEN twice is harmless, so this also covers a connection opened meanwhile.
      await this.#connect()
        .then((client) => client.query(`LISTEN ${quote(channel)}`))
        // The database is away: keep the callback and come back (it is woken then).
        .catch(() => this.#scheduleReconnect());
    }
    return async () => {
      if (!callbacks.delete(callback) || callbacks.size > 0) return;
      this.#callbacks.delete(channel);
      if (this.#callbacks.size === 0) await this.#disconnect();
      else await (await this.#client)?.query(`UNLISTEN ${quote(channel)}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#callbacks.clear();
    clearTimeout(this.#retryTimer);
    await this.#disconnect();
  }

  #connect(): Promise<PgPoolClientLike> {
    if (this.#client) return this.#client;
    const opening = this.#open();
    this.#client = opening;
    // A failed open is forgotten, so the next attempt opens again.
    opening.catch(() => {
      if (this.#client === opening) this.#client = undefined;
    });
    return opening;
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
      // Only the connection in use is replaced; one that dropped while opening just fails.
      void this.#client?.then(
        (current) => {
          if (current !== client) return;
          this.#client = undefined;
          destroy(client);
          this.#scheduleReconnect();
        },
        () => {},
      );
    };
    client.on("error", lost);
    client.on("end", lost);
    try {
      for (const channel of this.#callbacks.keys()) await client.query(`LISTEN ${quote(channel)}`);
      if (this.#closed || dropped) throw new Error("postgresStore: the LISTEN connection closed");
    } catch (error) {
      destroy(client);
      throw error;
    }
    this.#retryMs = FIRST_RETRY_MS;
    return client;
  }

  async #disconnect(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    const open = await client?.catch(() => undefined);
    if (open) destroy(open);
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

/** Hands the connection back for the Pool to close, never to reuse (it may be broken). */
function destroy(client: PgPoolClientLike): void {
  try {
    client.release(true);
  } catch {} // released already: an `error` and an `end` for the same connection
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
