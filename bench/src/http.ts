/**
 * @module bench/http — returnkit through a real socket, on Hono (@hono/node-server) and on
 * Express, against a bare route of the same framework that parses the same JSON and answers
 * 201.
 *
 * Each server runs in a child process (support/http-server.ts); autocannon drives it from
 * this one, the two pinned to different cores (support/pin.ts). The workload
 * is what a portal client does: create a return, then submit it — two keyed requests per
 * iteration, each with a fresh Idempotency-Key and a real access token (RS256 and ES256,
 * alternating) verified against a local JWKS. Memory store; then, when `DATABASE_URL` is set,
 * Hono on the PostgreSQL store (`postgresStore` on a `pg` Pool, by default and with
 * `groupCommit: false`) beside a hand-written peer: throughput, latency at 1, 4 and 32
 * connections, and p99 at a fixed pace (support/postgres-figures.ts) — first in the
 * configuration a shop runs (orders bound, return requests and single returns, an endpoint and
 * a subscriber: support/shop-orders.ts; the headline), then without orders.
 * `BENCH_HTTP_POSTGRES_BEFORE=<another checkout of the repository, installed>` adds a server of
 * that checkout (its core, adapter and store) beside it, rounds alternating, for a
 * before/after comparison in one run; the results name it by its commit.
 *
 * Run alone: `cd bench && npx tsx src/http.ts` prints the section as JSON.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { httpBreakdown } from "./support/http-breakdown";
import { type HttpServerConfig, LISTEN_BACKLOG } from "./support/http-server";
import { closedLoad, mergeResults, type PacedResult, pacedLoad } from "./support/paced-load";
import { pinToCore } from "./support/pin";
import { type LatencyLevel, postgresFigures } from "./support/postgres-figures";
import { checkoutLabel } from "./support/report";
import type { ServerTimes } from "./support/server-timing";
import { type IterationPlan, shopIterations } from "./support/shop-orders";
import { createLocalIssuer, type LocalIssuer } from "./support/tokens";
import type { BenchFigure, BenchSection } from "./types";

const SRC = dirname(fileURLToPath(import.meta.url));
const RUN_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 32;
const CUSTOMERS = 32;
const P99_TARGET_MS = 10;
const THROUGHPUT_TARGET: Record<Framework, number> = { hono: 0.5, express: 0.5 };
/** Server CPU per request on Hono, memory store. */
const CPU_TARGET_MS = 0.15;
/** Share of iterations whose token the service has not seen yet (the token mix row). */
const FIRST_SEEN_SHARE = 0.1;

type Framework = Exclude<HttpServerConfig["framework"], "peer">;

const CREATE_BODY = JSON.stringify({
  order_id: "ord_1001",
  line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE",
  exchange_for: { sku: "TEE-BLK-L" },
});
const SUBMIT_BODY = "{}";

interface ServerHandle {
  url: string;
  /** Server CPU seconds (user + system) so far. */
  cpuSeconds(): Promise<number>;
  /** The server's own request timings and event-loop delay since the last call. */
  times(): Promise<ServerTimes>;
  close(): Promise<void>;
}

/** The server's core and the load generator's: each its own (one of each on two cores). */
const SERVER_CORE = 1;
const LOAD_CORE = 0;
/** The kernel's cap on a listen backlog, as text ("unknown" off Linux). */
function somaxconn(): string {
  try {
    return readFileSync("/proc/sys/net/core/somaxconn", "utf8").trim();
  } catch {
    return "unknown";
  }
}

/** A server (say, one whose database does not answer) that is not ready by then ends the run. */
const START_TIMEOUT_MS = 60_000;

/** Whether the last server started, and this process, are pinned (said in the notes). */
let pinned = false;

/**
 * Starts a server in a child process, pinned to its core. `checkout` (the root of another
 * copy of the repository) serves that copy's `@returnkit/*`: tsx resolves them through its
 * tsconfig. Rejects, the child gone, when the server cannot start.
 */
