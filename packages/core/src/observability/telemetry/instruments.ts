/**
 * @module observability/telemetry/instruments — returnkit's tracer and metric instruments, taken from the
 * host's global OpenTelemetry providers through `@opentelemetry/api`. With no SDK registered
 * they are the API's no-ops, and nothing is recorded.
 */
import {
  type Counter,
  createNoopMeter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  type Tracer,
  trace,
} from "@opentelemetry/api";

/** The instrumentation scope every span and metric is reported under. */
const INSTRUMENTATION_SCOPE = "@returnkit/core";

export const METRIC_NAMES = {
  requestDuration: "http.server.request.duration",
  commits: "returnkit.store.commits",
  deliveries: "returnkit.webhook.deliveries",
  deadLetters: "returnkit.webhook.dead_letters",
  outboxLag: "returnkit.outbox.lag",
} as const;

/** The HTTP semantic conventions' advised boundaries for `http.server.request.duration`. */
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

interface Instruments {
  meter: Meter;
  /** False while the meter is the API's no-op: then nothing a request measures is kept. */
  recording: boolean;
  requestDuration: Histogram;
  commits: Counter;
  deliveries: Counter;
  deadLetters: Counter;
}

/**
 * The API hands out a tracer that follows a provider registered later, but a meter stays
 * bound to the provider it came from: instruments are made again when the global meter
 * provider changes (an SDK registered after returnkit was loaded, or a test's own).
 */
let bound: { provider: MeterProvider; instruments: Instruments } | undefined;

export function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (bound?.provider !== provider) bound = { provider, instruments: createInstruments(provider) };
  return bound.instruments;
}

export function tracer(): Tracer {
  return trace.getTracer(INSTRUMENTATION_SCOPE);
}

/**
 * The tracer of the registered tracer provider, or null while none is registered: the API's
 * no-op spans would record nothing, so a request or an operation need not build one. (A
 * provider of another copy of the API is not recognised as the proxy, and is used.)
 */
export function registeredTracer(): Tracer | null {
  const provider = trace.getTracerProvider();
  if (!(provider instanceof ProxyTracerProvider)) return provider.getTracer(INSTRUMENTATION_SCOPE);
  return provider.getDelegateTracer(INSTRUMENTATION_SCOPE) ?? null;
}

function createInstruments(provider: MeterProvider): Instruments {
  const meter = provider.getMeter(INSTRUMENTATION_SCOPE);
  return {
    meter,
    recording: meter !== createNoopMeter(),
    requestDuration: meter.createHistogram(METRIC_NAMES.requestDuration, {
      description: "Duration of HTTP server requests.",
      unit: "s",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    }),
    commits: meter.createCounter(METRIC_NAMES.commits, {
      description: "Store commits, by outcome.",
      unit: "{commit}",
    }),
    deliveries: meter.createCounter(METRIC_NAMES.deliveries, {
      description: "Recorded delivery attempts, by outcome (delivered, retry, dead).",
      unit: "{attempt}",
    }),
    deadLetters: meter.createCounter(METRIC_NAMES.deadLetters, {
      description: "Deliveries that ran out of attempts and were dead-lettered.",
      unit: "{delivery}",
    }),
  };
}
