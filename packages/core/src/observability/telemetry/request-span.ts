/**
 * @module observability/telemetry/request-span — the server span and the duration of one HTTP request,
 * named and attributed by the HTTP semantic conventions, continuing a trace the caller
 * started (`traceparent`, through the host's global propagator).
 */
import {
  type Attributes,
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from "@opentelemetry/api";
import { instruments, registeredTracer, tracer } from "./instruments";

/** What the handler learns while serving, for the span's name and attributes. */
export interface RequestTrace {
  /** The matched route's path template with the mount path (`http.route`). */
  route?: string;
  /** The route's operationId (`returnkit.operation`). */
  operation?: string;
  /** The return the request is about, when its path names one (`returnkit.return.id`). */
  returnId?: string;
}

/** RFC 9110's methods and PATCH: any other is `_OTHER`, so the attribute stays low-cardinality. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "CONNECT",
  "OPTIONS",
  "TRACE",
  "PATCH",
]);

const HEADERS_GETTER: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/** Serves `request` inside its server span and records `http.server.request.duration`. */
export async function traceRequest(
  request: Request,
  serve: (seen: RequestTrace) => Promise<Response>,
): Promise<Response> {
  const parent = propagation.extract(context.active(), request.headers, HEADERS_GETTER);
  const registered = registeredTracer();
  const { recording, requestDuration } = instruments();
  // Neither a span nor a duration would be kept: serve in the caller's trace context alone,
  // which is all the no-op span would have made active.
  if (!registered && !recording) return context.with(parent, () => serve({}));
  const started = performance.now();
  const original = request.method;
  const upper = original.toUpperCase();
  const method = KNOWN_METHODS.has(upper) ? upper : "_OTHER";
  const url = URL.canParse(request.url) ? new URL(request.url) : null;
  const scheme = url?.protocol.replace(/:$/, "") ?? "http";
  const spanName = method === "_OTHER" ? "HTTP" : method;
  const span = (registered ?? tracer()).startSpan(
    spanName,
    { kind: SpanKind.SERVER, attributes: requestAttributes(request, url, method, scheme) },
    parent,
  );
  const seen: RequestTrace = {};
  let status: number | undefined;
  try {
    const response = await context.with(trace.setSpan(parent, span), () => serve(seen));
    status = response.status;
    return response;
  } finally {
    // Only a 5xx (or no response at all) is an error of the server's (semantic conventions).
    const errorType = status === undefined ? "_OTHER" : status >= 500 ? String(status) : undefined;
    const common: Attributes = {
      "http.request.method": method,
      "url.scheme": scheme,
      ...(status !== undefined ? { "http.response.status_code": status } : {}),
      ...(seen.route ? { "http.route": seen.route } : {}),
      ...(errorType ? { "error.type": errorType } : {}),
    };
    span.setAttributes({
      ...common,
      ...(seen.operation ? { "returnkit.operation": seen.operation } : {}),
      ...(seen.returnId ? { "returnkit.return.id": seen.returnId } : {}),
    });
    if (seen.route) span.updateName(`${spanName} ${seen.route}`);
    if (errorType) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
    requestDuration.record((performance.now() - started) / 1000, common);
  }
}

function requestAttributes(
  request: Request,
  url: URL | null,
  method: string,
  scheme: string,
): Attributes {
  const userAgent = request.headers.get("user-agent");
  const port = url?.port ? Number(url.port) : scheme === "https" ? 443 : 80;
  return {
    "http.request.method": method,
    ...(method !== request.method ? { "http.request.method_original": request.method } : {}),
    // The query is left out: list filters can name a customer.
    "url.path": url?.pathname ?? "",
    "url.scheme": scheme,
    ...(url ? { "server.address": url.hostname, "server.port": port } : {}),
    ...(userAgent ? { "user_agent.original": userAgent } : {}),
  };
}