async function startServer(config: HttpServerConfig, checkout?: string): Promise<ServerHandle> {
  const tsconfig = join(checkout ? join(checkout, "bench") : dirname(SRC), "tsconfig.json");
  const child = fork(join(SRC, "support", "http-server.ts"), [], {
    cwd: dirname(SRC),
    env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig },
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = once(child, "exit");
  pinned = pinToCore(process.pid, LOAD_CORE) && pinToCore(child.pid ?? 0, SERVER_CORE);
  child.send(config);
  let timer: NodeJS.Timeout | undefined;
  const [ready] = (await Promise.race([
    once(child, "message"),
    exited.then(([code]) => [{ error: `the server exited (code ${code}) before it was ready` }]),
    new Promise((resolve) => {
      timer = setTimeout(
        () => resolve([{ error: `no answer within ${START_TIMEOUT_MS / 1000} s` }]),
        START_TIMEOUT_MS,
      );
    }),
  ])) as [{ port: number } | { error: string }];
  clearTimeout(timer);
  if ("error" in ready) {
    child.kill();
    await exited;
    throw new Error(`the server${checkout ? ` of ${checkout}` : ""} did not start: ${ready.error}`);
  }
  return {
    url: `http://127.0.0.1:${ready.port}`,
    async cpuSeconds() {
      child.send("cpu");
      const [reply] = (await once(child, "message")) as [{ cpu: NodeJS.CpuUsage }];
      return (reply.cpu.user + reply.cpu.system) / 1e6;
    },
    async times() {
      child.send("times");
      const [reply] = (await once(child, "message")) as [{ times: ServerTimes }];
      return reply.times;
    },
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU use during the run, as a fraction of one core. */
  serverCpu: number;
  /** Load generator CPU use during the run, as a fraction of one core. */
  clientCpu: number;
  non2xx: number;
  errors: number;
  /** The server's own view of the run. */
  server: ServerTimes;
}

type Context = { token?: string; id?: string };

/**
 * Two requests per iteration: create (or the bare equivalent) then submit of the id the
 * first answered. `tokens` alternate per iteration; every request gets its own key.
 */
function workload(tokens: string[], bare: boolean): autocannon.Request[] {
  let iteration = 0;
  let key = 0;
  const keyPrefix = `${process.pid}-${Date.now()}`;
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    "idempotency-key": `${keyPrefix}-${++key}`,
  });
  const readId = (_status: number, body: string, context: object) => {
    try {
      (context as Context).id = (JSON.parse(body) as { id?: string }).id ?? "none";
    } catch {
      (context as Context).id = "unparsable";
    }
  };
  return [
    {
      method: "POST",
      setupRequest: (request, context) => {
        const token = tokens[iteration++ % tokens.length]!;
        (context as Context).token = token;
        return {
          ...request,
          path: bare ? "/bare/returns" : "/v1/portal/returns",
          headers: headers(token),
          body: CREATE_BODY,
        };
      },
      onResponse: readId,
    },
    {
      method: "POST",
      setupRequest: (request, context) => {
        const { token = tokens[0]!, id = "none" } = context as Context;
        return {
          ...request,
          path: bare ? `/bare/returns/${id}/submit` : `/v1/portal/returns/${id}/submit`,
          headers: headers(token),
          body: SUBMIT_BODY,
        };
      },
      onResponse: readId,
    },
  ];
}

async function load(
  server: ServerHandle,
  tokens: string[],
  options: { bare: boolean; seconds: number; overallRate?: number },
): Promise<Run> {
  await server.times();
  const serverBefore = await server.cpuSeconds();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: options.seconds,
    requests: workload(tokens, options.bare),
    // autocannon's coordinated-omission correction assumes an interval of ceil(1 / rate)
    // = 1 ms per connection, which back-fills every response slower than 1 ms: raw values.
    ...(options.overallRate
      ? { overallRate: options.overallRate, ignoreCoordinatedOmission: true }
      : {}),
  });
  const client = process.cpuUsage(clientBefore);
  const serverCpu = (await server.cpuSeconds()) - serverBefore;
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverCpu: serverCpu / result.duration,
    clientCpu: (client.user + client.system) / 1e6 / result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    server: await server.times(),
  };
}

function describeRun(label: string, run: Run): string {
  const own = run.server;
  return `${label}: ${Math.round(run.requestsPerSecond)} req/s, client p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms; server arrival-to-finish p50 ${own.p50.toFixed(2)} ms, p99 ${own.p99.toFixed(2)} ms, event-loop delay p99 ${own.loopP99.toFixed(1)} ms (max ${own.loopMax.toFixed(1)}); server CPU ${Math.round(run.serverCpu * 100)}%, load generator CPU ${Math.round(run.clientCpu * 100)}%, non-2xx ${run.non2xx}, errors ${run.errors}`;
}

/** Open-loop load at `rate` requests/s through CONNECTIONS warm sockets (support/paced-load.ts). */
async function paced(
  server: ServerHandle,
  tokens: string[],
  options: { bare: boolean; seconds: number; rate: number },
): Promise<Run> {
  const prefix = options.bare ? "/bare/returns" : "/v1/portal/returns";
  return measuredRun(server, () =>
    pacedLoad({
      url: server.url,
      rate: options.rate,
      seconds: options.seconds,
      connections: CONNECTIONS,
      tokens,
      paths: { create: prefix, submit: (id) => `${prefix}/${id}/submit` },
      bodies: { create: CREATE_BODY, submit: SUBMIT_BODY },
    }),
  );
}

