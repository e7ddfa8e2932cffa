/**
 * @module observability/telemetry/test-support/in-memory-telemetry — a real OpenTelemetry SDK registered
 * globally, as a host would, with in-memory exporters a test reads spans and metrics from.
 */
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  type MetricData,
  PeriodicExportingMetricReader,
} from "@opentelemetry/sdk-metrics";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";

export interface InMemoryTelemetry {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** Collects now and returns every metric, cumulative since installation. */
  metrics(): Promise<MetricData[]>;
  uninstall(): Promise<void>;
}

export function installInMemoryTelemetry(): InMemoryTelemetry {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(spanExporter)],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(tracerProvider);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  // Exported only when a test asks (forceFlush), never on a timer.
  const reader = new PeriodicExportingMetricReader({
    exporter: metricExporter,
    exportIntervalMillis: 3_600_000,
  });
  const meterProvider = new MeterProvider({ readers: [reader] });
  metrics.setGlobalMeterProvider(meterProvider);

  return {
    spans: () => spanExporter.getFinishedSpans(),
    async metrics() {
      await reader.forceFlush();
      const latest = metricExporter.getMetrics().at(-1);
      return latest?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
    },
    async uninstall() {
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

/** The span named `name` (the first, if several), or a failure naming those there are. */
export function spanNamed(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const span = spans.find((candidate) => candidate.name === name);
  if (!span) throw new Error(`no span ${name}; spans: ${spans.map((s) => s.name).join(", ")}`);
  return span;
}

/** The data points of the metric `name` (none when it was not recorded). */
export function pointsOf(all: readonly MetricData[], name: string) {
  const metric = all.find((candidate) => candidate.descriptor.name === name);
  return (metric?.dataPoints ?? []) as { attributes: Record<string, unknown>; value: unknown }[];
}
