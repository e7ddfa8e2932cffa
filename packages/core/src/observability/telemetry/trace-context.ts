/**
 * @module observability/telemetry/trace-context — the active trace context as a W3C `traceparent` string,
 * to keep beside an outbox event, and back: how a delivery, made later by the dispatcher,
 * joins the trace of the request whose commit produced it.
 */
import { type Context, context, propagation, ROOT_CONTEXT } from "@opentelemetry/api";

/** The active context's `traceparent` through the global propagator, or null (no trace, no SDK). */
export function currentTraceparent(): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` names, to start a span in; the root one without it. */
export function contextFromTraceparent(traceparent: string | null | undefined): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { traceparent });
}
