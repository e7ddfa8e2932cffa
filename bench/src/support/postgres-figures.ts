/**
 * @module bench/support/postgres-figures — the http bench's PostgreSQL figures: the store as a
 * user gets it (the default, group commit) and with `groupCommit: false`, each beside the
 * hand-written peer measured in the same run, with the issue #36 targets on the default; once
 * for the production configuration and once without orders (`scope` names which).
 */
import type { BenchFigure } from "../types";
import type { PacedResult } from "./paced-load";

/** What a figure reads of a throughput or paced run. */
interface PostgresRun {
  requestsPerSecond: number;
  p99: number;
  non2xx: number;
  errors: number;
  server: { p99: number };
}

/** Closed-loop runs at one concurrency: one per side, in the sides' order. */
export interface LatencyLevel {
  connections: number;
  /** 1-minute load average as the level began. */
  load: string;
  results: PacedResult[];
  /** Server CPU per request of each side during its run, in ms. */
  cpuMs: number[];
}

interface PostgresMeasured {
  /** What the rows measure, leading every metric ("PostgreSQL, production configuration"). */
  scope: string;
  /** Median throughput of each side's rounds, at `connections`. */
  rates: number[];
  connections: number;
  paced: { rate: number; runs: PostgresRun[] };
  latency: LatencyLevel[];
  /** The label of another checkout's side (`SIDE.before`), when there is one. */
  before?: string;
}

/** Where each side sits in every per-side array. */
const SIDE = { default: 0, peer: 1, plain: 2, before: 3 } as const;

/** The default store against the peer. */
const TARGETS = { throughput: 1.5, quietP50: 1.2, pacedP99: 1.0 } as const;

const PEER = "hand-written Hono + zod + pg peer (bench/src/peer)";
const clean = (run: { non2xx: number; errors: number }) => run.non2xx === 0 && run.errors === 0;
const ratio = (value: number, baseline: number) =>
  baseline > 0 ? { ratio: value / baseline } : {};

/** p50 and p99 of one side at each concurrency, beside the peer's; the quiet p50 has a target. */
function latencyFigures(measured: PostgresMeasured, side: number, label: string): BenchFigure[] {
  return measured.latency.flatMap(({ connections, results, cpuMs }) => {
    const [ours, peer] = [results[side]!, results[SIDE.peer]!];
    const met = ours.p50 <= TARGETS.quietP50 * peer.p50 && clean(ours);
    // Whether grouping or the work of a request is what a quiet service pays for.
    const why = `Server CPU per request ${cpuMs[side]!.toFixed(2)} ms against the peer's ${cpuMs[SIDE.peer]!.toFixed(2)} ms; with groupCommit: false the p50 was ${results[SIDE.plain]!.p50.toFixed(2)} ms in the same run.`;
    const at = `${connections} connection${connections === 1 ? "" : "s"}, closed loop`;
    const quiet = side === SIDE.default && connections === 1;
    return (["p50", "p99"] as const).map(
      (p): BenchFigure => ({
        metric: `${measured.scope}${label}: returnkit client ${p} at ${at}`,
        value: ours[p],
        unit: "ms",
        baseline: { label: `the peer's ${p} at ${connections}`, value: peer[p] },
        ...ratio(ours[p], peer[p]),
        ...(quiet && p === "p50"
          ? { target: `<= ${TARGETS.quietP50}x the peer`, met, ...(met ? {} : { note: why }) }
          : {}),
      }),
    );
  });
}

/** Throughput and the paced p99 of one side beside the peer's; `targets` on the default only. */
function loadFigures(measured: PostgresMeasured, side: number, label: string): BenchFigure[] {
  const { rates, connections, paced } = measured;
  const [ours, peer] = [paced.runs[side]!, paced.runs[SIDE.peer]!];
  const targets = side === SIDE.default;
  const throughput = rates[side]! / rates[SIDE.peer]!;
  return [
    {
      metric: `${measured.scope}${label}: returnkit create+submit throughput, ${connections} connections`,
      value: rates[side]!,
      unit: "req/s",
      baseline: { label: PEER, value: rates[SIDE.peer]! },
      ratio: throughput,
      ...(targets
        ? { target: `>= ${TARGETS.throughput}x the peer`, met: throughput >= TARGETS.throughput }
        : {}),
    },
    {
      metric: `${measured.scope}${label}: returnkit client p99 at ${paced.rate} req/s, ${connections} sockets`,
      value: ours.p99,
      unit: "ms",
      baseline: { label: "the peer's client p99 at the same pace", value: peer.p99 },
      ...ratio(ours.p99, peer.p99),
      ...(targets
        ? {
            target: "<= the peer's",
            met: ours.p99 <= TARGETS.pacedP99 * peer.p99 && clean(ours),
          }
        : {}),
    },
    {
      metric: `${measured.scope}${label}: returnkit server-side p99 at ${paced.rate} req/s`,
      value: ours.server.p99,
      unit: "ms",
      baseline: { label: "the peer's server-side p99", value: peer.server.p99 },
      ...ratio(ours.server.p99, peer.server.p99),
    },
  ];
}

export function postgresFigures(measured: PostgresMeasured): BenchFigure[] {
  const { rates, before } = measured;
  const figures = [
    ...loadFigures(measured, SIDE.default, ""),
    ...latencyFigures(measured, SIDE.default, ""),
    ...loadFigures(measured, SIDE.plain, ", groupCommit: false"),
    ...latencyFigures(measured, SIDE.plain, ", groupCommit: false"),
  ];
  if (before !== undefined)
    for (const [label, side] of [
      ["", SIDE.default],
      [", groupCommit: false", SIDE.plain],
    ] as const)
      figures.push({
        metric: `${measured.scope}${label}: returnkit create+submit throughput against another checkout`,
        value: rates[side]!,
        unit: "req/s",
        baseline: { label: `${before} (BENCH_HTTP_POSTGRES_BEFORE)`, value: rates[SIDE.before]! },
        ratio: rates[side]! / rates[SIDE.before]!,
      });
  return figures;
}