/** `drive`'s result with the server's CPU and own timings, and this process's CPU, around it. */
async function measuredRun(server: ServerHandle, drive: () => Promise<PacedResult>): Promise<Run> {
  await server.times();
  const serverBefore = await server.cpuSeconds();
  const clientBefore = process.cpuUsage();
  const result = await drive();
  const client = process.cpuUsage(clientBefore);
  const serverCpu = (await server.cpuSeconds()) - serverBefore;
  return {
    requestsPerSecond: result.requests / result.seconds,
    p50: result.p50,
    p99: result.p99,
    serverCpu: serverCpu / result.seconds,
    clientCpu: (client.user + client.system) / 1e6 / result.seconds,
    non2xx: result.non2xx,
    errors: result.errors,
    server: await server.times(),
  };
}

const cpuPerRequestMs = (run: Run) => (run.serverCpu / run.requestsPerSecond) * 1000;
const ratioOf = (value: number, baseline: number) =>
  baseline > 0 ? { ratio: value / baseline } : {};

/**
 * Tokens for `iterations` iterations where every 1/FIRST_SEEN_SHARE-th is one the service has
 * never seen (signed now by the local issuer, RS256 and ES256 alternating), the rest the
 * usual repeated ones: so a tenth of iterations pay a full signature verification.
 */
async function mixedTokens(
  issuer: LocalIssuer,
  repeated: string[],
  iterations: number,
): Promise<{ tokens: string[]; fresh: number }> {
  const every = Math.round(1 / FIRST_SEEN_SHARE);
  const tokens: string[] = [];
  let fresh = 0;
  for (let i = 0; i < iterations; i++) {
    if (i % every !== every - 1) tokens.push(repeated[i % repeated.length]!);
    else
      tokens.push(
        await issuer.token({
          alg: fresh++ % 2 === 0 ? "RS256" : "ES256",
          sub: `customer-${i % CUSTOMERS}`,
          scope: "portal:returns.write",
        }),
      );
  }
  return { tokens, fresh };
}

interface FrameworkRuns {
  bare: Run;
  ours: Run;
  oursHalf: Run;
  bareHalf: Run;
  halfRate: number;
  mixed?: { run: Run; fresh: number; iterations: number };
}

async function runFramework(
  server: ServerHandle,
  framework: Framework,
  tokens: string[],
  issuer: LocalIssuer,
): Promise<FrameworkRuns> {
  await load(server, tokens, { bare: true, seconds: WARMUP_SECONDS });
  await load(server, tokens, { bare: false, seconds: WARMUP_SECONDS });
  const bare = await load(server, tokens, { bare: true, seconds: RUN_SECONDS });
  const ours = await load(server, tokens, { bare: false, seconds: RUN_SECONDS });
  const halfRate = Math.max(1, Math.floor(ours.requestsPerSecond / 2));
  const oursHalf = await paced(server, tokens, {
    bare: false,
    seconds: RUN_SECONDS,
    rate: halfRate,
  });
  const bareHalf = await paced(server, tokens, {
    bare: true,
    seconds: RUN_SECONDS,
    rate: halfRate,
  });
  if (framework !== "hono") return { bare, ours, oursHalf, bareHalf, halfRate };
  // Enough tokens for the iterations a run at the max just measured would make, and half again.
  const iterations = Math.ceil((ours.requestsPerSecond / 2) * RUN_SECONDS * 1.5);
  const mix = await mixedTokens(issuer, tokens, iterations);
  const run = await load(server, mix.tokens, { bare: false, seconds: RUN_SECONDS });
  return { bare, ours, oursHalf, bareHalf, halfRate, mixed: { run, ...mix, iterations } };
}

function throughputFigure(name: string, framework: Framework, runs: FrameworkRuns): BenchFigure {
  const { ours, bare } = runs;
  const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= THROUGHPUT_TARGET[framework] && ours.non2xx === 0;
  return {
    metric: `${name}: returnkit create+submit throughput`,
    value: ours.requestsPerSecond,
    unit: "req/s",
    baseline: { label: `bare ${name} route`, value: bare.requestsPerSecond },
    ratio,
    target: `>= ${THROUGHPUT_TARGET[framework] * 100}% of bare`,
    met,
    ...(met
      ? {}
      : {
          note:
            ours.non2xx > 0
              ? `${ours.non2xx} responses were not 2xx.`
              : `Server CPU per request ${cpuPerRequestMs(ours).toFixed(2)} ms against ${cpuPerRequestMs(bare).toFixed(2)} ms bare (see "where the time goes").`,
        }),
  };
}

