/**
 * @module unavailable — which `pg` errors mean "the database cannot serve this right now"
 * (a 503 with Retry-After, not a 500): a failed socket; a session the server refused or
 * ended; `pg` giving up on a connection (a message, no code: its texts as of pg 8); or a
 * statement turned away for now (a timeout, a read-only standby, a server short of
 * resources), which ended before anything committed. Serialization failures and deadlocks
 * are retried instead (drivers/pg.ts).
 */
import { StoreUnavailableError } from "@returnkit/core";

const UNAVAILABLE_CODES = new Set([
  // Node's socket errors.
  ...["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"],
  ...["ENOTFOUND", "EAI_AGAIN"],
  // A shutdown, a crash, a server starting or recovering, an idle session timed out.
  ...["57P01", "57P02", "57P03", "57P05"],
  // statement_timeout (or pg_cancel_backend), lock_timeout, a read-only standby.
  ...["57014", "55P03", "25006"],
]);

const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  // The Pool's query_timeout: the server did not answer in time, and may yet commit.
  "Query read timeout",
];

/** Whether `error` means the database cannot serve the call now (rather than a defect). */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    // Class 08: connection exceptions; class 53: insufficient resources.
    return UNAVAILABLE_CODES.has(code) || code.startsWith("08") || code.startsWith("53");
  }
  return typeof message === "string" && PG_MESSAGES.some((text) => message.startsWith(text));
}

/** Codes of a connection that broke under a statement: its socket, or the server ending it. */
const LOST_CODES = new Set([
  // A NAT, load balancer or proxy that dropped the idle connection answers with a reset.
  ...["ECONNRESET", "EPIPE"],
  // The session ended (shutdown, crash, idle timeout); the connection does not exist, failed.
  ...["57P01", "57P02", "57P05", "08003", "08006"],
]);

/** pg's words for a connection that broke under a statement, or was already broken. */
const LOST_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
]);

/**
 * Whether the connection under a statement was lost, as happens to pooled connections a
 * restart, a failover or a NAT's idle timeout ended while they sat in the Pool: another
 * connection may serve it. Not refused connections nor timeouts (a server that is down or
 * hangs would only make the caller wait twice), nor the server's answer about the statement.
 */
export function isLostConnection(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") return LOST_CODES.has(code);
  return typeof message === "string" && LOST_MESSAGES.has(message);
}

/** `error` as a StoreUnavailableError if the database cannot serve now; otherwise unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (!isUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The database cannot serve this right now: ${reason}`, {
    cause: error,
  });
}
