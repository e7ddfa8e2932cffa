import { once } from "node:events";
import net from "node:net";
import { createReturnsService, type HealthReport } from "@returnkit/core";
import { testAuthenticate } from "@returnkit/testing";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, uniqueSchema } from "./test-support";
import { forgetfulRelay } from "./test-support/forgetful-relay";

/** Nothing listens on port 1: every connection is refused at once. */
const NOWHERE = "postgres://postgres@127.0.0.1:1/test";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function poolAt(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // A refused or dropped connection is what these cases are about, not a crash.
  pool.on("error", () => {});
  cleanups.push(() => pool.end());
  return pool;
}

/** `timeoutMs`: the checks' own; 300 ms unless a case needs a reachable database to pass on a busy machine. */
function serviceOver(pool: pg.Pool, schema: string, timeoutMs = 300) {
  const store = postgresStore({ db: pool, schema, notify: false });
  const service = createReturnsService({
    store,
    baseUrl: "https://shop.example",
    auth: { authenticate: testAuthenticate },
    retention: { intervalMs: 0 },
    // Every call asks the database: these cases are about what it answers, not about reuse.
    health: { timeoutMs, cacheMs: 0 },
  });
  cleanups.push(() => service.close());
  return service;
}

async function healthOver(pool: pg.Pool, schema: string, timeoutMs?: number) {
  return healthOf(serviceOver(pool, schema, timeoutMs));
}

async function healthOf(service: ReturnType<typeof createReturnsService>) {
  const started = performance.now();
  const response = await service.fetch(new Request("https://shop.example/v1/health"));
  const elapsedMs = performance.now() - started;
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    report: (await response.json()) as HealthReport,
    elapsedMs,
  };
}

describe("GET /v1/health on PostgreSQL", () => {
  it("health - 200 once the database is reachable and migrated", async () => {
    const pool = poolAt(DATABASE_URL!);
    const schema = uniqueSchema("health");
    cleanups.push(() => dropSchema(pool, schema));
    await postgresStore({ db: pool, schema, notify: false }).init();
    const { status, type, report } = await healthOver(pool, schema);
    expect(status).toBe(200);
    expect(type).toBe("application/health+json");
    expect(report.checks["store:reachable"]?.[0]?.status).toBe("pass");
    expect(report.checks["store:migrations"]?.[0]?.status).toBe("pass");
    expect(report.checks["outbox:lag"]?.[0]).toMatchObject({ status: "pass", observedValue: 0 });
  });

  it("health - 503 when the database refuses connections", async () => {
    const { status, report, elapsedMs } = await healthOver(poolAt(NOWHERE), uniqueSchema("h"));
    expect(status).toBe(503);
    expect(report.status).toBe("fail");
    expect(report.checks["store:reachable"]?.[0]).toMatchObject({
      status: "fail",
      observedValue: false,
    });
    expect(elapsedMs).toBeLessThan(5_000);
  });

  it("health - turns 503 when the database goes away under a running service", async () => {
    const direct = poolAt(DATABASE_URL!);
    const relay = await forgetfulRelay(DATABASE_URL!);
    const pool = poolAt(relay.url);
    const schema = uniqueSchema("health");
    cleanups.push(() => dropSchema(direct, schema));
    const service = serviceOver(pool, schema);
    await service.ready();
    expect((await healthOf(service)).status).toBe(200);
    await relay.close();
    const { status, report } = await healthOf(service);
    expect(status).toBe(503);
    expect(report.checks["store:reachable"]?.[0]?.status).toBe("fail");
  });

  it("health - 503 within its timeout when the database accepts connections and never answers", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
    const { port } = silent.address() as net.AddressInfo;
    const pool = poolAt(`postgres://postgres@127.0.0.1:${port}/test`);
    // Before the pool ends: its connection attempt waits for an answer until then.
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const { status, report, elapsedMs } = await healthOver(pool, uniqueSchema("h"));
    expect(status).toBe(503);
    expect(report.checks["store:reachable"]?.[0]?.output).toBe("no answer within 300 ms");
    // Bounded by the check's timeout, not by the database.
    expect(elapsedMs).toBeLessThan(2_000);
  });

  it("health - a lag stuck behind a lock is a warning in time, and its connection comes back", async () => {
    const direct = poolAt(DATABASE_URL!);
    const schema = uniqueSchema("health");
    cleanups.push(() => dropSchema(direct, schema));
    await postgresStore({ db: direct, schema, notify: false }).init();
    // A migration or a VACUUM FULL elsewhere: every read of the deliveries waits for it.
    const locker = await direct.connect();
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE "${schema}"."returnkit_deliveries" IN ACCESS EXCLUSIVE MODE`);
    cleanups.push(async () => {
      await locker.query("ROLLBACK");
      locker.release();
    });
    const pool = poolAt(DATABASE_URL!); // two connections: the probe's and the one asked after
    // Long enough for a fresh connection's first answer on a loaded machine (reachable must
    // pass); the lag probe waits behind the lock until then whatever it is.
    const { status, report } = await healthOver(pool, schema, 3_000);
    expect(status).toBe(200);
    expect(report.checks["store:reachable"]?.[0]?.status).toBe("pass");
    expect(report.checks["outbox:lag"]?.[0]).toMatchObject({
      status: "warn",
      output: "the outbox lag could not be measured",
    });
    // The database stopped the probe's statement: both connections serve again, while the
    // lock is still held (a connection still waiting behind it would never answer).
    await Promise.all([pool.query("SELECT 1"), pool.query("SELECT 1")]);
  });

  it("health - 503 when a migration this code expects is not applied", async () => {
    const pool = poolAt(DATABASE_URL!);
    const schema = uniqueSchema("health");
    cleanups.push(() => dropSchema(pool, schema));
    await postgresStore({ db: pool, schema, notify: false }).init();
    // The database of an older release: its last migration not recorded.
    await pool.query(
      `DELETE FROM "${schema}"."returnkit_migrations" WHERE version = (SELECT max(version) FROM "${schema}"."returnkit_migrations")`,
    );
    const { status, report } = await healthOver(pool, schema);
    expect(status).toBe(503);
    expect(report.checks["store:reachable"]?.[0]?.status).toBe("pass");
    expect(report.checks["store:migrations"]?.[0]).toMatchObject({
      status: "fail",
      observedValue: false,
    });
  });
});