function halfLoadFigures(name: string, runs: FrameworkRuns): BenchFigure[] {
  const { oursHalf, bareHalf, halfRate } = runs;
  const behind = oursHalf.requestsPerSecond < 0.95 * halfRate;
  const why = (p99: number) =>
    p99 <= P99_TARGET_MS
      ? {}
      : {
          note:
            oursHalf.non2xx > 0
              ? `${oursHalf.non2xx} responses were not 2xx.`
              : behind
                ? `The server fell behind: ${Math.round(oursHalf.requestsPerSecond)} of ${halfRate} req/s answered.`
                : `Server event-loop delay p99 ${oursHalf.server.loopP99.toFixed(1)} ms (max ${oursHalf.server.loopMax.toFixed(1)}), ${cpuPerRequestMs(oursHalf).toFixed(2)} ms of server CPU per request, load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores; the bare route's p99 at the same pace: ${bareHalf.p99.toFixed(1)} ms (client), ${bareHalf.server.p99.toFixed(2)} ms (server).`,
        };
  const metP99 = (p99: number) => p99 <= P99_TARGET_MS && oursHalf.non2xx === 0 && !behind;
  return [
    {
      metric: `${name}: returnkit client p99 at half max load (${halfRate} req/s, paced, ${CONNECTIONS} sockets)`,
      value: oursHalf.p99,
      unit: "ms",
      baseline: { label: `bare ${name} route client p99 at the same pace`, value: bareHalf.p99 },
      ...ratioOf(oursHalf.p99, bareHalf.p99),
      target: `<= ${P99_TARGET_MS} ms`,
      met: metP99(oursHalf.p99),
      ...why(oursHalf.p99),
    },
    {
      metric: `${name}: returnkit server-side p99 (arrival to finish) at half max load`,
      value: oursHalf.server.p99,
      unit: "ms",
      baseline: { label: `bare ${name} route server-side p99`, value: bareHalf.server.p99 },
      ...ratioOf(oursHalf.server.p99, bareHalf.server.p99),
      target: `<= ${P99_TARGET_MS} ms`,
      met: metP99(oursHalf.server.p99),
      ...why(oursHalf.server.p99),
    },
    {
      metric: `${name}: server event-loop delay p99 at half max load`,
      value: oursHalf.server.loopP99,
      unit: "ms",
      baseline: { label: `bare ${name} route at the same pace`, value: bareHalf.server.loopP99 },
    },
  ];
}

function cpuAndMixFigures(name: string, runs: FrameworkRuns): BenchFigure[] {
  const figures: BenchFigure[] = [];
  const ours = cpuPerRequestMs(runs.ours);
  const bare = cpuPerRequestMs(runs.bare);
  const hono = name === "Hono";
  figures.push({
    metric: `${name}: server CPU per create+submit request, memory store`,
    value: ours,
    unit: "ms",
    baseline: { label: `bare ${name} route`, value: bare },
    ...ratioOf(ours, bare),
    ...(hono ? { target: `<= ${CPU_TARGET_MS} ms`, met: ours <= CPU_TARGET_MS } : {}),
  });
  if (runs.mixed) {
    const { run, fresh, iterations } = runs.mixed;
    const done = (run.requestsPerSecond / 2) * RUN_SECONDS;
    figures.push({
      metric: `${name}: returnkit throughput, ${FIRST_SEEN_SHARE * 100}% first-seen tokens`,
      value: run.requestsPerSecond,
      unit: "req/s",
      baseline: { label: "returnkit, repeated tokens only", value: runs.ours.requestsPerSecond },
      ratio: run.requestsPerSecond / runs.ours.requestsPerSecond,
      note: `${fresh} first-seen tokens (RS256/ES256 alternating) among ${iterations} prepared iterations, about ${Math.round(done)} run; server CPU per request ${cpuPerRequestMs(run).toFixed(2)} ms; client p99 ${run.p99.toFixed(1)} ms, server-side p99 ${run.server.p99.toFixed(2)} ms.${done > iterations ? " The run outlasted the prepared tokens: later iterations reused them." : ""}`,
    });
  }
  return figures;
}

