/**
 * @module bench/http — returnkit through a real socket, on Hono (@hono/node-server) and on
 * Express, against a bare route of the same framework that parses the same JSON and answers
 * 201.
 *
 * Each server runs in a child process (support/http-server.ts); autocannon drives it from
 * this one, so the load generator and the server each have a core of the two. The workload
 * is what a portal client does: create a return, then submit it — two keyed requests per
 * iteration, each with a fresh Idempotency-Key and a real access token (RS256 and ES256,
 * alternating) verified against a local JWKS. Memory store.
 *
 * Run alone: `cd bench && npx tsx src/http.ts` prints the section as JSON.
 */
import { fork } from "node:child_process";
import { once } from "node:events";
import { realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import type { HttpServerConfig } from "./support/http-server";
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

async function startServer(config: HttpServerConfig): Promise<ServerHandle> {
  const child = fork(join(SRC, "support", "http-server.ts"), [], {
    cwd: dirname(SRC),
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  child.send(config);
  const [ready] = (await once(child, "message")) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${ready.port}`,
    async cpuSeconds() {
      child.send("cpu");
      const [reply] = (await once(child, "message")) as [{ cpu: NodeJS.CpuUsage }];
      return (reply.cpu.user + reply.cpu.system) / 1e6;
    },
    async close() {
      const exited = once(child, "exit");
      child.disconnect();
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
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
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
  return `${label}: ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, server CPU ${Math.round(run.serverCpu * 100)}%, load generator CPU ${Math.round(run.clientCpu * 100)}%, non-2xx ${run.non2xx}, errors ${run.errors}`;
}

async function benchFramework(
  framework: Framework,
  config: Omit<HttpServerConfig, "framework">,
  tokens: string[],
): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const name = framework === "hono" ? "Hono" : "Express";
  const server = await startServer({ ...config, framework });
  try {
    await load(server, tokens, { bare: true, seconds: WARMUP_SECONDS });
    await load(server, tokens, { bare: false, seconds: WARMUP_SECONDS });
    const bare = await load(server, tokens, { bare: true, seconds: RUN_SECONDS });
    const ours = await load(server, tokens, { bare: false, seconds: RUN_SECONDS });
    const halfRate = Math.max(1, Math.floor(ours.requestsPerSecond / 2));
    const oursHalf = await load(server, tokens, {
      bare: false,
      seconds: RUN_SECONDS,
      overallRate: halfRate,
    });
    const bareHalf = await load(server, tokens, {
      bare: true,
      seconds: RUN_SECONDS,
      overallRate: halfRate,
    });

    const ratio = ours.requestsPerSecond / bare.requestsPerSecond;
    const throughputMet = ratio >= THROUGHPUT_TARGET[framework] && ours.non2xx === 0;
    const p99Met = oursHalf.p99 <= P99_TARGET_MS && oursHalf.non2xx === 0;
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
                  : `Each request verifies a JWT signature, validates, fingerprints, claims and stores an idempotency record and renders links; the bare route only parses JSON (server CPU ${Math.round(ours.serverCpu * 100)}% vs ${Math.round(bare.serverCpu * 100)}%).`,
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
        metric: `${name}: returnkit p99 at half max load (${halfRate} req/s)`,
        value: oursHalf.p99,
        unit: "ms",
        baseline: { label: `bare ${name} route p99 at the same rate`, value: bareHalf.p99 },
        ...(bareHalf.p99 > 0 ? { ratio: oursHalf.p99 / bareHalf.p99 } : {}),
        target: `<= ${P99_TARGET_MS} ms`,
        met: p99Met,
        ...(p99Met
          ? {}
          : {
              note:
                oursHalf.non2xx > 0
                  ? `${oursHalf.non2xx} responses were not 2xx.`
                  : `p50 ${oursHalf.p50} ms at ${Math.round(oursHalf.requestsPerSecond)} req/s; the tail is GC and event-loop queueing on one core.`,
            }),
      },
    ];
    return {
      figures,
      notes: [
        describeRun(`${name} bare, max`, bare),
        describeRun(`${name} returnkit, max`, ours),
        describeRun(`${name} returnkit, ${halfRate} req/s`, oursHalf),
        describeRun(`${name} bare, ${halfRate} req/s`, bareHalf),
      ],
    };
  } finally {
    await server.close();
  }
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
  const config = { issuer: issuer.issuer, jwks: issuer.jwks };
  const hono = await benchFramework("hono", config, tokens);
  const expressResult = await benchFramework("express", config, tokens);
  return {
    title: "HTTP: create + submit through a socket",
    figures: [...hono.figures, ...expressResult.figures],
    notes: [
      `Node ${process.version}; server in a child process, autocannon in the bench process, ${CONNECTIONS} connections, ${RUN_SECONDS} s per run after ${WARMUP_SECONDS} s warm-ups.`,
      `Per iteration: POST /v1/portal/returns then POST …/{id}/submit, each with a fresh Idempotency-Key and a Bearer access token (typ at+jwt, RS256 and ES256 alternating, ${CUSTOMERS} customers) verified against a local JWKS; memory store. Requests per second count both requests.`,
      "Baseline: POST /bare/* in the same server and framework, parsing the same JSON body and answering it back with 201 (Hono: c.req.json(); Express: express.json()), driven by the same two-request sequence and headers.",
      "Half load: autocannon overallRate set to half the returnkit max measured just before.",
      ...hono.notes,
      ...expressResult.notes,
    ],
  };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await httpBench(), null, 2));
}
