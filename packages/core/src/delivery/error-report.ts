/**
 * @module delivery/error-report — where the dispatcher's infrastructure errors go: a log line
 * (one warn line for a store outage, an error line otherwise), then the host's `onError`.
 * Delivery failures are recorded, not reported.
 */
import { logFailure } from "../observability/logging/failures";
import type {
  DispatcherErrorContext,
  DispatcherLogger,
  WebhookDispatcherOptions,
} from "./dispatcher-options";

/** Reports one error; never throws, so a failing hook cannot take the loop down. */
export type ReportError = (
  error: unknown,
  context: Omit<DispatcherErrorContext, "dispatcherId">,
) => void;

export function createErrorReporter(
  onError: WebhookDispatcherOptions["onError"],
  logger: DispatcherLogger,
  dispatcherId: string,
): ReportError {
  return (error, context) => {
    // A failing logger or hook must not take the loop down with it.
    try {
      logFailure(logger, error, `webhook dispatcher: ${context.operation} failed`, {
        dispatcher_id: dispatcherId,
        operation: context.operation,
        delivery_id: context.deliveryId,
        endpoint_id: context.endpointId,
      });
    } catch {}
    try {
      onError?.(error, { ...context, dispatcherId });
    } catch {}
  };
}