async function benchFramework(
  framework: Framework,
  config: Omit<HttpServerConfig, "framework">,
  tokens: string[],
  issuer: LocalIssuer,
): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const name = framework === "hono" ? "Hono" : "Express";
  const server = await startServer({ ...config, framework });
  try {
    const runs = await runFramework(server, framework, tokens, issuer);
    const { bare, ours, oursHalf, bareHalf, halfRate, mixed } = runs;
    return {
      figures: [
        throughputFigure(name, framework, runs),
        ...cpuAndMixFigures(name, runs),
        {
          metric: `${name}: returnkit client p99 at max load`,
          value: ours.p99,
          unit: "ms",
          baseline: { label: `bare ${name} route p99`, value: bare.p99 },
          ...ratioOf(ours.p99, bare.p99),
        },
        ...halfLoadFigures(name, runs),
      ],
      notes: [
        describeRun(`${name} bare, max`, bare),
        describeRun(`${name} returnkit, max`, ours),
        describeRun(`${name} returnkit, ${halfRate} req/s paced`, oursHalf),
        describeRun(`${name} bare, ${halfRate} req/s paced`, bareHalf),
        ...(mixed ? [describeRun(`${name} returnkit, 10% first-seen tokens, max`, mixed.run)] : []),
      ],
    };
  } finally {
    await server.close();
  }
}

const POSTGRES_ROUNDS = Number(process.env.BENCH_HTTP_POSTGRES_ROUNDS ?? 4);
/** The paced PostgreSQL row: this many requests per second over CONNECTIONS sockets. */
const POSTGRES_PACED_RATE = 800;
/** The closed-loop latency rows: portal clients at once, from a quiet service to a busy one. */
const LATENCY_CONNECTIONS = [1, 4, CONNECTIONS];
const PORTAL = {
  paths: {
    create: "/v1/portal/returns",
    submit: (id: string) => `/v1/portal/returns/${id}/submit`,
  },
  bodies: { create: CREATE_BODY, submit: SUBMIT_BODY },
};

interface PostgresSide {
  label: string;
  framework: "hono" | "peer";
  checkout?: string;
  /** The store's option; absent, the store's default (a checkout before the option has none). */
  groupCommit?: boolean;
}

/**
 * How the PostgreSQL rows load each side: the same create + submit of one order going round
 * the tokens (the rows without orders), or each side drawing the shop's iterations from a plan
 * of its own (the production rows, support/shop-orders.ts).
 */
type Iterations = { tokens: string[] } | { plans: (() => IterationPlan)[] };

/** What the closed-loop and paced drivers take for side `i`. */
const iterationsOf = (iterations: Iterations, i: number) =>
  "plans" in iterations ? { plan: iterations.plans[i]! } : { tokens: iterations.tokens, ...PORTAL };

/** Starts every side; one that cannot start ends the run with its error, the rest closed. */
async function startSides(
  sides: PostgresSide[],
  config: Omit<HttpServerConfig, "framework">,
  url: string,
  schemas: string[],
): Promise<ServerHandle[]> {
  const started = await Promise.allSettled(
    sides.map((side, i) =>
      startServer(
        {
          ...config,
          framework: side.framework,
          postgres: {
            url,
            schema: schemas[i]!,
            ...(side.groupCommit === undefined ? {} : { groupCommit: side.groupCommit }),
          },
        },
        side.checkout,
      ),
    ),
  );
  const servers = started.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  const failed = started.find((start) => start.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.close()));
    throw failed.reason;
  }
  return servers;
}

/**
 * Closed-loop create + submit at each of LATENCY_CONNECTIONS, each side's run in two halves:
 * the sides in turn, then back in reverse, so no side always runs first, right after the
 * heavier load before the level (whose checkpoints and vacuums PostgreSQL is still working off).
 */
async function latencyLevels(
  servers: ServerHandle[],
  iterations: Iterations,
): Promise<LatencyLevel[]> {
  const levels: LatencyLevel[] = [];
  for (const [level, connections] of LATENCY_CONNECTIONS.entries()) {
    const loadAverage = loadavg()[0]!.toFixed(2);
    const halves: PacedResult[][] = servers.map(() => []);
    const cpuSeconds = servers.map(() => 0);
    const order = servers.map((_, k) => (level + k) % servers.length);
    for (const i of [...order, ...[...order].reverse()]) {
      const [server, url] = [servers[i]!, servers[i]!.url];
      const cpuBefore = await server.cpuSeconds();
      const seconds = RUN_SECONDS / 2;
      halves[i]!.push(
        await closedLoad({ url, seconds, connections, ...iterationsOf(iterations, i) }),
      );
      cpuSeconds[i]! += (await server.cpuSeconds()) - cpuBefore;
    }
    const results = halves.map(mergeResults);
    const cpuMs = results.map((result, i) => (cpuSeconds[i]! / result.requests) * 1000);
    levels.push({ connections, load: loadAverage, results, cpuMs });
  }
  return levels;
}

/**
 * A throughput run of side `i` at CONNECTIONS: autocannon for the fixed iterations; for planned
 * ones (whose bodies change every iteration) the closed-loop driver over as many connections.
 */
