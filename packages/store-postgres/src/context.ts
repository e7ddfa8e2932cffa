/** @module context — what every group of store operations shares. */
import type { SqlDriver } from "./drivers/types";
import type { SqlNames } from "./names";

export interface StoreContext {
  db: SqlDriver;
  names: SqlNames;
  /** Where commits and redeliveries announce new work, or null when `notify` is off. */
  notify: { channel: string; payload: string } | null;
}

/** serialization_failure, deadlock_detected: the statement did nothing and may simply run again. */
const TRANSIENT = new Set(["40001", "40P01"]);
const ATTEMPTS = 5;

/**
 * Runs a single-statement operation again when PostgreSQL aborted it for a transient
 * reason: a deadlock between two commits that lock the same rows in another order, or a
 * serialization failure when the database's default isolation is above READ COMMITTED.
 * `alsoTransient` names errors the caller knows to be transient for its own statement.
 */
export async function retryTransient<T>(
  operation: () => Promise<T>,
  alsoTransient: (error: unknown) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const transient = (typeof code === "string" && TRANSIENT.has(code)) || alsoTransient(error);
      if (attempt >= ATTEMPTS || !transient) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
