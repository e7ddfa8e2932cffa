/** @module drivers/transient — statements PostgreSQL aborted for a reason that clears at once. */

/** serialization_failure, deadlock_detected: the statement or transaction did nothing. */
const TRANSIENT = new Set(["40001", "40P01"]);
const ATTEMPTS = 5;

/**
 * Runs `operation` again after a deadlock, or a serialization failure when the database's
 * default isolation is above READ COMMITTED: it did nothing, so it may simply run again.
 */
export async function retryTransient<T>(operation: () => Promise<T>): Promise<T> {
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
