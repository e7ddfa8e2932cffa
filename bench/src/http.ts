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
 * Hono on the PostgreSQL store (`postgresStore` on a `pg` Pool), where a user feels the
 * store. `BENCH_HTTP_POSTGRES_BEFORE=<another checkout of the repository, installed>` adds a
 * server of that checkout (its core, adapter and store) beside it, rounds alternating, for a
 * before/after comparison in one run.
 *
 * Run alone: `cd bench && npx tsx src/http.ts` prints the section as JSON.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { existsSync, realpathSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { type HttpBreakdown, httpBreakdown } from "./support/http-breakdown";
import type { HttpServerConfig } from "./support/http-server";
import { pinToCore } from "./support/pin";
import { createLocalIssuer } from "./support/tokens";
import type { BenchFigure, BenchSection } from "./types";

const SRC = dirname(fileURLToPath(import.meta.url));
const RUN_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 32;
const CUSTOMERS = 32;
const P99_TARGET_MS = 10;
const THROUGHPUT_TARGET: Record<Framework, number> = { hono: 0.5, express: 0.6 };

type Framework = HttpServerConfig["framework"];

const CREATE_BODY = JSON.stringify({
  order_id: "ord_1001",
  line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE",
  exchange_size: "L",
});
const SUBMIT_BODY = "{}";

interface ServerHandle {
  url: string;
  /** Server CPU seconds (user + system) so far. */
  cpuSeconds(): Promise<number>;
  close(): Promise<void>;
}

/** The server's core and the load generator's: each its own (one of each on two cores). */
const SERVER_CORE = 1;
const LOAD_CORE = 0;
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
  const [ready] = (await Promise.race([
    once(child, "message"),
    exited.then(([code]) => [{ error: `the server exited (code ${code}) before it was ready` }]),
  ])) as [{ port: number } | { error: string }];
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
  };
}

function describeRun(label: string, run: Run): string {
  return `${label}: ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, server CPU ${Math.round(run.serverCpu * 100)}%, load generator CPU ${Math.round(run.clientCpu * 100)}%, non-2xx ${run.non2xx}, errors ${run.errors}`;
}

/**
 * Open-loop load at `rate` requests/s: an iteration (create, then submit) starts every
 * 2 / rate seconds whether or not earlier ones have finished, as users arrive — unlike
 * autocannon's overallRate, which lets each connection fire its per-second quota back to
 * back at the start of every second. Latency is measured per request, exact percentiles.
 */
async function pacedLoad(
  server: ServerHandle,
  tokens: string[],
  options: { bare: boolean; seconds: number; rate: number },
): Promise<Run> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let key = 0;
  const prefix = `paced-${process.pid}-${Date.now()}`;
  const post = async (path: string, token: string, body: string) => {
    const started = performance.now();
    try {
      const response = await fetch(server.url + path, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "idempotency-key": `${prefix}-${++key}`,
        },
        body,
      });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (response.status < 200 || response.status > 299) non2xx++;
      return text;
    } catch {
      errors++;
      return "{}";
    }
  };
  const iteration = async (i: number) => {
    const token = tokens[i % tokens.length]!;
    const created = await post(
      options.bare ? "/bare/returns" : "/v1/portal/returns",
      token,
      CREATE_BODY,
    );
    const id = (JSON.parse(created) as { id?: string }).id ?? "none";
    await post(
      options.bare ? `/bare/returns/${id}/submit` : `/v1/portal/returns/${id}/submit`,
      token,
      SUBMIT_BODY,
    );
  };
  const serverBefore = await server.cpuSeconds();
  const clientBefore = process.cpuUsage();
  const intervalMs = 2000 / options.rate;
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; ; i++) {
    const due = started + i * intervalMs;
    if (due - started >= options.seconds * 1000) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(iteration(i));
  }
  await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverCpu = (await server.cpuSeconds()) - serverBefore;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    requestsPerSecond: latencies.length / seconds,
    p50: percentile(0.5),
    p99: percentile(0.99),
    serverCpu: serverCpu / seconds,
    clientCpu: (client.user + client.system) / 1e6 / seconds,
    non2xx,
    errors,
  };
}

