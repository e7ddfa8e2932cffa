/**
 * @module unavailable — which `pg` errors mean "the database cannot be reached", so the
 * store throws them as core's `StoreUnavailableError` (a 503 with Retry-After over HTTP)
 * instead of letting them pass for a defect (a 500).
 *
 * Three kinds: the socket failed (Node's own error codes); the server refused or ended the
 * session (SQLSTATE class 08, a shutdown or a server still starting, too many
 * connections); or `pg` itself gave up on the connection, which it reports with a message
 * and no code at all (its texts below, as of pg 8 and pg-pool 3).
 */
import { StoreUnavailableError } from "@returnkit/core";

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
  "53300", // too_many_connections
]);

const PG_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  // The Pool's query_timeout: the server did not answer in time, and may yet commit.
  "Query read timeout",
];

export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    return SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08");
  }
  return typeof message === "string" && PG_MESSAGES.some((text) => message.startsWith(text));
}

/** `error` as a StoreUnavailableError if it is a connection failure; otherwise unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (!isConnectionFailure(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The database cannot be reached: ${reason}`, { cause: error });
}
