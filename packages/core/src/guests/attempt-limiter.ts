/**
 * @module guests/attempt-limiter — a fixed-window count of attempts per key, in this process's
 * memory, bounded: at most `maxKeys` windows are kept, so random keys (an attacker's guessed
 * order numbers) cannot grow it without bound. A shop of several processes allows each its own
 * count; a shared limit belongs in front of them (the load balancer's, or a store's).
 */

interface AttemptLimits {
  /** Attempts a key may make per window. */
  limit: number;
  windowMs: number;
  /** Windows kept at most; when full, expired ones go first, then the oldest. */
  maxKeys: number;
}

/** Allowed, or refused with the seconds until the key's window ends. */
type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface AttemptLimiter {
  /** Counts an attempt for `key` at `now` (epoch ms) unless its window is used up. */
  take(key: string, now: number): Attempt;
  /** The windows kept now (for tests and metrics). */
  readonly size: number;
}

export function createAttemptLimiter(limits: AttemptLimits): AttemptLimiter {
  // Insertion order is start order (a window is re-inserted when it restarts), so the
  // oldest windows are always first.
  const windows = new Map<string, { start: number; count: number }>();

  function makeRoom(now: number): void {
    for (const [key, window] of windows) {
      if (windows.size < limits.maxKeys && now - window.start < limits.windowMs) return;
      windows.delete(key);
    }
  }

  return {
    take(key, now) {
      let window = windows.get(key);
      if (window && now - window.start >= limits.windowMs) {
        windows.delete(key);
        window = undefined;
      }
      if (!window) {
        makeRoom(now);
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      if (window.count >= limits.limit) {
        const left = window.start + limits.windowMs - now;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
      }
      window.count += 1;
      return { allowed: true };
    },
    get size() {
      return windows.size;
    },
  };
}
