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

/** Reports one failure; `fields` join the log line (`request_id`, …). Never throws. */
export type ReportError = (error: unknown, context: string, fields?: LogFields) => void;

/** What kind of outage `error` is (`error.type`), or null when it is unexpected. */
export function outageType(error: unknown): string | null {
  if (isStoreUnavailable(error)) return "store-unavailable";
  if (isProblemError(error) && (error.status === 502 || error.status === 503)) return error.slug;
  return null;
}

/** One warn line for an outage, else one error line with `err`. */
export function logFailure(
  logger: Logger,
  error: unknown,
  message: string,
  fields: LogFields = {},
): void {
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

/** Logs each failure, then calls `onError` when the host gave one; neither may throw out. */
export function createFailureReporter(
  logger: Logger,
  onError?: (error: unknown, context: string) => void,
): ReportError {
  return (error, context, fields) => {
    // A failing logger or hook must not turn a handled failure into another one.
    try {
      logFailure(logger, error, context, fields);
    } catch {}
    try {
      onError?.(error, context);
    } catch {}
  };
}
