/**
 * @module bench/support/paced-load — open-loop load through a bounded client: iterations
 * (create, then submit) start on a fixed schedule whatever earlier ones are doing, as users
 * arrive, and go out over a fixed number of warm keep-alive connections (an undici Pool),
 * so a backlog waits in the client, visible in its latency, instead of opening sockets the
 * server's listen queue must absorb.
 */
import { Pool } from "undici";
import { paceSchedule, summarize } from "./stats";

export interface PacedOptions {
  url: string;
  /** Requests per second (two per iteration). */
  rate: number;
  seconds: number;
  connections: number;
  /** Token of iteration i: `tokens[i % tokens.length]`. */
  tokens: string[];
  paths: { create: string; submit: (id: string) => string };
  bodies: { create: string; submit: string };
}

export interface PacedResult {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
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

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let key = 0;
  const prefix = `paced-${process.pid}-${Date.now()}`;
  /** Latency counts from `since`: the due time for a create, the create's answer for a submit. */
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
      if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
      return text;
    } catch {
      errors++;
      return "{}";
    }
  };
  const iteration = async (i: number, due: number) => {
    const token = options.tokens[i % options.tokens.length]!;
    const created = await post(options.paths.create, token, options.bodies.create, due);
    let id = "none";
    try {
      id = (JSON.parse(created) as { id?: string }).id ?? "none";
    } catch {}
    await post(options.paths.submit(id), token, options.bodies.submit, performance.now());
  };
  try {
    await warm(pool, options.connections);
    const schedule = paceSchedule(options.rate / 2, options.seconds);
    const started = performance.now();
    const running: Promise<void>[] = [];
    for (const [i, offset] of schedule.entries()) {
      const due = started + offset;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      running.push(iteration(i, due));
    }
    await Promise.all(running);
    return {
      requests: latencies.length,
      seconds: (performance.now() - started) / 1000,
      ...summarize(latencies),
      non2xx,
      errors,
    };
  } finally {
    await pool.close();
  }
}
