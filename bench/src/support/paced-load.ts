/**
 * @module bench/support/paced-load — open-loop load through a bounded client: iterations
 * (create, then submit) start on a fixed schedule whatever earlier ones are doing, as users
 * arrive, and go out over a fixed number of warm keep-alive connections (an undici Pool),
 * so a backlog waits in the client, visible in its latency, instead of opening sockets the
 * server's listen queue must absorb; and closed-loop load at a fixed concurrency over the same
 * client, for latency when the service is quiet.
 */
import { Pool } from "undici";
import type { IterationPlan } from "./shop-orders";
import { paceSchedule, summarize } from "./stats";

/** The same create + submit every iteration, the customer going round `tokens`. */
interface FixedIterations {
  /** Token of iteration i: `tokens[i % tokens.length]`. */
  tokens: string[];
  paths: { create: string; submit: (id: string) => string };
  bodies: { create: string; submit: string };
}

/** Each iteration as `plan` draws it (its customer, what it creates and where it submits). */
interface PlannedIterations {
  plan: () => IterationPlan;
}

type PortalLoadOptions = { url: string; seconds: number; connections: number } & (
  | FixedIterations
  | PlannedIterations
);

/** Submit bodies are empty objects in every plan. */
const SUBMIT = "{}";

function planOf(options: PortalLoadOptions, i: number): IterationPlan {
  if ("plan" in options) return options.plan();
  return {
    token: options.tokens[i % options.tokens.length]!,
    create: { path: options.paths.create, body: options.bodies.create },
    submit: options.paths.submit,
  };
}

type PacedOptions = PortalLoadOptions & {
  /** Requests per second (two per iteration). */
  rate: number;
};

export interface PacedResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Every request's latency, ms, in the order answered. */
  latencies: number[];
}

/** Runs of one side taken in parts (say, before and after the other sides): one result. */
export function mergeResults(parts: readonly PacedResult[]): PacedResult {
  const latencies = parts.flatMap((part) => part.latencies);
  const sum = (pick: (part: PacedResult) => number) =>
    parts.reduce((total, part) => total + pick(part), 0);
  return {
    requests: sum((part) => part.requests),
    seconds: sum((part) => part.seconds),
    ...summarize(latencies),
    non2xx: sum((part) => part.non2xx),
    errors: sum((part) => part.errors),
    latencies,
  };
}

/** Opens every connection of the pool before the clock starts (a GET each, answered or not). */
async function warm(pool: Pool, connections: number): Promise<void> {
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const { body } = await pool.request({ method: "GET", path: "/" });
      await body.dump();
    }),
  );
}

/**
 * A portal client over `pool`: `iteration(i, since)` creates a return (or a return request),
 * then submits it, each keyed; every request's latency is kept (the create's from `since`, the submit's from the
 * create's answer).
 */
function portalClient(pool: Pool, options: PortalLoadOptions) {
  const latencies: number[] = [];
  const counts = { non2xx: 0, errors: 0 };
  let key = 0;
  const prefix = `load-${process.pid}-${Date.now()}`;
  const post = async (path: string, token: string, body: string, since: number) => {
    try {
      const response = await pool.request({
        method: "POST",
        path,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "idempotency-key": `${prefix}-${++key}`,
        },
        body,
      });
      const text = await response.body.text();
      latencies.push(performance.now() - since);
      if (response.statusCode < 200 || response.statusCode > 299) counts.non2xx++;
      return text;
    } catch {
      counts.errors++;
      return "{}";
    }
  };
  const submitBody = "plan" in options ? SUBMIT : options.bodies.submit;
  const iteration = async (i: number, since: number) => {
    const { token, create, submit } = planOf(options, i);
    const created = await post(create.path, token, create.body, since);
    let id = "none";
    try {
      id = (JSON.parse(created) as { id?: string }).id ?? "none";
    } catch {}
    await post(submit(id), token, submitBody, performance.now());
  };
  const result = (started: number): PacedResult => ({
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    ...summarize(latencies),
    ...counts,
    latencies,
  });
  return { iteration, result };
}

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const client = portalClient(pool, options);
  try {
    await warm(pool, options.connections);
    const schedule = paceSchedule(options.rate / 2, options.seconds);
    const started = performance.now();
    const running: Promise<void>[] = [];
    for (const [i, offset] of schedule.entries()) {
      const due = started + offset;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      running.push(client.iteration(i, due));
    }
    await Promise.all(running);
    return client.result(started);
  } finally {
    await pool.close();
  }
}

/**
 * Closed-loop load: `connections` clients, each starting its next iteration as soon as its last
 * one is answered, for `seconds`: the latency a user feels at that concurrency, exact
 * percentiles (autocannon's are whole milliseconds).
 */
export async function closedLoad(options: PortalLoadOptions): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const client = portalClient(pool, options);
  try {
    await warm(pool, options.connections);
    const started = performance.now();
    const until = started + options.seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) await client.iteration(next++, performance.now());
      }),
    );
    return client.result(started);
  } finally {
    await pool.close();
  }
}
