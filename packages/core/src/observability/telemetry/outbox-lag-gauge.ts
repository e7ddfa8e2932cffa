/** @module observability/telemetry/outbox-lag-gauge — `returnkit.outbox.lag`, observed when metrics are collected. */
import type { ObservableCallback } from "@opentelemetry/api";
import type { StoreProbe } from "../health/store-probe";
import { instruments, METRIC_NAMES } from "./instruments";

/**
 * Observes the outbox lag until `stop` (the service's close) is called, through the health
 * check's store probe: a collection costs the store nothing more than a health check.
 */
export function observeOutboxLag(probe: StoreProbe): { stop(): void } {
  const gauge = instruments().meter.createObservableGauge(METRIC_NAMES.outboxLag, {
    description: "Seconds the longest-waiting claimable delivery has been due (0: none).",
    unit: "s",
  });
  const observe: ObservableCallback = async (result) => {
    const { lagSeconds } = await probe();
    // A store that cannot answer now leaves a gap in the series rather than a false 0.
    if (lagSeconds.ok && lagSeconds.value !== null) result.observe(lagSeconds.value);
  };
  gauge.addCallback(observe);
  return { stop: () => gauge.removeCallback(observe) };
}
