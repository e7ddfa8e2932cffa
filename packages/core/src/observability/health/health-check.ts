/**
 * @module observability/health/health-check — what `GET /v1/health` reports: the store reachable with its
 * migrations current, a dispatcher running in this process, and the outbox lag, each check
 * bounded in time, in the shape of the IETF API health check draft.
 *
 * Only what this process can fix by restarting or waiting fails it (503, so a load balancer
 * stops sending it requests): the store. A stopped dispatcher or a lagging outbox is a `warn`
 * — the API still serves, and another process may be the one that delivers.
 */
import type { HealthCheckResult, HealthReport, HealthStatus } from "../../domain/schemas";
import type { StoreHealth } from "../../store/types";
import type { Bounded } from "../../util/within";
import type { StoreProbe } from "./store-probe";

interface HealthCheckSetup {
  /** The store's check, shared with the outbox lag gauge (one at a time, reused briefly). */
  probe: StoreProbe;
  dispatcher: { readonly running: boolean };
  /** A caller waits this long for the store (it then counts as failed). */
  timeoutMs: number;
  /** An outbox lag above this is a `warn`. */
  maxOutboxLagMs: number;
}

export type HealthCheck = () => Promise<HealthReport>;

/** The media type of the IETF API health check draft: JSON, with the status inside. */
export const HEALTH_MEDIA_TYPE = "application/health+json";

export function createHealthCheck(setup: HealthCheckSetup): HealthCheck {
  const { timeoutMs } = setup;
  return async function checkHealth(): Promise<HealthReport> {
    const probed = await setup.probe();
    // The store's parts are dated when it was asked (a reused answer says how old it is).
    const time = new Date(probed.at).toISOString();
    const checks: Record<string, HealthCheckResult[]> = {
      "store:reachable": [
        { componentType: "datastore", time, ...reachability(probed.health, timeoutMs) },
      ],
      "store:migrations": [{ componentType: "datastore", time, ...migrations(probed.health) }],
      "dispatcher:running": [dispatcherRunning(setup.dispatcher.running, time)],
      "outbox:lag": [
        { componentType: "component", time, ...outboxLag(probed.lagSeconds, setup.maxOutboxLagMs) },
      ],
    };
    const status = worst(Object.values(checks).flatMap((results) => results.map((r) => r.status)));
    return { status, description: "returnkit returns service", checks };
  };
}

function dispatcherRunning(running: boolean, time: string): HealthCheckResult {
  return running
    ? { componentType: "component", time, status: "pass", observedValue: true }
    : {
        componentType: "component",
        time,
        status: "warn",
        observedValue: false,
        output: "no webhook dispatcher runs in this process (dispatcher.start())",
      };
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