async function benchFramework(
  framework: Framework,
  config: Omit<HttpServerConfig, "framework">,
  tokens: string[],
  breakdown: HttpBreakdown["micros"],
): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const name = framework === "hono" ? "Hono" : "Express";
  const server = await startServer({ ...config, framework });
  try {
    await load(server, tokens, { bare: true, seconds: WARMUP_SECONDS });
    await load(server, tokens, { bare: false, seconds: WARMUP_SECONDS });
    const bare = await load(server, tokens, { bare: true, seconds: RUN_SECONDS });
    const ours = await load(server, tokens, { bare: false, seconds: RUN_SECONDS });
    const halfRate = Math.max(1, Math.floor(ours.requestsPerSecond / 2));
    const oursHalf = await pacedLoad(server, tokens, {
      bare: false,
      seconds: RUN_SECONDS,
      rate: halfRate,
    });
    const bareHalf = await pacedLoad(server, tokens, {
      bare: true,
      seconds: RUN_SECONDS,
      rate: halfRate,
    });
    const oursBurst = await load(server, tokens, {
      bare: false,
      seconds: RUN_SECONDS,
      overallRate: halfRate,
    });

    const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
    const throughputMet = ratio >= THROUGHPUT_TARGET[framework] && ours.non2xx === 0;
    const p99Met = oursHalf.p99 <= P99_TARGET_MS && oursHalf.non2xx === 0;
    const cpuPerRequestMs = (run: Run) => (run.serverCpu / run.requestsPerSecond) * 1000;
    const figures: BenchFigure[] = [
      {
        metric: `${name}: returnkit create+submit throughput`,
        value: ours.requestsPerSecond,
        unit: "req/s",
        baseline: { label: `bare ${name} route`, value: bare.requestsPerSecond },
        ratio,
        target: `>= ${THROUGHPUT_TARGET[framework] * 100}% of bare`,
        met: throughputMet,
        ...(throughputMet
          ? {}
          : {
              note:
                ours.non2xx > 0
                  ? `${ours.non2xx} responses were not 2xx.`
                  : `Server CPU per request ${cpuPerRequestMs(ours).toFixed(2)} ms against ${cpuPerRequestMs(bare).toFixed(2)} ms bare. In process: verifying the token takes ${Math.round(breakdown.rs256)}/${Math.round(breakdown.es256)} µs (RS256/ES256, repeated tokens served from core/auth/jwt.ts's cache of verified tokens) against the bare request's ${Math.round(breakdown.bare)} µs, and service.fetch ${Math.round(breakdown.fetch)} µs more, of which ${Math.round(breakdown.typed)} µs is the typed operation (mostly the memory store's structuredClone + deep freeze of each commit) and the rest core/http: a Node 20 Response with a string body builds a web ReadableStream, JSON.stringify of the rendered record, reading the body through a stream reader.`,
            }),
      },
      {
        metric: `${name}: returnkit p50 at max load`,
        value: ours.p50,
        unit: "ms",
        baseline: { label: `bare ${name} route p50`, value: bare.p50 },
        ...(bare.p50 > 0 ? { ratio: ours.p50 / bare.p50 } : {}),
      },
      {
        metric: `${name}: returnkit p99 at max load`,
        value: ours.p99,
        unit: "ms",
        baseline: { label: `bare ${name} route p99`, value: bare.p99 },
        ...(bare.p99 > 0 ? { ratio: ours.p99 / bare.p99 } : {}),
      },
      {
        metric: `${name}: returnkit p99 at half max load (${halfRate} req/s, paced)`,
        value: oursHalf.p99,
        unit: "ms",
        baseline: { label: `bare ${name} route p99 at the same pace`, value: bareHalf.p99 },
        ...(bareHalf.p99 > 0 ? { ratio: oursHalf.p99 / bareHalf.p99 } : {}),
        target: `<= ${P99_TARGET_MS} ms`,
        met: p99Met,
        ...(p99Met
          ? {}
          : {
              note:
                oursHalf.non2xx > 0
                  ? `${oursHalf.non2xx} responses were not 2xx.`
                  : oursHalf.requestsPerSecond < 0.95 * halfRate
                    ? `The server fell behind: ${Math.round(oursHalf.requestsPerSecond)} of ${halfRate} req/s answered, p50 ${oursHalf.p50.toFixed(1)} ms, ${cpuPerRequestMs(oursHalf).toFixed(2)} ms of server CPU per request — half of the max measured moments before was more than the core it had left (load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores).`
                    : `p50 ${oursHalf.p50.toFixed(1)} ms with ${cpuPerRequestMs(oursHalf).toFixed(2)} ms of server CPU per request: at half load, arrivals that meet queue behind each other, and every write grows the heap the collector walks (the memory store keeps every return, see the memory bench); the bare route's p99 at the same pace is ${bareHalf.p99.toFixed(1)} ms on this machine (load average ${loadavg()[0]?.toFixed(1)}).`,
            }),
      },
      {
        metric: `${name}: returnkit p99 at half max load (autocannon overallRate, bursty)`,
        value: oursBurst.p99,
        unit: "ms",
      },
    ];
    return {
      figures,
      notes: [
        describeRun(`${name} bare, max`, bare),
        describeRun(`${name} returnkit, max`, ours),
        describeRun(`${name} returnkit, ${halfRate} req/s paced`, oursHalf),
        describeRun(`${name} bare, ${halfRate} req/s paced`, bareHalf),
        describeRun(`${name} returnkit, ${halfRate} req/s autocannon overallRate`, oursBurst),
      ],
    };
  } finally {
    await server.close();
  }
}

const POSTGRES_ROUNDS = Number(process.env.BENCH_HTTP_POSTGRES_ROUNDS ?? 4);

