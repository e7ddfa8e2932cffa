/**
 * @module observability/logging/failures — how a failure is logged and handed to the host's `onError`.
 *
 * An outage the service expects and answers (the database unavailable → 503, the signing
 * keys unreachable → 503, the shop's order system failing → 502) is one warn line without a
 * stack trace: it says what is down, and a stack would say nothing more. Anything else is
 * unexpected: an error line with the error itself (`err`), stack included.
 */
import { isProblemError } from "../../domain/problems";
import { isStoreUnavailable } from "../../store/unavailable";
import type { LogFields, Logger } from "./logger";

/** Which part of the service failed. */
export type ErrorSource =
  /** Serving an HTTP request (the routes, a mounted handler such as the MCP endpoint). */
  | "request"
  /** The webhook dispatcher's own work: claiming, recording, a webhook dead-lettered. */
  | "dispatcher"
  /** A subscriber whose deliveries ran out of attempts (dead-lettered). */
  | "subscriber"
  /** A host hook the service calls and does not wait on (`onFitSignal`). */
  | "hook"
  /** The service's own purging (`retention`). */
  | "retention"
  /** The timer scheduler: claiming the returns' timers, firing one. */
  | "scheduler";

/** What the service knew when something failed: what `onError` is told besides the error. */
export interface ErrorContext {
  source: ErrorSource;
  /**
   * What was being done: `POST /v1/returns/{return_id}/submit` or `mcp tool` (request),
   * `claim`, `next_due`, `attempt`, `record_attempt`, `disable_endpoint`, `save_endpoints`,
   * `dead_letter`, `endpoint_disabled`, `lease_lost`, `load_undici` (dispatcher, subscriber),
   * `onFitSignal` (hook), `purge` (retention), `claim`, `fire` (scheduler).
   */
  operation: string;
  /** The `Request-Id` of the request being served, or of the one behind an event. */
  requestId?: string;
  returnId?: string;
  eventId?: string;
  endpointId?: string;
  deliveryId?: string;
  /** The dispatcher that failed (`dsp_…`), one per process. */
  dispatcherId?: string;
}

/** The host's `onError`: told of each failure the service logs at warn or error. */
export type OnError = (error: unknown, context: ErrorContext) => void;

/**
 * Logs one failure (`message` is the log line's) and tells the host's `onError`. Never throws.
 * With `logged: true` the caller wrote its own line and only `onError` is told.
 */
export type ReportError = (
  error: unknown,
  context: ErrorContext,
  message: string,
  options?: { logged?: boolean },
) => void;

/** What kind of outage `error` is (`error.type`), or null when it is unexpected. */
function outageType(error: unknown): string | null {
  if (isStoreUnavailable(error)) return "store-unavailable";
  if (isProblemError(error) && (error.status === 502 || error.status === 503)) return error.slug;
  return null;
}

/** One warn line for an outage, else one error line with `err`. */
function logFailure(logger: Logger, error: unknown, message: string, fields: LogFields = {}): void {
  const outage = outageType(error);
  if (outage === null) {
    logger.error({ ...fields, err: error }, message);
    return;
  }
  const { message: text, cause } = error as Error;
  const causeText = cause instanceof Error ? cause.message : undefined;
  logger.warn(
    { ...fields, "error.type": outage, "error.message": text, "error.cause": causeText },
    message,
  );
}

/** The log fields a context names (as in the core README, "Logs"); absent ones are left out. */
function contextFields(context: ErrorContext): LogFields {
  const fields: LogFields = {
    operation: context.source === "request" ? undefined : context.operation,
    request_id: context.requestId,
    return_id: context.returnId,
    event_id: context.eventId,
    endpoint_id: context.endpointId,
    delivery_id: context.deliveryId,
    dispatcher_id: context.dispatcherId,
  };
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

/** Logs each failure, then calls `onError` when the host gave one; neither may throw out. */
export function createFailureReporter(logger: Logger, onError?: OnError): ReportError {
  return (error, context, message, options) => {
    // A failing logger or hook must not turn a handled failure into another one.
    if (!options?.logged) {
      try {
        logFailure(logger, error, message, contextFields(context));
      } catch {}
    }
    try {
      onError?.(error, context);
    } catch {}
  };
}
