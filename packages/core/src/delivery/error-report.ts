/**
 * @module delivery/error-report — where the dispatcher's failures go: the service's reporter
 * (a log line, one warn line for a store outage and an error line otherwise, then the host's
 * `onError`), with what the dispatcher knows of each. Failed attempts are recorded, not
 * reported; a dead letter is.
 */
import type {
  ErrorSource,
  ReportError as ServiceReportError,
} from "../observability/logging/failures";
import type { DispatcherOperation } from "./dispatcher-options";

/** What the dispatcher knows of one failure. */
export interface DispatcherFailure {
  operation: DispatcherOperation;
  deliveryId?: string;
  endpointId?: string;
  eventId?: string;
  returnId?: string;
  requestId?: string;
  /** Default `dispatcher`; `subscriber` for a subscriber's dead letter. */
  source?: Extract<ErrorSource, "dispatcher" | "subscriber">;
}

/** Reports one failure; never throws, so a failing hook cannot take the loop down. */
export type ReportError = (
  error: unknown,
  failure: DispatcherFailure,
  options?: { logged?: boolean },
) => void;

export function createErrorReporter(report: ServiceReportError, dispatcherId: string): ReportError {
  return (error, { source = "dispatcher", ...failure }, options) => {
    report(
      error,
      { source, ...failure, dispatcherId },
      `webhook dispatcher: ${failure.operation} failed`,
      options,
    );
  };
}
