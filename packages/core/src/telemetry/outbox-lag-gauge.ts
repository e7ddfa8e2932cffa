/** @module telemetry/outbox-lag-gauge — `returnkit.outbox.lag`, observed when metrics are collected. */
import type { ObservableCallback } from "@opentelemetry/api";
import { outboxLagSeconds } from "../health/outbox-lag";
import { within } from "../health/within";
import type { ReturnsStore } from "../store/types";
import { instruments, METRIC_NAMES } from "./instruments";

export interface OutboxLagSetup {
  store: ReturnsStore;
  /** Endpoint ids of the subscribers this process runs (their deliveries count too). */
  subscribers: readonly string[];
  now: () => number;
  /** A collection waits at most this long for the store. */
  timeoutMs: number;
}

/** Observes the outbox lag of `store` until `stop` (the service's close) is called. */
export function observeOutboxLag(setup: OutboxLagSetup): { stop(): void } {
  const gauge = instruments().meter.createObservableGauge(METRIC_NAMES.outboxLag, {
    description: "Seconds the longest-waiting claimable delivery has been due (0: none).",
    unit: "s",
  });
  const observe: ObservableCallback = async (result) => {
    const lag = await within(setup.timeoutMs, () =>
      outboxLagSeconds(setup.store, setup.now(), setup.subscribers),
    );
    // A store that cannot answer now leaves a gap in the series rather than a false 0.
    if (lag.ok && lag.value !== null) result.observe(lag.value);
  };
  gauge.addCallback(observe);
  return { stop: () => gauge.removeCallback(observe) };
}
