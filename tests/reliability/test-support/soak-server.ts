/**
 * @module reliability/test-support/soak-server — the soak's server process: returnkit on the
 * Postgres store behind @hono/node-server, with its webhook dispatcher running. The soak
 * SIGKILLs it and starts it again on the same port; it reports `ready` over IPC.
 *
 * Settings are shortened so a 60-second soak sees the whole lifecycle: a delivery lease
 * lasts 3 s, and a failing
 * delivery is retried every 250–500 ms for about 15 s before it would be dead-lettered.
 */
import { serve } from "@hono/node-server";
import { returnsApp } from "@returnkit/adapter-hono";
import { createReturnsService } from "@returnkit/core";
import { postgresStore } from "@returnkit/store-postgres";
import { Hono } from "hono";
import pg from "pg";
import { soakAuthenticate } from "./soak-auth";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`soak-server: ${name} is not set`);
  return value;
};

const pool = new pg.Pool({ connectionString: env("DATABASE_URL"), max: 8 });
const store = postgresStore({ db: pool, schema: env("SOAK_SCHEMA") });
const report = (kind: string, detail: string) => process.send?.({ kind, detail });

const service = createReturnsService({
  store,
  baseUrl: `http://127.0.0.1:${env("SOAK_PORT")}`,
  auth: { authenticate: soakAuthenticate },
  webhooks: {
    endpoints: [{ url: env("SOAK_RECEIVER_URL"), secret: env("SOAK_WEBHOOK_SECRET") }],
    allowedDestinations: [new URL(env("SOAK_RECEIVER_URL")).hostname],
    retrySchedule: [0, ...Array.from({ length: 40 }, () => 350)],
    timeoutMs: 1_000,
    leaseMs: 3_000,
    pollIntervalMs: 500,
  },
  // One onError hears the dispatcher too: its context says which part failed.
  onError: (error, context) =>
    report(
      context.source === "dispatcher" || context.source === "subscriber"
        ? "dispatcher-error"
        : "service-error",
      `${JSON.stringify(context)} ${String(error)}`,
    ),
});

await service.ready();
service.dispatcher.start();

const app = new Hono();
app.route("/", returnsApp(service));
const server = serve({
  fetch: app.fetch,
  hostname: "127.0.0.1",
  port: Number(env("SOAK_PORT")),
  serverOptions: { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000 },
});
server.once("listening", () => process.send?.({ kind: "ready", detail: String(process.pid) }));

process.on("SIGTERM", async () => {
  server.close();
  await service.close();
  await pool.end();
  process.exit(0);
});
