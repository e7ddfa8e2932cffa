/**
 * @module bench/support/http-breakdown — where an HTTP create+submit spends its time, in
 * process and one call at a time: token verification, the typed operations, and the fetch
 * handler around them. Medians of interleaved rounds after a warm-up.
 */
import {
  createJwtAuthenticator,
  createReturnsService,
  type OperationContext,
  silentLogger,
} from "@returnkit/core";
import type { BenchFigure } from "../types";
import { CREATE } from "./fixtures";
import { BENCH_BASE_URL, type LocalIssuer } from "./tokens";

const ROUNDS = 5;
const CALLS = 1_000;
const CREATE_BODY = JSON.stringify(CREATE);

async function perCall(calls: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run(i);
  return ((performance.now() - started) / calls) * 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface HttpBreakdown {
  figures: BenchFigure[];
  /** Medians in µs: per token check, and per request for the rest. */
  micros: { rs256: number; es256: number; typed: number; fetch: number; bare: number };
}

export async function httpBreakdown(issuer: LocalIssuer): Promise<HttpBreakdown> {
  const principal: OperationContext["principal"] = {
    kind: "portal",
    id: "customer-0",
    scopes: ["portal:returns.write"],
  };
  const tokens = {
    RS256: await issuer.token({ alg: "RS256", sub: "customer-0", scope: "portal:returns.write" }),
    ES256: await issuer.token({ alg: "ES256", sub: "customer-0", scope: "portal:returns.write" }),
  };
  const authenticate = createJwtAuthenticator({
    issuer: issuer.issuer,
    jwks: issuer.jwks,
    audience: BENCH_BASE_URL,
  });
  const requestWith = (token: string) =>
    new Request(BENCH_BASE_URL, { headers: { authorization: `Bearer ${token}` } });
  const service = createReturnsService({
    baseUrl: BENCH_BASE_URL,
    auth: { authenticate: () => principal },
    // As the HTTP server's: the request log is the host's, not measured here.
    logger: silentLogger,
  });
  let key = 0;
  const typedPair = async () => {
    const { record } = await service.createReturn(CREATE, {
      principal,
      idempotencyKey: `t-${++key}`,
    });
    await service.submit(record.id, {}, { principal, idempotencyKey: `t-${++key}` });
  };
  const post = async (path: string, body: string) => {
    const response = await service.fetch(
      new Request(BENCH_BASE_URL + path, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": `f-${++key}` },
        body,
      }),
    );
    return (await response.json()) as { id: string };
  };
  const fetchPair = async () => {
    const created = await post("/v1/portal/returns", CREATE_BODY);
    await post(`/v1/portal/returns/${created.id}/submit`, "{}");
  };
  // What a bare route does in the same Fetch terms: read and parse the body, answer it.
  const barePair = async () => {
    for (const body of [CREATE_BODY, "{}"]) {
      const request = new Request(`${BENCH_BASE_URL}/bare`, { method: "POST", body });
      const parsed = await request.json();
      await new Response(JSON.stringify(parsed), { status: 201 }).json();
    }
  };

  const cases = {
    rs256: () => authenticate(requestWith(tokens.RS256)),
    es256: () => authenticate(requestWith(tokens.ES256)),
    typed: typedPair,
    fetch: fetchPair,
    bare: barePair,
  };
  const results: Record<keyof typeof cases, number[]> = {
    rs256: [],
    es256: [],
    typed: [],
    fetch: [],
    bare: [],
  };
  for (const run of Object.values(cases)) await perCall(200, run);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases) as [
      keyof typeof cases,
      () => Promise<unknown>,
    ][]) {
      results[name].push(
        await perCall(
          CALLS / (name === "typed" || name === "fetch" || name === "bare" ? 2 : 1),
          run,
        ),
      );
    }
  }
  await service.close();
  // Pairs are two requests: report per request.
  const perRequest = (name: "typed" | "fetch" | "bare") => median(results[name]) / 2;
  const bare = perRequest("bare");
  const figure = (metric: string, value: number): BenchFigure => ({
    metric,
    value,
    unit: "µs",
    baseline: { label: "bare parse + answer, in process", value: bare },
    ratio: value / bare,
  });
  const micros = {
    rs256: median(results.rs256),
    es256: median(results.es256),
    typed: perRequest("typed"),
    fetch: perRequest("fetch"),
    bare,
  };
  return {
    micros,
    figures: [
      figure("where the time goes: verify an RS256 access token (jose)", micros.rs256),
      figure("where the time goes: verify an ES256 access token (jose)", micros.es256),
      figure(
        "where the time goes: typed operation per request (createReturn / submit, keyed)",
        micros.typed,
      ),
      figure(
        "where the time goes: service.fetch per request, no token check, no socket",
        micros.fetch,
      ),
    ],
  };
}
