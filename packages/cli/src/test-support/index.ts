/**
 * @module test-support — `returnkit` run as the executable runs it (through `runCli`, in this
 * process, or as the real executable in a child process), and a store on a schema of the
 * test's own to seed it with what operators look at (endpoints, dead deliveries).
 *
 * The executable runs as `node --import tsx src/bin.ts` with `TSX_TSCONFIG_PATH` naming this
 * package's tsconfig, whose `paths` map every `@returnkit/*` import to the workspace sources:
 * what is tested is the code in the tree, never a stale build. Starting it costs seconds on a
 * busy machine, so only the cases about the process itself use it.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ReturnsStore, WebhookEndpoint } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import { type PostgresStore, postgresStore } from "@returnkit/store-postgres";
import { makeEndpoint, makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import { expect, test } from "vitest";
import { runCli } from "../run-cli";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = fileURLToPath(new URL("../bin.ts", import.meta.url));
const TSCONFIG = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));

/** Set by the project's global setup: the machine's server, or one started for the run. */
export const DATABASE_URL = process.env.DATABASE_URL!;

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `returnkit …args` to its end through `runCli`, writing what `bin.ts` writes (each text
 * and a newline). `env` is added to this process's, DATABASE_URL included.
 */
export async function returnkit(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    args,
    { ...process.env, DATABASE_URL, ...env },
    {
      out: (text) => {
        stdout += `${text}\n`;
      },
      error: (text) => {
        stderr += `${text}\n`;
      },
    },
  );
  return { code, stdout, stderr };
}

/** `returnkit`, but the real executable in a child process: its exit code and its streams. */
export function returnkitProcess(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", BIN, ...args], {
      cwd: PACKAGE_ROOT,
      env: { ...process.env, DATABASE_URL, TSX_TSCONFIG_PATH: TSCONFIG, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `returnkit …args` in this process, through `runCli`, against DATABASE_URL. */
export async function runReturnkit(args: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    args,
    { DATABASE_URL },
    { out: (text) => (stdout += `${text}\n`), error: (text) => (stderr += `${text}\n`) },
  );
  return { code, stdout, stderr };
}

/** Runs `returnkit …args --json`, expects exit 0 and nothing on stderr, and answers the JSON. */
export async function returnkitJson<T = any>(args: string[]): Promise<T> {
  const run = await returnkit([...args, "--json"]);
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  return JSON.parse(run.stdout) as T;
}

let schemas = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** A schema no other test, file or concurrent run uses. */
export function uniqueSchema(label: string): string {
  return `rk_cli_${label}_${run}_${++schemas}`;
}

/** A migrated store on a schema of its own, and how to drop it all afterwards. */
export interface TestDatabase {
  schema: string;
  store: PostgresStore;
  /** `--schema <schema>`, for the command line. */
  flags: string[];
  drop(): Promise<void>;
}

async function migratedSchema(label: string): Promise<TestDatabase> {
  const schema = uniqueSchema(label);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const store = postgresStore({ db: pool, schema, notify: false });
  await store.init();
  return {
    schema,
    store,
    flags: ["--schema", schema],
    async drop() {
      await store.close();
      await dropSchema(pool, schema);
      await pool.end();
    },
  };
}

/** `it` whose cases that name `db` each get a migrated schema of their own, dropped after. */
export const itOnItsOwnSchema = test.extend<{ db: TestDatabase }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads which fixtures this one needs from the pattern
  db: async ({}, use) => {
    const db = await migratedSchema("case");
    await use(db);
    await db.drop();
  },
});

export async function dropSchema(pool: pg.Pool, schema: string): Promise<void> {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

/** Saves a webhook endpoint; every later commit gets a delivery to it. */
export async function seedEndpoint(
  store: ReturnsStore,
  options: Partial<WebhookEndpoint> = {},
): Promise<WebhookEndpoint> {
  const endpoint = makeEndpoint(options);
  await store.saveEndpoint(endpoint);
  return endpoint;
}

/** Saves a subscriber endpoint (host code: no URL, no secret). */
export async function seedSubscriber(store: ReturnsStore, id: string): Promise<void> {
  await store.saveEndpoint({
    kind: "subscriber",
    id,
    types: null,
    enabled: true,
    disabled_reason: null,
    created_at: new Date().toISOString(),
  });
}

/** Commits a new return with its one event: one pending delivery per endpoint. */
export async function seedReturn(
  store: ReturnsStore,
  requestId: string | null = null,
): Promise<{ stored: StoredReturn; eventId: string }> {
  const stored = makeStoredReturn();
  const event = { ...makeOutboxEvent(stored), request_id: requestId };
  const result = await store.commit({ next: stored, expectedVersion: null, events: [event] });
  expect(result.ok).toBe(true);
  return { stored, eventId: event.id };
}

/**
 * Claims every due delivery and records one failed attempt that kills it, as a dispatcher
 * would; the attempt (and so `dead_at`) is dated `at`.
 */
export async function killDueDeliveries(store: ReturnsStore, at = new Date()): Promise<number> {
  const claimed = await store.claimDeliveries({
    dispatcherId: "test-dispatcher",
    now: Date.now(),
    limit: 100,
    leaseMs: 60_000,
  });
  for (const { delivery } of claimed) {
    const recorded = await store.recordDeliveryAttempt({
      deliveryId: delivery.id,
      dispatcherId: "test-dispatcher",
      attempt: { at: at.toISOString(), status: 503, error: "HTTP 503", duration_ms: 12 },
      outcome: { kind: "dead" },
    });
    expect(recorded).toBe(true);
  }
  return claimed.length;
}
