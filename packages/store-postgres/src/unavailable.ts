/**
 * @module unavailable — which `pg` errors mean "the database cannot serve this right now",
 * so the store throws them as core's `StoreUnavailableError` (a 503 with Retry-After over
 * HTTP) instead of letting them pass for a defect (a 500).
 *
 * Four kinds: the socket failed (Node's own error codes); the server refused or ended the
 * session (SQLSTATE class 08, a shutdown or a server still starting, an idle session timed
 * out); `pg` itself gave up on the connection, which it reports with a message and no code
 * at all (its texts below, as of pg 8 and pg-pool 3); or the server is there but turned
 * the statement away for now (`BUSY_CODES`).
 *
 * The last kind is a database under strain or mid-failover, not a bad request: a statement
 * cancelled by the host's `statement_timeout` or `lock_timeout`, a write sent to a server
 * that is read-only (a standby the Pool reached during a failover), a server out of disk,
 * memory or connections (class 53). Each ends its statement before anything commits (a
 * cancel is never acted on inside a commit), so the write simply did not happen, and the
 * same Idempotency-Key runs it later. Serialization failures and deadlocks are not here:
 * the store runs those statements again itself (context.ts), as they clear at once.
 */
import { isStoreUnavailable, StoreUnavailableError } from "@returnkit/core";

const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

const SERVER_CODES = new Set([
  "57P01", // admin_shutdown: the server is stopping, or the session was terminated
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting or recovering
  "57P05", // idle_session_timeout: the server ended a session left idle too long
]);

const BUSY_CODES = new Set([
  "57014", // query_canceled: statement_timeout, or an operator's pg_cancel_backend
  "55P03", // lock_not_available: lock_timeout while waiting on a row another writer holds
  "25006", // read_only_sql_transaction: a standby, or a primary demoted by a failover
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
    return (
      SOCKET_CODES.has(code) ||
      SERVER_CODES.has(code) ||
      BUSY_CODES.has(code) ||
      // Class 08: connection exceptions. Class 53: insufficient resources (disk full, out
      // of memory, too many connections).
      code.startsWith("08") ||
      code.startsWith("53")
    );
  }
  return typeof message === "string" && PG_MESSAGES.some((text) => message.startsWith(text));
}

/** Codes of a connection that broke under a statement: its socket, or the server ending it. */
const LOST_CODES = new Set([
  // A NAT, load balancer or proxy that dropped the idle connection answers with a reset.
  "ECONNRESET",
  "EPIPE",
  "57P01", // admin_shutdown: the session was terminated, or the server is stopping
  "57P02", // crash_shutdown
  "57P05", // idle_session_timeout
  "08003", // connection_does_not_exist
  "08006", // connection_failure
]);

/** pg's words for a connection that broke under a statement, or was already broken. */
const LOST_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
]);

/**
 * Whether `error` says the connection under a statement was lost, as happens to pooled
 * connections a restart, a failover or a NAT's idle timeout ended while they sat in the
 * Pool. Another connection may well serve the statement. Not here: refused connections,
 * connect and query timeouts (a server that is down or hangs would only make the caller
 * wait twice), and anything the server answered about the statement itself.
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

/**
 * Whether `error` (or, for a StoreUnavailableError, its cause) is the server's answer to a
 * statement it refused while the session lives on: the statement did nothing, and running
 * it again on the same or another connection is safe. A server answer carries a `severity`
 * and a SQLSTATE; those of class 08 and 57P (shutdowns, terminated or timed-out sessions)
 * end the session, and with it, possibly, the answer to a statement that had committed.
 * Decided by code, as the severity's text is in the server's language.
 */
export function isStatementRefusal(error: unknown): boolean {
  const answer = isStoreUnavailable(error) ? error.cause : error;
  if (typeof answer !== "object" || answer === null) return false;
  const { severity, code } = answer as { severity?: unknown; code?: unknown };
  return (
    typeof severity === "string" &&
    typeof code === "string" &&
    !code.startsWith("08") &&
    !code.startsWith("57P")
  );
}
