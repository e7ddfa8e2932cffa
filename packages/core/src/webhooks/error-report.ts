/**
 * @module webhooks/error-report — where the dispatcher's infrastructure errors go: the host's
 * `onError`, else its logger, else the console. Delivery failures are recorded, not reported.
 */
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
    const full = { ...context, dispatcherId };
    try {
      if (onError) onError(error, full);
      else if (logger.error)
        logger.error(`webhook dispatcher: ${context.operation} failed`, { ...full, error });
      else
        console.error(`[returnkit] webhook dispatcher: ${context.operation} failed`, full, error);
    } catch {
      // A failing error hook must not take the loop down with it.
    }
  };
}
