/**
 * @module failures — any error a command ends with, as one line and an exit code. Expected
 * failures (a refused connection, a wrong password, a missing database) never print a stack
 * trace; only a defect does, and only when RETURNKIT_DEBUG is set.
 */
import { InvalidOptionsError, isProblemError, isStoreUnavailable } from "@returnkit/core";
import { CliError, EXIT_CODES, type ExitCode } from "./errors";

interface Failure {
  message: string;
  exitCode: ExitCode;
}

/** Node's words for a server it could not reach. */
const UNREACHABLE_CODES = new Set([
  ...["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"],
  ...["ENOTFOUND", "EAI_AGAIN"],
]);
const UNREACHABLE_MESSAGES = [/timeout/i, /Connection terminated/];

export function describeFailure(error: unknown, url: string | undefined): Failure {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  // What core's endpoint functions refuse: a URL or event type that could never be delivered to…
  if (error instanceof InvalidOptionsError) {
    const issues = error.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    return { message: `invalid ${error.subject}: ${issues}`, exitCode: EXIT_CODES.usage };
  }
  // …a URL the API refuses too (422: inside the network, credentials in it); an id that
  // exists already, a subscriber asked for a secret.
  if (isProblemError(error)) {
    const exitCode =
      error.status === 404
        ? EXIT_CODES.notFound
        : error.status === 400 || error.status === 422
          ? EXIT_CODES.usage
          : EXIT_CODES.failed;
    return { message: error.message, exitCode };
  }
  const cause = rootCause(error);
  const code = typeof cause.code === "string" ? cause.code : undefined;
  if (
    (code && UNREACHABLE_CODES.has(code)) ||
    (!code && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(cause.message)))
  ) {
    return failed(`cannot reach the database at ${serverOf(url)} (${code ?? cause.message})`);
  }
  // PostgreSQL's own answer (a five-character SQLSTATE): its message says what is wrong.
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    return failed(`the database at ${serverOf(url)} answered: ${cause.message} (${code})`);
  }
  if (isStoreUnavailable(error))
    return failed(`the database cannot serve this now: ${cause.message}`);
  return failed(`unexpected error: ${cause.message || String(error)}`);
}

function failed(message: string): Failure {
  return { message, exitCode: EXIT_CODES.failed };
}

interface ErrorLike {
  message: string;
  code?: unknown;
}

/**
 * The error that says what happened: the store wraps pg's errors as their `cause`, and Node
 * reports a refused connection to every address of a name as an AggregateError with no message.
 */
function rootCause(error: unknown): ErrorLike {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.length > 0) {
      const first = current.errors[0] as ErrorLike;
      return { message: first.message, code: (current as ErrorLike).code ?? first.code };
    }
    const { cause, code } = (current ?? {}) as { cause?: unknown; code?: unknown };
    if (code !== undefined || !(cause instanceof Error)) break;
    current = cause;
  }
  if (current instanceof Error) return current as Error & { code?: unknown };
  return { message: String(current) };
}

/** `host:port/database` of the URL, never its password. */
function serverOf(url: string | undefined): string {
  try {
    const parsed = new URL(url ?? "");
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}
