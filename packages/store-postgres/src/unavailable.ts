/**
 * @module unavailable — which `pg` errors mean "the database cannot serve this right now" (503,
 * not 500), and which lost the connection under a statement (a read may go on another).
 */
import { StoreUnavailableError } from "@returnkit/core";

/** A reset (a NAT or proxy dropped the idle connection), or a session the server ended. */
const LOST_CODES = ["ECONNRESET", "EPIPE", "57P01", "57P02", "57P05", "08003", "08006"];
/** pg's words (no code, as of pg 8) for a connection that broke under a statement, or before. */
const LOST_MESSAGES = [
  "Connection terminated unexpectedly",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

const UNAVAILABLE_CODES = new Set([
  ...LOST_CODES,
  // Refused, unreachable or still starting; statement_timeout, lock_timeout, a read-only standby.
  ...["ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"],
  ...["57P03", "57014", "55P03", "25006"],
]);
/** Beginnings of pg's messages for giving up on a connection or (query_timeout) an answer. */
const UNAVAILABLE_MESSAGES = [
  ...LOST_MESSAGES,
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
];

const codeAndMessage = (error: unknown): { code?: unknown; message?: unknown } =>
  typeof error === "object" && error !== null ? error : {};

/** Whether `error` means the database cannot serve the call now (rather than a defect). */
export function isUnavailable(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  // Classes 08 (connection exceptions) and 53 (insufficient resources) as a whole.
  if (typeof code === "string") return UNAVAILABLE_CODES.has(code) || /^(08|53)/.test(code);
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * Whether the connection under a statement was lost, so another connection may serve it. Not
 * a refused connection nor a timeout: a server that is down or hangs would only make the
 * caller wait twice.
 */
export function isLostConnection(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  if (typeof code === "string") return LOST_CODES.includes(code);
  return typeof message === "string" && LOST_MESSAGES.includes(message);
}

/** `error` as a StoreUnavailableError if the database cannot serve now; otherwise unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (!isUnavailable(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`The database cannot serve this right now: ${reason}`, {
    cause: error,
  });
}
