/**
 * A health flood against a backlog: 20,000 pending deliveries (a receiver down for a while),
 * then 400 unauthenticated `GET /v1/health` calls over 64 loopback connections, with creates
 * sent beside them. `/v1/health` is public: a flood of it must cost the database at most one
 * check per interval, never answer `fail` while the database is up, and never starve the API.
 *
 * Needs a real PostgreSQL server (`DATABASE_URL`); without it the test says so and is skipped.
 */
import { Agent, request } from "node:http";
import { createReturnsService, type ReturnsStore } from "@returnkit/core";
import { postgresStore } from "@returnkit/store-postgres";
import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import pg from "pg";
import { expect, it } from "vitest";
// The same backlog as store-postgres's own flood test, seeded by one statement per table.
import { seedPendingDeliveries } from "../../packages/store-postgres/src/test-support/pending-backlog";
import { startHonoServer } from "./test-support/servers";

const DATABASE_URL = process.env.DATABASE_URL;
const PENDING = 20_000;
const FLOOD = 400;
const CONNECTIONS = 64;
const CREATES = 5;
const CACHE_MS = 1_000;

if (!DATABASE_URL) console.warn("[reliability] health flood skipped: set DATABASE_URL.");

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function send(agent: Agent, port: number, path: string, init: { body?: string } = {}) {
  const started = performance.now();
  const headers: Record<string, string> = init.body
    ? {
        authorization: testToken("portal", "user-42"),
        "content-type": "application/json",
        "idempotency-key": `flood-${Math.random()}`,
      }
    : {};
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent, method: init.body ? "POST" : "GET", headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

it.skipIf(!DATABASE_URL)(
  `health flood - ${FLOOD} calls over ${CONNECTIONS} connections against ${PENDING} pending deliveries: none fails, creates beside them answered (needs DATABASE_URL)`,
  async () => {
    const schema = `health_flood_${process.pid}_${Date.now()}`;
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20 });
    const store = postgresStore({ db: pool, schema, notify: false });
    let storeChecks = 0;
    const counted: ReturnsStore = {
      ...store,
      health: (...args: Parameters<NonNullable<ReturnsStore["health"]>>) => {
        storeChecks++;
        return store.health(...args);
      },
    };
    const service = createReturnsService({
      store: counted,
      auth: { authenticate: testAuthenticate },
      retention: { intervalMs: 0 },
    });
    const server = await startHonoServer(service);
    const flooding = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const normal = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await store.init();
      await seedPendingDeliveries(pool, schema, PENDING, Date.now() - 60_000);
      const started = performance.now();
      const flood = Array.from({ length: FLOOD }, () => send(flooding, server.port, "/v1/health"));
      const creates: Answer[] = [];
      for (let i = 0; i < CREATES; i++) {
        creates.push(
          await send(normal, server.port, "/v1/portal/returns", {
            body: JSON.stringify(validCreate),
          }),
        );
      }
      const answers = await Promise.all(flood);
      const elapsedMs = performance.now() - started;

      const failed = answers.filter((a) => a.status !== 200 || a.body.includes('"status":"fail"'));
      const createMs = creates.map((c) => Math.round(c.ms));
      console.info(
        `[reliability] health flood: ${failed.length}/${FLOOD} answered fail, ${storeChecks} store checks in ${Math.round(elapsedMs)} ms, creates beside it ${createMs.join(", ")} ms`,
      );
      expect(creates.map((c) => c.status)).toEqual(creates.map(() => 201));
      expect(failed.length).toBe(0);
      expect(storeChecks).toBeLessThanOrEqual(Math.ceil(elapsedMs / CACHE_MS) + 1);
      expect(Math.max(...createMs)).toBeLessThan(2_000);
    } finally {
      flooding.destroy();
      normal.destroy();
      await server.close();
      await service.close();
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    }
  },
);
