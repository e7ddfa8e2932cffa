/**
 * @module notifier — `onDeliveriesCreated` across processes. Listeners in this process are
 * called directly; the NOTIFY payload names the store instance that sent it, so the echo of
 * our own notification is skipped and other processes' are heard.
 */
import type { SqlDriver } from "./drivers/types";

export function createDeliveryNotifier(db: SqlDriver, channel: string | null) {
  const instance = `store_${crypto.randomUUID()}`;
  const listeners = new Set<() => void>();
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined;

  function wake() {
    for (const listener of listeners) {
      queueMicrotask(() => {
        // A listener only wakes a loop; its failure is its own and must not become an
        // unhandled exception in whichever commit happened to trigger it.
        if (!listeners.has(listener)) return;
        try {
          listener();
        } catch {}
      });
    }
  }

  function stopListening() {
    const pending = unlisten;
    unlisten = undefined;
    return pending?.then((stop) => stop?.()).catch(() => {});
  }

  return {
    /** The channel and payload commits send, or null when notifications are off. */
    target: channel ? { channel, payload: instance } : null,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (channel && !unlisten) {
        unlisten = db
          .listen(channel, (payload) => {
            if (payload !== instance) wake();
          })
          .catch(() => undefined);
      }
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) void stopListening();
      };
    },
    /** Wakes this process's listeners after a local commit or redelivery. */
    announce: wake,
    async close() {
      listeners.clear();
      await stopListening();
    },
  };
}
