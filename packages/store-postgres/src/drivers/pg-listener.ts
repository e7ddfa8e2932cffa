/**
 * @module drivers/pg-listener — LISTEN on one channel through a connection of the Pool's own,
 * held until stopped and opened again, with backoff, after it drops. What was sent meanwhile
 * is lost, so each reconnect calls the callback once with an empty payload.
 */
import type { PgPoolClientLike, PgPoolLike } from "./types";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 30_000;

/** Resolves once listening, or once the first attempt failed (it keeps trying then), to `stop`. */
export async function listenOnPool(
  pool: PgPoolLike,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: PgPoolClientLike | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  async function open(): Promise<void> {
    const opened = await pool.connect();
    let dropped = false;
    const lost = () => {
      dropped = true;
      // Only the connection in use is replaced; one that dropped while opening just fails.
      if (client !== opened) return;
      client = undefined;
      destroy(opened);
      reconnectLater();
    };
    opened.on("error", lost);
    opened.on("end", lost);
    opened.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await opened.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      if (stopped || dropped) throw new Error("postgresStore: the LISTEN connection closed");
    } catch (error) {
      destroy(opened);
      throw error;
    }
    client = opened;
    retryMs = FIRST_RETRY_MS;
  }

  function reconnectLater(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open().then(() => onNotify(""), reconnectLater);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    retryTimer.unref?.(); // a reconnect loop must not keep the host process alive on its own
  }

  await open().catch(reconnectLater);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    if (client) destroy(client);
    client = undefined;
  };
}

/** Hands the connection back for the Pool to close, never to reuse (it may be broken). */
function destroy(client: PgPoolClientLike): void {
  try {
    client.release(true);
  } catch {} // released already: an `error` and an `end` for the same connection
}
