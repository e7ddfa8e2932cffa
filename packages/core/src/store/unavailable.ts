/**
 * @module store/unavailable — how a store says "my database cannot serve this right now".
 *
 * A database restart, a failover, a full connection pool or a statement the database
 * cancelled under load is an outage, not a defect, and a client should hear the difference:
 * the HTTP layer answers this error with 503 `store-unavailable` and `Retry-After`, where any
 * other unexpected error is a 500. A write that failed this way may or may not have
 * committed (the answer can be lost with the connection), which is what idempotency keys
 * are for: retried with the same key, it is applied at most once.
 *
 * Recognised by a brand rather than `instanceof`, so a store built against another copy of
 * this package (its CommonJS build beside our ES module, say) is still understood.
 */

const BRAND = Symbol.for("returnkit.StoreUnavailableError");

export class StoreUnavailableError extends Error {
  readonly [BRAND] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/** Whether `error` is a store's "my database cannot serve this now" (from any copy of returnkit). */
export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as Record<symbol, unknown>)[BRAND] === true
  );
}
