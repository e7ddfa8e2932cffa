/**
 * @module bench/support/http-server — the server side of the HTTP bench, in a process of its
 * own so the load generator does not share its event loop.
 *
 * Forked with IPC. It receives `{ framework, issuer, jwks, postgres? }`, serves on 127.0.0.1
 * (a free port, listen backlog set explicitly) both returnkit (memory store, or the
 * PostgreSQL store when `postgres` is given; JWT auth against the local JWKS, idempotency
 * required) and `POST /bare/*` — the same framework parsing the same JSON and answering 201,
 * the baseline — or, for `framework: "peer"`, the hand-written peer (../peer/app.ts) on
 * PostgreSQL; it replies `{ port }`, or `{ error }` and exits when it cannot start. Then it
 * answers `"cpu"` with its CPU time so far and `"times"` with its own request timings and
 * event-loop delay since the last `"times"` (support/server-timing.ts).
 *
 * `@returnkit/*` resolve through the tsconfig tsx is given (`TSX_TSCONFIG_PATH`): this
 * checkout's, or another checkout's for the "before" side of a comparison (see http.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { returnsRouter } from "@returnkit/adapter-express";
import { returnsApp } from "@returnkit/adapter-hono";
import type { JwtAuthOptions, ReturnsStore } from "@returnkit/core";
import * as core from "@returnkit/core";
import express from "express";
import { Hono } from "hono";
import type { JSONWebKeySet } from "jose";
import pg from "pg";
import { initPeer, peerApp } from "../peer/app";
import { timeRequests } from "./server-timing";
import { shopOptions, shopOrdersSql } from "./shop-orders";
import { BENCH_BASE_URL } from "./tokens";

export interface HttpServerConfig {
  framework: "hono" | "express" | "peer";
  issuer: string;
  jwks: JwtAuthOptions["jwks"];
  /** Serve from `postgresStore({ db: new pg.Pool(...) })` on this database and schema. */
  postgres?: { url: string; schema: string; groupCommit?: boolean };
  /**
   * The configuration a shop runs (needs `postgres`): the shop's orders (support/shop-orders.ts,
   * `orders` of them over `customers` customers, filled in the schema at start) bound through
   * the core README's recipe, one webhook endpoint and one subscriber configured. No
   * dispatcher is started: each commit writes its deliveries, none is sent.
   */
  production?: { orders: number; customers: number };
}

/** Pending connections the kernel may queue (capped by net.core.somaxconn). */
export const LISTEN_BACKLOG = 4096;
const POOL_SIZE = 10;

async function storeFor(
  config: HttpServerConfig,
): Promise<{ store: ReturnsStore; pool: pg.Pool } | undefined> {
  if (!config.postgres) return undefined;
  const { postgresStore } = await import("@returnkit/store-postgres");
  const { schema, groupCommit } = config.postgres;
  // The recipe's query names the shop's tables unqualified (the store qualifies its own), so
  // the production side's one Pool finds them through its search_path.
  const pool = new pg.Pool({
    connectionString: config.postgres.url,
    max: POOL_SIZE,
    ...(config.production ? { options: `-c search_path="${schema}"` } : {}),
  });
  // Absent, the store's default (a checkout from before the option knows no such option).
  const option = groupCommit === undefined ? {} : { groupCommit };
  const store = postgresStore({ db: pool, schema, ...option });
  await store.init();
  return { store, pool };
}

/** The options a shop adds (support/shop-orders.ts), its orders filled in the schema first. */
async function productionOptions(config: HttpServerConfig, pool: pg.Pool | undefined) {
  if (!config.production) return {};
  if (!pool || !config.postgres) throw new Error("the production configuration needs postgres");
  const { orders, customers } = config.production;
  await pool.query(shopOrdersSql(config.postgres.schema, orders, customers));
  return shopOptions(pool);
}

/** What a host should bound per request (see bench/README.md and tests/reliability). */
function boundRequests(server: Server) {
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  server.maxHeadersCount = 200;
}

async function peerServer(config: HttpServerConfig): Promise<Server> {
  if (!config.postgres) throw new Error("the peer needs PostgreSQL (postgres in its config)");
  const pool = new pg.Pool({ connectionString: config.postgres.url, max: POOL_SIZE });
  const { production } = config;
  if (production)
    await pool.query(
      shopOrdersSql(config.postgres.schema, production.orders, production.customers),
    );
  await initPeer(pool, config.postgres.schema);
  const app = peerApp({
    pool,
    schema: config.postgres.schema,
    orders: production !== undefined,
    issuer: config.issuer,
    audience: BENCH_BASE_URL,
    jwks: config.jwks as JSONWebKeySet,
  });
  return createAdaptorServer({ fetch: app.fetch }) as Server;
}

async function returnkitServer(config: HttpServerConfig): Promise<Server> {
  const stored = await storeFor(config);
  const service = core.createReturnsService({
    ...(stored ? { store: stored.store } : {}),
    ...(await productionOptions(config, stored?.pool)),
    baseUrl: BENCH_BASE_URL,
    auth: { issuer: config.issuer, jwks: config.jwks },
    // The request log is the host's: in production a pino writing asynchronously, here
    // nothing, so the figures are returnkit's (the console default would write a line a
    // request). A checkout from before the logger option has no request log to turn off.
    ...("silentLogger" in core ? { logger: core.silentLogger } : {}),
    onError: (error, context) =>
      console.error(
        `[bench server] ${typeof context === "string" ? context : JSON.stringify(context)}:`,
        error,
      ),
  });
  if (config.framework === "hono") {
    const app = new Hono();
    app.post("/bare/*", async (c) => c.json(await c.req.json(), 201));
    app.route("/", returnsApp(service));
    return createAdaptorServer({ fetch: app.fetch }) as Server;
  }
  const app = express();
  app.disable("x-powered-by");
  app.post("/bare/*splat", express.json(), (req, res) => {
    res.status(201).json(req.body);
  });
  app.use(returnsRouter(service));
  return createServer(app);
}

async function start(config: HttpServerConfig): Promise<Server> {
  const server =
    config.framework === "peer" ? await peerServer(config) : await returnkitServer(config);
  boundRequests(server);
  times = timeRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: 0, host: "127.0.0.1", backlog: LISTEN_BACKLOG }, resolve);
  });
  return server;
}

let times: ReturnType<typeof timeRequests> | undefined;

process.on("message", async (message: unknown) => {
  if (message === "cpu") {
    process.send!({ cpu: process.cpuUsage() });
    return;
  }
  if (message === "times") {
    process.send!({ times: times?.take() });
    return;
  }
  try {
    const server = await start(message as HttpServerConfig);
    process.send!({ port: (server.address() as AddressInfo).port });
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.send!({ error: text }, () => process.exit(1));
  }
});
process.on("disconnect", () => process.exit(0));
