/**
 * @module observability/telemetry/delivery-span — a span around each delivery attempt, the deliveries and
 * dead-letter counters, and the trace context a webhook request carries to its receiver.
 */
import {
  type Attributes,
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
} from "@opentelemetry/api";
import type { ClaimedDelivery, DeliveryOutcome } from "../../store/types";
import { loggedUrl } from "../../util/logged-url";
import { instruments, tracer } from "./instruments";
import { contextFromTraceparent } from "./trace-context";

/** What one attempt came to, as the span and the counters tell it. */
export interface AttemptReport {
  /** The receiver's HTTP status, or null (no response, or a subscriber). */
  status: number | null;
  error: string | null;
  outcome: DeliveryOutcome["kind"];
  /** False when the store did not record it: the attempt will be made again. */
  recorded: boolean;
}

/**
 * Runs one attempt inside its span: `returnkit.webhook deliver` (kind CLIENT, with the HTTP
 * client attributes) or `returnkit.subscriber deliver` (INTERNAL).
 *
 * Its parent is the commit that wrote the event (the event's `traceparent`), so one trace
 * holds the request and every attempt to deliver what it changed, whichever process makes
 * them and however much later. A span link would keep each attempt in a trace of its own,
 * and answering "did the ERP hear of this request" would take a second search. Without a
 * stored context the attempt starts a trace of its own, never one merely active here.
 */
export function traceDeliveryAttempt(
  claimed: ClaimedDelivery,
  attempt: () => Promise<AttemptReport>,
): Promise<void> {
  const { delivery, event, endpoint } = claimed;
  const webhook = endpoint.kind === "webhook";
  const attempts = delivery.attempt_count + 1;
  const attributes: Attributes = {
    "returnkit.event.id": event.id,
    "returnkit.event.type": event.type,
    // Absent for an event about no return (a customer's).
    "returnkit.return.id": event.return_id ?? undefined,
    "returnkit.endpoint.id": endpoint.id,
    "returnkit.endpoint.kind": endpoint.kind,
    "returnkit.delivery.id": delivery.id,
    "returnkit.delivery.attempt": attempts,
    ...(webhook ? webhookAttributes(endpoint.url, attempts) : {}),
  };
  const name = webhook ? "returnkit.webhook deliver" : "returnkit.subscriber deliver";
  const kind = webhook ? SpanKind.CLIENT : SpanKind.INTERNAL;
  const parent = contextFromTraceparent(event.traceparent);
  return tracer().startActiveSpan(name, { kind, attributes }, parent, async (span) => {
    try {
      const report = await attempt();
      span.setAttributes({
        "returnkit.delivery.outcome": report.outcome,
        ...(report.status !== null ? { "http.response.status_code": report.status } : {}),
      });
      if (report.outcome !== "delivered") {
        span.setAttribute("error.type", report.status !== null ? String(report.status) : "_OTHER");
        span.setStatus({ code: SpanStatusCode.ERROR, message: report.error ?? undefined });
      }
      if (report.recorded) countAttempt(report.outcome, endpoint.id, endpoint.kind);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** `headers` with the active span's trace context added (`traceparent`), for the receiver. */
export function withTraceContext(headers: Record<string, string>): Record<string, string> {
  propagation.inject(context.active(), headers);
  return headers;
}

function countAttempt(outcome: DeliveryOutcome["kind"], endpointId: string, kind: string): void {
  const endpoint = { "returnkit.endpoint.id": endpointId, "returnkit.endpoint.kind": kind };
  const { deliveries, deadLetters } = instruments();
  deliveries.add(1, { ...endpoint, "returnkit.delivery.outcome": outcome });
  if (outcome === "dead") deadLetters.add(1, endpoint);
}

/** The HTTP client span's attributes; credentials and query values in the URL are redacted. */
function webhookAttributes(endpointUrl: string, attempts: number): Attributes {
  const url = new URL(endpointUrl);
  const https = url.protocol === "https:";
  return {
    "http.request.method": "POST",
    "url.full": loggedUrl(endpointUrl),
    "server.address": url.hostname,
    "server.port": url.port ? Number(url.port) : https ? 443 : 80,
    ...(attempts > 1 ? { "http.request.resend_count": attempts - 1 } : {}),
  };
}
