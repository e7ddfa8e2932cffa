import { afterEach, describe, expect, it } from "vitest";
import type { HealthReport } from "../../domain/schemas";
import { createReturnsService, type ReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import type { ReturnsStore } from "../../store/types";

const BASE = "https://shop.example";
let service: ReturnsService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function healthOf(
  store: ReturnsStore,
  options: { timeoutMs?: number; maxOutboxLagMs?: number } = {},
) {
  service = createReturnsService({
    baseUrl: BASE,
    store,
    health: options,
    retention: { intervalMs: 0 },
  });
  const started = performance.now();
  const response = await service.fetch(new Request(`${BASE}/v1/health`));
  return {
    response,
    report: (await response.json()) as HealthReport,
    elapsedMs: performance.now() - started,
  };
}

describe("GET /v1/health", () => {
  it("health - 200 pass on the memory store with the dispatcher running", async () => {
    service = createReturnsService({ baseUrl: BASE });
    service.dispatcher.start();
    const response = await service.fetch(new Request(`${BASE}/v1/health`));
    expect(response.status).toBe(200);
    const report = (await response.json()) as HealthReport;
    expect(report.status).toBe("pass");
    expect(report.checks["dispatcher:running"]?.[0]).toMatchObject({
      status: "pass",
      observedValue: true,
    });
    expect(report.checks["outbox:lag"]?.[0]).toMatchObject({
      status: "pass",
      observedValue: 0,
      observedUnit: "s",
    });
  });

  it("health - a dispatcher not running in this process is a warning, still 200", async () => {
    const { response, report } = await healthOf(memoryStore());
    expect(response.status).toBe(200);
    expect(report.status).toBe("warn");
    expect(report.checks["dispatcher:running"]?.[0]?.status).toBe("warn");
  });

  it("health - 503 when the store cannot be reached, without telling why", async () => {
    const store: ReturnsStore = {
      ...memoryStore(),
      health: () =>
        Promise.reject(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2")),
    };
    const { response, report } = await healthOf(store);
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(report.status).toBe("fail");
    expect(report.checks["store:reachable"]?.[0]).toMatchObject({
      status: "fail",
      observedValue: false,
    });
    expect(report.checks["store:migrations"]?.[0]?.status).toBe("fail");
    expect(JSON.stringify(report)).not.toMatch(/10\.0\.0\.7|hunter2/);
  });

  it("health - 503 within the timeout when the store never answers", async () => {
    const store: ReturnsStore = {
      ...memoryStore(),
      health: () => new Promise(() => {}),
      nextDeliveryDueAt: () => new Promise(() => {}),
    };
    const { response, report, elapsedMs } = await healthOf(store, { timeoutMs: 50 });
    expect(response.status).toBe(503);
    expect(report.checks["store:reachable"]?.[0]?.output).toBe("no answer within 50 ms");
    expect(report.checks["outbox:lag"]?.[0]?.status).toBe("warn");
    expect(elapsedMs).toBeLessThan(1_000);
  });

  it("health - 503 when the store's migrations are not current", async () => {
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async () => ({ reachable: true, migrationsCurrent: false }),
    };
    const { response, report } = await healthOf(store);
    expect(response.status).toBe(503);
    expect(report.checks["store:reachable"]?.[0]?.status).toBe("pass");
    expect(report.checks["store:migrations"]?.[0]).toMatchObject({
      status: "fail",
      observedValue: false,
    });
  });

  it("health - an outbox lagging beyond maxOutboxLagMs is a warning with the lag in seconds", async () => {
    const now = Date.now();
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async () => ({
        reachable: true,
        migrationsCurrent: true,
        oldestDueAt: now - 120_000,
      }),
    };
    const { response, report } = await healthOf(store, { maxOutboxLagMs: 60_000 });
    expect(response.status).toBe(200);
    const lag = report.checks["outbox:lag"]?.[0];
    expect(lag).toMatchObject({ status: "warn", observedUnit: "s" });
    expect(lag?.observedValue).toBeGreaterThanOrEqual(120);
  });

  it("health - a store whose check does not measure the lag is asked nextDeliveryDueAt", async () => {
    const now = Date.now();
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async () => ({ reachable: true, migrationsCurrent: true }),
      nextDeliveryDueAt: async () => now - 90_000,
    };
    const { report } = await healthOf(store, { maxOutboxLagMs: 60_000 });
    expect(report.checks["outbox:lag"]?.[0]?.status).toBe("warn");
    expect(report.checks["outbox:lag"]?.[0]?.observedValue).toBeGreaterThanOrEqual(90);
  });

  it("health - a lag the store could not measure in time is a warning, not a failure", async () => {
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async () => ({ reachable: true, migrationsCurrent: true, oldestDueAt: "timeout" }),
    };
    const { response, report } = await healthOf(store);
    expect(response.status).toBe(200);
    expect(report.checks["outbox:lag"]?.[0]).toMatchObject({
      status: "warn",
      output: "the outbox lag could not be measured",
    });
  });
});

describe("GET /v1/health/live", () => {
  it("liveness - 200 pass without asking the store, even one that never answers", async () => {
    let asked = 0;
    const store: ReturnsStore = {
      ...memoryStore(),
      health: () => {
        asked++;
        return new Promise(() => {});
      },
    };
    service = createReturnsService({ baseUrl: BASE, store, retention: { intervalMs: 0 } });
    const response = await service.fetch(new Request(`${BASE}/v1/health/live`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(((await response.json()) as HealthReport).status).toBe("pass");
    expect(asked).toBe(0);
  });
});
