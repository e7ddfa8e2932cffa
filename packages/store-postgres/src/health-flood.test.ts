import { createReturnsService, type HealthReport, type ReturnsStore } from "@returnkit/core";
import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema } from "./test-support";
import { seedPendingDeliveries } from "./test-support/pending-backlog";

const BASE = "https://shop.example";
const PENDING = 20_000;
const FLOOD = 200;

describe.runIf(DATABASE_URL)("GET /v1/health under a flood, on PostgreSQL", () => {
  let pool: pg.Pool;
  const schema = uniqueSchema("health_flood");

  beforeAll(async () => {
    pool = newPool(16);
    await postgresStore({ db: pool, schema, notify: false }).init();
    // A receiver down for a while: every return's delivery waits, due for a minute.
    await seedPendingDeliveries(pool, schema, PENDING, Date.now() - 60_000);
  });
  afterAll(async () => {
    await dropSchema(pool, schema);
    await pool.end();
  });

  it("health - a flood of probes costs one store check per interval and never reports the reachable database down", async () => {
    const store = postgresStore({ db: pool, schema, notify: false });
    let storeChecks = 0;
    const counted: ReturnsStore = {
      ...store,
      health: (probe) => {
        storeChecks++;
        return store.health(probe);
      },
    };
    const service = createReturnsService({
      store: counted,
      baseUrl: BASE,
      auth: { authenticate: testAuthenticate },
      retention: { intervalMs: 0 },
      health: { timeoutMs: 800, cacheMs: 1_000 },
    });
    try {
      const started = performance.now();
      const flood = Array.from({ length: FLOOD }, async () => {
        const response = await service.fetch(new Request(`${BASE}/v1/health`));
        return { status: response.status, report: (await response.json()) as HealthReport };
      });
      const createStarted = performance.now();
      const created = await service.fetch(
        new Request(`${BASE}/v1/portal/returns`, {
          method: "POST",
          headers: {
            authorization: testToken("portal", "user-42"),
            "content-type": "application/json",
            "idempotency-key": "beside-the-flood",
          },
          body: JSON.stringify(validCreate),
        }),
      );
      const createMs = performance.now() - createStarted;
      const answers = await Promise.all(flood);
      const elapsedMs = performance.now() - started;

      expect(created.status).toBe(201);
      const failed = answers.filter((a) => a.status !== 200 || a.report.status === "fail");
      expect(failed.map((a) => a.report.checks["store:reachable"]?.[0]?.output)).toEqual([]);
      // The lag is measured (the backlog is a minute overdue), not given up on.
      expect(answers[0]?.report.checks["outbox:lag"]?.[0]?.observedValue).toBeGreaterThan(30);
      expect(storeChecks).toBeLessThanOrEqual(Math.ceil(elapsedMs / 1_000) + 1);
      // Not starved: a create waits for at most the one probe in flight, not for the flood.
      expect(createMs).toBeLessThan(2_000);
    } finally {
      await service.close();
    }
  });
});
