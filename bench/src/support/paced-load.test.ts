import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { closedLoad, mergeResults, type PacedResult } from "./paced-load";
import { summarize } from "./stats";

const run = (latencies: number[], extra: Partial<PacedResult> = {}): PacedResult => ({
  requests: latencies.length,
  seconds: 3,
  ...summarize(latencies),
  non2xx: 0,
  errors: 0,
  latencies,
  ...extra,
});

describe("mergeResults", () => {
  it("mergeResults - percentiles of every request of both halves, counts and seconds summed", () => {
    const first = run([1, 2, 3, 4], { non2xx: 1 });
    const second = run([10, 20, 30, 40, 50, 60], { errors: 2, seconds: 2.5 });

    expect(mergeResults([first, second])).toEqual({
      requests: 10,
      seconds: 5.5,
      p50: 10,
      p99: 60,
      max: 60,
      non2xx: 1,
      errors: 2,
      latencies: [1, 2, 3, 4, 10, 20, 30, 40, 50, 60],
    });
  });
});

describe("closedLoad with a plan", () => {
  it("sends each iteration's create as the plan draws it, then submits the id it answered", async () => {
    const seen: string[] = [];
    const server = createServer(async (request: IncomingMessage, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      seen.push(`${request.method} ${request.url} ${request.headers.authorization} ${body}`);
      response.writeHead(request.url === "/" ? 404 : 201, { "content-type": "application/json" });
      response.end(JSON.stringify({ id: `id-${seen.length}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let drawn = 0;
    const plan = () => {
      const n = drawn++;
      return {
        token: `t${n}`,
        create: { path: `/create/${n}`, body: `{"n":${n}}` },
        submit: (id: string) => `/submit/${n}/${id}`,
      };
    };
    try {
      const result = await closedLoad({ url, seconds: 0.05, connections: 1, plan });
      const posts = seen.filter((line) => line.startsWith("POST"));
      expect(posts.slice(0, 4)).toEqual([
        'POST /create/0 Bearer t0 {"n":0}',
        "POST /submit/0/id-2 Bearer t0 {}",
        'POST /create/1 Bearer t1 {"n":1}',
        "POST /submit/1/id-4 Bearer t1 {}",
      ]);
      expect(result.requests).toBe(posts.length);
      expect(result.non2xx).toBe(0);
    } finally {
      server.close();
    }
  });
});