function throughputRun(server: ServerHandle, iterations: Iterations, i: number, seconds: number) {
  if ("tokens" in iterations) return load(server, iterations.tokens, { bare: false, seconds });
  const url = server.url;
  return measuredRun(server, () =>
    closedLoad({ url, seconds, connections: CONNECTIONS, ...iterationsOf(iterations, i) }),
  );
}

/** Side `i` paced at `rate` requests/s over CONNECTIONS sockets. */
function pacedRun(
  server: ServerHandle,
  iterations: Iterations,
  i: number,
  rate: number,
): Promise<Run> {
  if ("tokens" in iterations)
    return paced(server, iterations.tokens, { bare: false, seconds: RUN_SECONDS, rate });
  const options = { url: server.url, rate, seconds: RUN_SECONDS, connections: CONNECTIONS };
  return measuredRun(server, () => pacedLoad({ ...options, ...iterationsOf(iterations, i) }));
}

/**
 * Throughput rounds (each side first in turn), closed-loop latency at 1, 4 and CONNECTIONS,
 * then each side paced: at POSTGRES_PACED_RATE with fixed iterations, and at half the peer's
 * throughput (its median round) with planned ones, the production rows' target.
 */
async function runPostgresSides(servers: ServerHandle[], iterations: Iterations) {
  const rounds: Run[][] = servers.map(() => []);
  const loads: string[] = [];
  for (const [i, server] of servers.entries())
    await throughputRun(server, iterations, i, WARMUP_SECONDS);
  for (let round = 0; round < POSTGRES_ROUNDS; round++) {
    loads.push(loadavg()[0]!.toFixed(2));
    for (let k = 0; k < servers.length; k++) {
      const i = (round + k) % servers.length;
      rounds[i]!.push(await throughputRun(servers[i]!, iterations, i, RUN_SECONDS));
    }
  }
  const latency = await latencyLevels(servers, iterations);
  const pacedLoadAverage = loadavg()[0]!.toFixed(2);
  const peerRates = rounds[1]!.map((run) => run.requestsPerSecond).sort((a, b) => a - b);
  const rate =
    "plans" in iterations
      ? Math.max(2, Math.round(peerRates[peerRates.length >> 1]! / 2))
      : POSTGRES_PACED_RATE;
  const pacedRuns: Run[] = [];
  for (const [i, server] of servers.entries())
    pacedRuns.push(await pacedRun(server, iterations, i, rate));
  return { rounds, loads, latency, pacedLoadAverage, pacedRuns, pacedRate: rate };
}

function describeLatency(label: string, level: LatencyLevel, side: number): string {
  const { connections } = level;
  const run = level.results[side]!;
  return `${label}, ${connections} closed-loop connection${connections === 1 ? "" : "s"}: ${Math.round(run.requests / run.seconds)} req/s, client p50 ${run.p50.toFixed(2)} ms, p99 ${run.p99.toFixed(2)} ms, max ${run.max.toFixed(1)} ms; server CPU ${level.cpuMs[side]!.toFixed(2)} ms per request; non-2xx ${run.non2xx}, errors ${run.errors}`;
}

/** Drops the sides' schemas; a failure is printed, never put in place of the run's own error. */
async function dropSchemas(url: string, schemas: string[]): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
  try {
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } catch (error) {
    console.error(`[bench http] could not drop ${schemas.join(", ")}:`, error);
  } finally {
    await pool.end();
  }
}

/** Orders in each production side's schema (BENCH_HTTP_ORDERS): two iterations each. */
const PRODUCTION_ORDERS = Number(process.env.BENCH_HTTP_ORDERS ?? 60_000);

/** The PostgreSQL sides: the default store, the peer, `groupCommit: false` (SIDE's order). */
function postgresSides(production: boolean, before: string | undefined): PostgresSide[] {
  const sides: PostgresSide[] = [
    { label: "returnkit, PostgreSQL store (default: groupCommit)", framework: "hono" },
    { label: "hand-written peer", framework: "peer" },
    {
      label: "returnkit, PostgreSQL store, groupCommit: false",
      framework: "hono",
      groupCommit: false,
    },
  ];
  // Another checkout knows no production configuration: it joins the rows without orders only.
  if (before && !production)
    sides.push({
      label: `returnkit ${checkoutLabel(before)}`,
      framework: "hono",
      checkout: before,
    });
  return sides;
}

