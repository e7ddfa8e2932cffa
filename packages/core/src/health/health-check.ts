/**
 * @module health/health-check — what `GET /v1/health` reports: the store reachable with its
 * migrations current, a dispatcher running in this process, and the outbox lag, each check
 * bounded in time, in the shape of the IETF API health check draft.
 *
 * Only what this process can fix by restarting or waiting fails it (503, so a load balancer
 * stops sending it requests): the store. A stopped dispatcher or a lagging outbox is a `warn`
 * — the API still serves, and another process may be the one that delivers.
 */
import type { HealthCheckResult, HealthReport, HealthStatus } from "../schemas";
import type { ReturnsStore, StoreHealth } from "../store/types";
import { outboxLagSeconds } from "./outbox-lag";
import { type Bounded, within } from "./within";

export interface HealthCheckSetup {
  store: ReturnsStore;
  dispatcher: { readonly running: boolean };
  /** Endpoint ids of the subscribers this process runs (their deliveries count in the lag). */
  subscribers: readonly string[];
  now: () => number;
  /** Each check gives up after this long (it then counts as failed). */
  timeoutMs: number;
  /** An outbox lag above this is a `warn`. */
  maxOutboxLagMs: number;
}

export type HealthCheck = () => Promise<HealthReport>;

/** The media type of the IETF API health check draft: JSON, with the status inside. */
export const HEALTH_MEDIA_TYPE = "application/health+json";

export function createHealthCheck(setup: HealthCheckSetup): HealthCheck {
  const { store, timeoutMs } = setup;
  return async function checkHealth(): Promise<HealthReport> {
    const at = setup.now();
    const time = new Date(at).toISOString();
    const [storeHealth, lag] = await Promise.all([
      within(timeoutMs, () => (store.health ? store.health() : assumedHealthy())),
      within(timeoutMs, () => outboxLagSeconds(store, at, setup.subscribers)),
    ]);
    const checks: Record<string, HealthCheckResult[]> = {
      "store:reachable": [
        { componentType: "datastore", time, ...reachability(storeHealth, timeoutMs) },
      ],
      "store:migrations": [{ componentType: "datastore", time, ...migrations(storeHealth) }],
      "dispatcher:running": [
        setup.dispatcher.running
          ? { componentType: "component", time, status: "pass", observedValue: true }
          : {
              componentType: "component",
              time,
              status: "warn",
              observedValue: false,
              output: "no webhook dispatcher runs in this process (dispatcher.start())",
            },
      ],
      "outbox:lag": [{ componentType: "component", time, ...outboxLag(lag, setup.maxOutboxLagMs) }],
    };
    const status = worst(Object.values(checks).flatMap((results) => results.map((r) => r.status)));
    return { status, description: "returnkit returns service", checks };
  };
}

/** A store without a health check is taken at its word: it answers or its operations fail. */
async function assumedHealthy(): Promise<StoreHealth> {
  return { reachable: true, migrationsCurrent: true };
}

type Measured = Pick<HealthCheckResult, "status" | "observedValue" | "observedUnit" | "output">;

function reachability(health: Bounded<StoreHealth>, timeoutMs: number): Measured {
  if (health.ok && health.value.reachable) return { status: "pass", observedValue: true };
  // What went wrong stays in the logs of the operations that fail: this answer is public.
  const output = health.ok
    ? "the store reports it cannot be reached"
    : health.reason === "timeout"
      ? `no answer within ${timeoutMs} ms`
      : "the store could not be reached";
  return { status: "fail", observedValue: false, output };
}

function migrations(health: Bounded<StoreHealth>): Measured {
  if (!health.ok || !health.value.reachable) {
    return { status: "fail", output: "unknown: the store could not be reached" };
  }
  return health.value.migrationsCurrent
    ? { status: "pass", observedValue: true }
    : {
        status: "fail",
        observedValue: false,
        output: "migrations are not current: run them (store.init() or migrate())",
      };
}

function outboxLag(lag: Bounded<number | null>, maxLagMs: number): Measured {
  if (!lag.ok) return { status: "warn", output: "the outbox lag could not be measured" };
  if (lag.value === null) return { status: "pass", output: "the store cannot measure it" };
  const seconds = Math.round(lag.value * 1000) / 1000;
  const measured = { observedValue: seconds, observedUnit: "s" };
  return lag.value * 1000 > maxLagMs
    ? { ...measured, status: "warn", output: `due deliveries wait longer than ${maxLagMs} ms` }
    : { ...measured, status: "pass" };
}

function worst(statuses: HealthStatus[]): HealthStatus {
  if (statuses.includes("fail")) return "fail";
  return statuses.includes("warn") ? "warn" : "pass";
}