/** Hono on the PostgreSQL store (and on another checkout's, when given), rounds alternating. */
async function benchPostgres(
  config: Omit<HttpServerConfig, "framework">,
  tokens: string[],
): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { figures: [], notes: ["PostgreSQL store: skipped (DATABASE_URL is not set)."] };
  const before = process.env.BENCH_HTTP_POSTGRES_BEFORE;
  if (before && !existsSync(join(before, "bench", "tsconfig.json")))
    throw new Error(`BENCH_HTTP_POSTGRES_BEFORE: ${before} is not a checkout of the repository`);
  const sides = [{ label: "PostgreSQL store", checkout: undefined as string | undefined }];
  if (before) sides.push({ label: "PostgreSQL store (before)", checkout: before });
  const schemas = sides.map((_, i) => `bench_http_${process.pid}_${i}`);
  const runs: Run[][] = sides.map(() => []);
  const loads: string[] = [];
  const started = await Promise.allSettled(
    sides.map((side, i) =>
      startServer(
        { ...config, framework: "hono", postgres: { url, schema: schemas[i]! } },
        side.checkout,
      ),
    ),
  );
  const servers = started.flatMap((start) => (start.status === "fulfilled" ? [start.value] : []));
  try {
    // One side that cannot start ends the run: a comparison needs both.
    for (const start of started) if (start.status === "rejected") throw start.reason;
    for (const server of servers)
      await load(server, tokens, { bare: false, seconds: WARMUP_SECONDS });
    // Sides take turns going first, so neither always meets the machine as the other left it.
    for (let round = 0; round < POSTGRES_ROUNDS; round++) {
      const order = [...servers.keys()];
      if (round % 2 === 1) order.reverse();
      loads.push(loadavg()[0]!.toFixed(2));
      for (const i of order)
        runs[i]!.push(await load(servers[i]!, tokens, { bare: false, seconds: RUN_SECONDS }));
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const rates = runs.map((side) => median(side.map((run) => run.requestsPerSecond)));
  const figure: BenchFigure = {
    metric: "Hono on the PostgreSQL store: returnkit create+submit throughput",
    value: rates[0]!,
    unit: "req/s",
    ...(rates[1] === undefined
      ? {}
      : {
          baseline: {
            label: `the checkout ${before} (BENCH_HTTP_POSTGRES_BEFORE)`,
            value: rates[1],
          },
          ratio: rates[0]! / rates[1],
        }),
  };
  return {
    figures: [figure],
    notes: [
      pinned
        ? `Server pinned to core ${SERVER_CORE}, load generator to core ${LOAD_CORE} (taskset); PostgreSQL unpinned.`
        : "Server and load generator not pinned (taskset or a second core is missing).",
      `Load average (1 min) as each round began: ${loads.join(", ")}.`,
      ...sides.flatMap((side, i) =>
        runs[i]!.map((run, round) => describeRun(`Hono, ${side.label}, round ${round + 1}`, run)),
      ),
    ],
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
  const hono = await benchFramework("hono", config, tokens, breakdown.micros);
  const expressResult = await benchFramework("express", config, tokens, breakdown.micros);
  const postgres = await benchPostgres(config, tokens);
  return {
    title: "HTTP: create + submit through a socket",
    figures: [...hono.figures, ...expressResult.figures, ...postgres.figures, ...breakdown.figures],
    notes: [
      `Node ${process.version}; server in a child process, autocannon in the bench process, ${CONNECTIONS} connections, ${RUN_SECONDS} s per run after ${WARMUP_SECONDS} s warm-ups.`,
      `Per iteration: POST /v1/portal/returns then POST …/{id}/submit, each with a fresh Idempotency-Key and a Bearer access token (typ at+jwt, RS256 and ES256 alternating, ${CUSTOMERS} customers) verified against a local JWKS; memory store. Requests per second count both requests.`,
      "Baseline: POST /bare/* in the same server and framework, parsing the same JSON body and answering it back with 201 (Hono: c.req.json(); Express: express.json()), driven by the same two-request sequence and headers.",
      "Half load: half the returnkit max measured just before, offered open-loop (an iteration starts every 2/rate s from the bench process, fetch with keep-alive; exact percentiles). autocannon's overallRate is reported beside it but not held to the target: each connection fires its per-second quota back to back at the start of every second, so all 32 connections queue at once whatever the rate.",
      "Where the time goes: in the bench process, one call at a time (medians of 5 interleaved rounds): jose verifying a token as the service does; the typed operations (memory store, keyed); service.fetch in process with a host authenticate (HTTP translation + typed operation, no token, no socket); baseline = new Request, request.json(), new Response(JSON) in the same Fetch terms.",
      ...hono.notes,
      ...expressResult.notes,
      ...postgres.notes,
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  const only = process.argv.includes("--postgres");
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
  const { figures, notes } = await benchPostgres(
    { issuer: issuer.issuer, jwks: issuer.jwks },
    tokens,
  );
  return { title: "HTTP: create + submit on the PostgreSQL store", figures, notes };
}