/** The rows' notes: the setting, every round, every level, every paced run. */
function postgresNotes(
  scope: string,
  sides: PostgresSide[],
  measured: Awaited<ReturnType<typeof runPostgresSides>>,
  workload: string,
): string[] {
  const { rounds, loads, latency, pacedLoadAverage, pacedRuns, pacedRate } = measured;
  return [
    pinned
      ? `${scope}: each server pinned to core ${SERVER_CORE}, the load generator to core ${LOAD_CORE} (taskset); PostgreSQL unpinned, on the same two cores. pg Pool of 10 on each side.`
      : `${scope}: servers and load generator not pinned (taskset or a second core is missing).`,
    `${scope}: ${workload}`,
    `${scope}: throughput is the median of ${POSTGRES_ROUNDS} rounds per side, sides taking turns going first; load average (1 min) as each round began: ${loads.join(", ")}.`,
    `${scope}, latency: closed loop (each client starts its next create + submit when its last is answered) through an undici Pool of that many warm connections, ${RUN_SECONDS} s per side and level in two halves (the sides in turn, then in reverse), exact percentiles of every request; load average (1 min) as each level began: ${latency.map((level) => `${level.connections}: ${level.load}`).join(", ")}. At ${pacedRate} req/s paced: ${pacedLoadAverage}.`,
    ...sides.flatMap((side, i) =>
      rounds[i]!.map((run, round) =>
        describeRun(`${scope}, ${side.label}, round ${round + 1}`, run),
      ),
    ),
    ...latency.flatMap((level) =>
      sides.map((side, i) => describeLatency(`${scope}, ${side.label}`, level, i)),
    ),
    ...sides.map((side, i) =>
      describeRun(`${scope}, ${side.label}, ${pacedRate} req/s paced`, pacedRuns[i]!),
    ),
  ];
}

const WITHOUT_ORDERS_WORKLOAD =
  "the same create + submit of one return of order ord_1001 per iteration, no orders bound (any customer may name any order), no endpoint. The peer (bench/src/peer/app.ts): Hono + zod + pg, JWTs verified with jose and kept until they expire, the same JSON in and out; each write one transaction: the idempotency key claimed (insert, on conflict replay), the return row inserted or locked and updated, a history row, the key's stored response, an outbox row.";

const PRODUCTION_WORKLOAD = `what a shop runs (support/shop-orders.ts): orders bound through the core README's PostgreSQL recipe (examples/hono-server/src/shop-orders.ts, the shop's own two tables, ${PRODUCTION_ORDERS} orders of ${CUSTOMERS} customers per side, four lines of one unit each), one webhook endpoint and one subscriber configured (each event gets two deliveries; no dispatcher runs, none is sent). Per order, a three-line return request created and submitted (POST /v1/portal/return-requests, then …/{id}/submit), then a single return of its fourth line created and submitted: each iteration a fresh order (past the last one they wrap round and are refused, counted as non-2xx). Throughput at ${CONNECTIONS} connections is driven closed loop by the undici client (bodies change every iteration), not autocannon. The peer with orders: on does the same by hand: the order read from the shop's tables, 404 unless the caller's, the window and the lines checked, the units left checked under pg_advisory_xact_lock of the order, return requests in one transaction and one key, a history row and an outbox row per return changed (bench/src/peer).`;

/**
 * Hono on the PostgreSQL store against the hand-written peer on the same PostgreSQL (and
 * another checkout's, when given, without orders only): throughput rounds alternating, latency
 * at 1, 4 and 32 connections, then p99 at a fixed pace. `production`: the shop's configuration.
 */
async function benchPostgres(
  config: Omit<HttpServerConfig, "framework">,
  tokens: string[],
  production: boolean,
): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const scope = production ? "PostgreSQL, production configuration" : "PostgreSQL, without orders";
  const url = process.env.DATABASE_URL;
  if (!url)
    return {
      figures: [],
      notes: [
        `${scope} (returnkit's PostgreSQL store against the hand-written peer): skipped, DATABASE_URL is not set.`,
      ],
    };
  const before = process.env.BENCH_HTTP_POSTGRES_BEFORE;
  if (before && !existsSync(join(before, "bench", "tsconfig.json")))
    throw new Error(`BENCH_HTTP_POSTGRES_BEFORE: ${before} is not a checkout of the repository`);
  const sides = postgresSides(production, before);
  const schemas = sides.map((_, i) => `bench_http_${process.pid}_${production ? "p" : ""}${i}`);
  const iterations: Iterations = production
    ? { plans: sides.map(() => shopIterations(tokens, PRODUCTION_ORDERS)) }
    : { tokens };
  const shop = production
    ? { production: { orders: PRODUCTION_ORDERS, customers: CUSTOMERS } }
    : {};
  let measured: Awaited<ReturnType<typeof runPostgresSides>>;
  try {
    const servers = await startSides(sides, { ...config, ...shop }, url, schemas);
    try {
      measured = await runPostgresSides(servers, iterations);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  } finally {
    await dropSchemas(url, schemas);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const rates = measured.rounds.map((side) => median(side.map((run) => run.requestsPerSecond)));
  const beforeSide = sides[3];
  return {
    figures: postgresFigures({
      scope,
      rates,
      connections: CONNECTIONS,
      paced: { rate: measured.pacedRate, runs: measured.pacedRuns },
      latency: measured.latency,
      ...(beforeSide ? { before: beforeSide.label.replace(/^returnkit /, "") } : {}),
    }),
    notes: postgresNotes(
      scope,
      sides,
      measured,
      production ? PRODUCTION_WORKLOAD : WITHOUT_ORDERS_WORKLOAD,
    ),
  };
}

export default async function httpBench(): Promise<BenchSection> {
  const issuer = await createLocalIssuer();
  const tokens: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    tokens.push(
      await issuer.token({
        alg: i % 2 === 0 ? "RS256" : "ES256",
        sub: `customer-${i}`,
        scope: "portal:returns.write",
      }),
    );
  }
  const breakdown = await httpBreakdown(issuer);
  const config = { issuer: issuer.issuer, jwks: issuer.jwks };
  const hono = await benchFramework("hono", config, tokens, issuer);
  const expressResult = await benchFramework("express", config, tokens, issuer);
  const production = await benchPostgres(config, tokens, true);
  const postgres = await benchPostgres(config, tokens, false);
  return {
    title: "HTTP: create + submit through a socket",
    // The production configuration first: the headline a shop reads.
    figures: [
      ...production.figures,
      ...hono.figures,
      ...expressResult.figures,
      ...postgres.figures,
      ...breakdown.figures,
    ],
    notes: [
      `Node ${process.version}; server in a child process, autocannon in the bench process, ${CONNECTIONS} connections, ${RUN_SECONDS} s per run after ${WARMUP_SECONDS} s warm-ups.`,
      `Per iteration: POST /v1/portal/returns then POST …/{id}/submit, each with a fresh Idempotency-Key and a Bearer access token (typ at+jwt, RS256 and ES256 alternating, ${CUSTOMERS} customers) verified against a local JWKS; memory store. Requests per second count both requests.`,
      "Baseline: POST /bare/* in the same server and framework, parsing the same JSON body and answering it back with 201 (Hono: c.req.json(); Express: express.json()), driven by the same two-request sequence and headers.",
      `Half load: half the returnkit max measured just before, offered open-loop through a bounded client: an iteration starts every 2/rate s whatever earlier ones are doing, over ${CONNECTIONS} keep-alive sockets (undici Pool, pipelining 1) opened before the clock starts; a create's latency counts from its due time, so waiting for a free socket is charged; exact percentiles.`,
      `Server side: each request's time from arrival (headers parsed) to its answer's last byte handed to the socket, and the main thread's event-loop delay (monitorEventLoopDelay, 10 ms resolution), read by the server process itself; listen backlog ${LISTEN_BACKLOG} (net.core.somaxconn ${somaxconn()}). ${pinned ? `Server pinned to core ${SERVER_CORE}, load generator to core ${LOAD_CORE} (taskset).` : "Server and load generator NOT pinned (taskset or a second core is missing)."}`,
      "Where the time goes: in the bench process, one call at a time (medians of 5 interleaved rounds): jose verifying a token as the service does; the typed operations (memory store, keyed); service.fetch in process with a host authenticate (HTTP translation + typed operation, no token, no socket); baseline = new Request, request.json(), new Response(JSON) in the same Fetch terms.",
      ...hono.notes,
      ...expressResult.notes,
      ...production.notes,
      ...postgres.notes,
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  const only = process.argv.includes("--postgres") || process.argv.includes("--production");
  console.log(JSON.stringify(await (only ? httpPostgresOnly() : httpBench()), null, 2));
}

/** `npx tsx src/http.ts --postgres`: only the PostgreSQL rows (the before/after comparison). */
export async function httpPostgresOnly(): Promise<BenchSection> {
  const issuer = await createLocalIssuer();
  const tokens = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) =>
      issuer.token({
        alg: i % 2 === 0 ? "RS256" : "ES256",
        sub: `customer-${i}`,
        scope: "portal:returns.write",
      }),
    ),
  );
  const config = { issuer: issuer.issuer, jwks: issuer.jwks };
  // `--production`: the production rows only; else the rows without orders only.
  const { figures, notes } = await benchPostgres(
    config,
    tokens,
    process.argv.includes("--production"),
  );
  return { title: "HTTP: create + submit on the PostgreSQL store", figures, notes };
}
