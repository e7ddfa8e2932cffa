/**
 * @module bench/postgres — transitions per second through the service on the PostgreSQL store,
 * beside the raw rate of a single-row `UPDATE … RETURNING` through the same Pool; then the
 * same on PGlite (in memory, one connection).
 *
 * Each worker drives its own submitted returns through approve → ship → receive → grade →
 * close with `service.advance`, one at a time, each with an Idempotency-Key (as over HTTP);
 * the raw workers each bump a row of their own, the same number of times. Rounds of the two
 * sides run in pairs, and a ratio is the median of its pairs' ratios.
 *
 * Capacity is what each side carries through the Pool at its best: both run at every writer
 * count of WRITER_SWEEP, and then the service at its fastest count is paired with the raw
 * UPDATE at its fastest; the equal-concurrency row (as many writers as connections) is
 * reported beside it. None of it is a target any more: it is context for the http bench,
 * which measures the store where a user feels it.
 *
 * Around that: the CPU each side of the socket spent per operation (this process, and the
 * server's processes read from /proc) and the WAL each operation wrote (which, unlike the
 * CPU, is the same from run to run); a profile that drives transitions one at a time, counts
 * the statements each sends and times them by kind; and, at CONCURRENCY writers, rounds with
 * one webhook endpoint registered (each commit also writes its deliveries, as a shop with
 * webhooks on does) and with every transition reading its return first, as when a shop's
 * steps are hours apart (the other rounds drive returns the service just submitted, and
 * remembers).
 *
 * The server run needs `DATABASE_URL` (skipped, and said so, without it).
 * Run alone: `cd bench && npx tsx src/postgres.ts` prints the section as JSON.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { makeEndpoint } from "@returnkit/testing";
import pg from "pg";
import {
  createReturnsService,
  type MerchantEvent,
  type OperationContext,
} from "../../packages/core/src/index";
import {
  postgresStore,
  type SqlDriver as SqlDatabase,
  toDriver as toSqlDatabase,
} from "../../packages/store-postgres/src/index";
import { type CpuUse, startCpuMeter } from "./support/cpu-meter";
import { BODIES, CREATE, merchant, portal } from "./support/fixtures";
import type { BenchFigure, BenchSection } from "./types";

/**
 * The Pool's size, and the writer count of the equal-concurrency rounds: as many writers as
 * connections, which the raw UPDATE needs to keep every connection busy.
 */
const CONCURRENCY = 8;
/**
 * The writer counts the capacity sweep tries, for both sides, all through the same Pool of
 * CONCURRENCY connections: past CONCURRENCY, requests queue for a connection (raw) or for the
 * next commit statement (the service), as in a busy shop.
 */
const WRITER_SWEEP = [CONCURRENCY, 16, 32, 64, 128];
/**
 * Paired rounds (a service round and a raw round next to each other) for the judged ratio
 * and for the equal-concurrency figure. The ratio is the median of the pairs' ratios: on a
 * shared machine the speed of both sides drifts by ±30% within a run, and a pair sees the
 * same conditions where two medians taken apart need not. The order inside a pair
 * alternates, so neither side always runs in the other's wake (autovacuum and checkpoints
 * after a service round slow what follows).
 */
const ROUNDS = 5;
/**
 * Pairs run first and discarded. Both sides keep getting faster for the first few rounds
 * (V8 tiering up the service's code and the pg client's), the raw side more: with one
 * warm-up pair, the raw rate still rose from ~5,600 to ~10,000 ops/s across the measured
 * pairs, and the ratio fell from ~0.7 towards its steady value as it did. Three pairs
 * put the measured ones past that, so the ratio is the steady state's, not the warm-up's.
 */
const WARM_UP_PAIRS = 3;
/** Paired rounds per writer count of the sweep, and for the other context rows. */
const SWEEP_ROUNDS = 3;
/** Returns per round, shared out among the writers; each makes STEPS.length transitions. */
const RETURNS_PER_ROUND = 256;
/**
 * At least this many returns per writer: with 128 writers, 256 returns would be two each,
 * and a round of 0.2 s, mostly ramp-up and the stragglers' tail.
 */
const MIN_RETURNS_PER_WRITER = 8;
const STEPS: readonly MerchantEvent[] = ["approve", "ship", "receive", "grade", "close"];
const TARGET_RATIO = 0.5;
/** Returns driven one transition at a time for the latency profile. */
const PROFILED_RETURNS = 20;

type Service = ReturnType<typeof createReturnsService>;

interface Backend {
  name: string;
  /** Why its statements cost what they do, for the note. */
  cost: string;
  db: SqlDatabase;
  schema: string;
  /** Whether the server runs in its own processes (whose CPU /proc shows), not in ours. */
  serverProcesses: boolean;
  /** What the writers share, for the figures' labels. */
  connections: string;
  close(): Promise<void>;
}

interface Round {
  perSecond: number;
  cpu: CpuUse;
  /** Transitions per commit statement (group commit shares statements); raw rounds: 1. */
  perStatement: number;
  /** Bytes of WAL written per operation, or null where the WAL position cannot be read. */
  walBytes: number | null;
  /** Each operation's time from call to answer, ms, in the order they finished. */
  latencies: number[];
}

/** Statement kinds, told apart by their text, for the profile (a commit is a transaction). */
function statementKind(text: string): string {
  if (/^\s*INSERT INTO \S+idempotency_keys/.test(text)) return "recordIdempotencyKey";
  if (/SELECT id, record, snapshot FROM/.test(text)) return "getReturn";
  return "other";
}

interface Sent {
  kind: string;
  text: string;
  params: unknown[];
  ms: number;
}

/**
 * A driver that keeps every statement it sends, with its latency; a transaction (a commit)
 * is kept as one entry of kind "commit", the statements in it as "commit step".
 */
function recording(db: SqlDatabase, sent: Sent[]): SqlDatabase {
  const timed = async <T>(entry: Omit<Sent, "ms">, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      sent.push({ ...entry, ms: performance.now() - started });
    }
  };
  return {
    ...db,
    query: (text, params, options) =>
      timed({ kind: statementKind(text), text, params: params ?? [] }, () =>
        db.query(text, params, options),
      ),
    transaction: (fn) =>
      timed({ kind: "commit", text: "BEGIN … COMMIT", params: [] }, () =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query: (text, params) =>
              timed({ kind: "commit step", text, params: params ?? [] }, () =>
                tx.query(text, params),
              ),
          }),
        ),
      ),
  };
}

let keys = 0;
const runId = `${process.pid}-${Date.now()}`;
function ctx(principal: OperationContext["principal"], keyed: boolean): OperationContext {
  return keyed ? { principal, idempotencyKey: `bench-${runId}-${++keys}` } : { principal };
}

async function newService(
  db: SqlDatabase,
  schema: string,
  keyed: boolean,
  recentRecords?: number,
): Promise<Service> {
  const service = createReturnsService({
    store: postgresStore({ db, schema }),
    baseUrl: "https://shop.example",
    idempotency: { required: keyed },
    ...(recentRecords === undefined ? {} : { recentRecords }),
  });
  await service.ready();
  return service;
}

/** Returns in a round of `writers` writers, for the service and the raw side alike. */
function returnsPerRound(writers: number): number {
  return Math.max(RETURNS_PER_ROUND, writers * MIN_RETURNS_PER_WRITER);
}

/** Submitted returns, shared out among `writers` workers (not timed). */
async function submittedReturns(
  service: Service,
  keyed: boolean,
  writers: number,
): Promise<string[][]> {
  return Promise.all(
    Array.from({ length: writers }, async () => {
      const ids: string[] = [];
      for (let i = 0; i < returnsPerRound(writers) / writers; i++) {
        const { record } = await service.createReturn(CREATE, ctx(portal, keyed));
        await service.submit(record.id, {}, ctx(portal, keyed));
        ids.push(record.id);
      }
      return ids;
    }),
  );
}

/** What a service round varies; the equal-concurrency rounds use the defaults. */
interface RoundOptions {
  /** Writers at once (default CONCURRENCY). */
  writers?: number;
  /** Webhook endpoints registered for the round (default none). */
  endpoints?: number;
  /**
   * Whether every transition reads its return first, as when a shop's steps are hours
   * apart and the service holds no recently written version (`recentRecords: 0`). Default
   * false: the writers drive returns this process just submitted, which it remembers.
   */
  cold?: boolean;
}

/** One round of transitions through the service: transitions/s and CPU per transition. */
async function serviceRound(
  backend: Backend,
  keyed: boolean,
  { writers = CONCURRENCY, endpoints = 0, cold = false }: RoundOptions = {},
): Promise<Round> {
  let statements = 0;
  let timing = false;
  const counting: SqlDatabase = {
    ...backend.db,
    transaction(fn) {
      if (timing) statements++;
      return backend.db.transaction(fn);
    },
  };
  const service = await newService(counting, backend.schema, keyed, cold ? 0 : undefined);
  const subscribed = await subscribe(backend, endpoints);
  const workers = await submittedReturns(service, keyed, writers);
  await quiesce(backend);
  timing = true;
  const wal = await walMeter(backend);
  const meter = startCpuMeter();
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    workers.map(async (ids) => {
      for (const id of ids)
        for (const step of STEPS) {
          const called = performance.now();
          await service.advance(id, step, BODIES[step], ctx(merchant, keyed));
          latencies.push(performance.now() - called);
        }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const transitions = returnsPerRound(writers) * STEPS.length;
  const cpu = meterFor(backend, meter(transitions));
  const walBytes = await wal(transitions);
  timing = false;
  const last = await service.get(workers.at(-1)!.at(-1)!, { principal: merchant });
  if (last.state !== "closed") throw new Error(`expected closed, got ${last.state}`);
  await subscribed.remove();
  await service.close();
  return {
    perSecond: transitions / seconds,
    cpu,
    perStatement: transitions / statements,
    walBytes,
    latencies,
  };
}

/**
 * Registers `count` webhook endpoints for every event type, so each commit also creates a
 * delivery per event and endpoint, as in a shop with webhooks on. No dispatcher runs: the
 * deliveries stay pending, and removing the endpoints afterwards drops them again, so the
 * next round starts from the same tables.
 */
async function subscribe(backend: Backend, count: number): Promise<{ remove(): Promise<void> }> {
  const store = postgresStore({ db: backend.db, schema: backend.schema });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const endpoint = makeEndpoint({ id: `we_bench_${i}` });
    await store.saveEndpoint(endpoint);
    ids.push(endpoint.id);
  }
  return {
    async remove() {
      for (const id of ids) await store.removeEndpoint(id);
      await store.close();
    },
  };
}

/** PGlite runs inside this process: its CPU is already in ours, none is the server's. */
function meterFor(backend: Backend, cpu: CpuUse): CpuUse {
  return backend.serverProcesses ? cpu : { ...cpu, postgresMicros: null };
}

/** The same number of single-row UPDATE … RETURNING, each worker on its own row. */
async function rawRound(backend: Backend, writers = CONCURRENCY): Promise<Round> {
  const table = `"${backend.schema}".bench_counter`;
  const perWorker = (returnsPerRound(writers) / writers) * STEPS.length;
  await quiesce(backend);
  const wal = await walMeter(backend);
  const meter = startCpuMeter();
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, worker) => {
      for (let i = 0; i < perWorker; i++) {
        const called = performance.now();
        const rows = await backend.db.query<{ n: string | number }>(
          `UPDATE ${table} SET n = n + 1 WHERE id = $1 RETURNING n`,
          [worker],
        );
        latencies.push(performance.now() - called);
        if (rows.length !== 1) throw new Error("raw UPDATE found no row");
      }
    }),
  );
  const operations = writers * perWorker;
  const seconds = (performance.now() - started) / 1000;
  const cpu = meterFor(backend, meter(operations));
  const walBytes = await wal(operations);
  return { perSecond: operations / seconds, cpu, perStatement: 1, walBytes, latencies };
}

interface Profile {
  statements: number;
  /** Median latency by statement kind, one transition at a time (no queueing). */
  latency: Map<string, number>;
  /** Median of a whole `advance`, and of the raw UPDATE, one at a time. */
  transitionMs: number;
  rawMs: number;
}

/** Keyed transitions one at a time, every statement recorded; then the raw UPDATE the same way. */
async function profileTransitions(backend: Backend): Promise<Profile> {
  const sent: Sent[] = [];
  const service = await newService(recording(backend.db, sent), backend.schema, true);
  const ids: string[] = [];
  for (let i = 0; i < PROFILED_RETURNS; i++) {
    const { record } = await service.createReturn(CREATE, ctx(portal, true));
    await service.submit(record.id, {}, ctx(portal, true));
    ids.push(record.id);
  }
  sent.length = 0;
  const totals: number[] = [];
  for (const id of ids) {
    for (const step of STEPS) {
      const started = performance.now();
      await service.advance(id, step, BODIES[step], ctx(merchant, true));
      totals.push(performance.now() - started);
    }
  }
  await service.close();
  const latency = new Map<string, number>();
  for (const kind of new Set(sent.map((s) => s.kind)))
    latency.set(kind, median(sent.filter((s) => s.kind === kind).map((s) => s.ms)));
  const raw: number[] = [];
  for (let i = 0; i < totals.length; i++) {
    const started = performance.now();
    await backend.db.query(
      `UPDATE "${backend.schema}".bench_counter SET n = n + 1 WHERE id = $1 RETURNING n`,
      [0],
    );
    raw.push(performance.now() - started);
  }
  return {
    // Round trips: every statement, in a commit or not (BEGIN and COMMIT not counted).
    statements: sent.filter((s) => s.kind !== "commit").length / totals.length,
    latency,
    transitionMs: median(totals),
    rawMs: median(raw),
  };
}

/**
 * Before every timed round: a CHECKPOINT, so no round pays for flushing what the round
 * before it wrote (PGlite checkpoints inside whichever statement fills its WAL, and that
 * landed on either side at random). A role that may not CHECKPOINT skips it.
 *
 * No forced garbage collection, though run-all exposes one: after a full collection the
 * next round ran slower, the short raw round much more than the service round (raw UPDATEs
 * 10,300/s against 16,700–17,500/s without, service 4,800 against 5,700–5,900), even with a
 * second's pause in between, so it lifted the ratio by about 0.1 and made it look met.
 */
async function quiesce(backend: Backend): Promise<void> {
  try {
    await backend.db.query("CHECKPOINT");
  } catch {
    // Not allowed for this role: the rounds still pair up, only less evenly.
  }
}

/**
 * Starts reading how much WAL a round writes: what the server must flush, archive and send
 * to replicas for each operation, the same in every run where the CPU figures drift. Reads
 * null where the position cannot be read (no such function, or not allowed).
 */
async function walMeter(backend: Backend): Promise<(operations: number) => Promise<number | null>> {
  const position = async (): Promise<string | null> => {
    try {
      const rows = await backend.db.query<{ lsn: string }>(
        "SELECT pg_current_wal_lsn()::text AS lsn",
      );
      return rows[0]!.lsn;
    } catch {
      return null;
    }
  };
  const start = await position();
  return async (operations) => {
    const end = await position();
    if (start === null || end === null) return null;
    const rows = await backend.db.query<{ bytes: string | number }>(
      "SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS bytes",
      [end, start],
    );
    return Number(rows[0]!.bytes) / operations;
  };
}

/** Runs a pair of rounds, the service's first in even rounds and the raw one's first in odd. */
async function pairedRounds(
  round: number,
  service: () => Promise<Round>,
  raw: () => Promise<Round>,
): Promise<[Round, Round]> {
  if (round % 2 === 0) {
    const first = await service();
    return [first, await raw()];
  }
  const first = await raw();
  return [await service(), first];
}

/** `count` pairs of rounds: SWEEP_ROUNDS for a figure that is context, ROUNDS for the target. */
async function roundPairs(
  keyedRound: () => Promise<Round>,
  raw: () => Promise<Round>,
  count = SWEEP_ROUNDS,
): Promise<{ keyed: Round[]; raw: Round[] }> {
  const keyed: Round[] = [];
  const rawRounds: Round[] = [];
  for (let round = 0; round < count; round++) {
    const [keyedResult, rawResult] = await pairedRounds(round, keyedRound, raw);
    keyed.push(keyedResult);
    rawRounds.push(rawResult);
  }
  return { keyed, raw: rawRounds };
}

/**
 * Keyed transitions with one webhook endpoint registered, against the raw UPDATE and against
 * the equal-concurrency rounds without one: what turning webhooks on costs a commit (a
 * delivery row per event, with its index entries), and the WAL it adds.
 */
function webhookFigure(
  backend: Backend,
  keyed: Round[],
  raw: Round[],
  withoutEndpoints: Round[],
): BenchFigure {
  const rate = median(keyed.map((r) => r.perSecond));
  const plain = median(withoutEndpoints.map((r) => r.perSecond));
  const wal = medianWal(keyed);
  const plainWal = medianWal(withoutEndpoints);
  const walWords =
    wal === null || plainWal === null
      ? ""
      : ` WAL per transition: ${Math.round(wal)} bytes, against ${Math.round(plainWal)} without an endpoint.`;
  return contextFigure(
    `${backend.name}: service.advance with Idempotency-Key, one webhook endpoint, ${CONCURRENCY} writers`,
    keyed,
    raw,
    AT_CONCURRENCY,
    `Each event also gets its delivery, in the same commit. ${Math.round(rate)} transitions/s against ${Math.round(plain)} without an endpoint (the equal-concurrency rounds), ${round2(rate / plain)}×. CPU per transition: ${cpuText(medianCpu(keyed))}.${walWords}`,
  );
}

/**
 * Keyed transitions that each read their return first, against the raw UPDATE and the
 * equal-concurrency rounds (which start from the version the service wrote last): a shop's
 * merchant steps come hours apart, when no process remembers the return, so this is their
 * usual case.
 */
function coldFigure(backend: Backend, keyed: Round[], raw: Round[], warm: Round[]): BenchFigure {
  const rate = median(keyed.map((r) => r.perSecond));
  const remembered = median(warm.map((r) => r.perSecond));
  return contextFigure(
    `${backend.name}: service.advance with Idempotency-Key, each transition reading its return first, ${CONCURRENCY} writers`,
    keyed,
    raw,
    AT_CONCURRENCY,
    `recentRecords: 0, so each transition is a read and a commit (the reads of one turn go as one statement). ${Math.round(rate)} transitions/s against ${Math.round(remembered)} in the equal-concurrency rounds, ${round2(rate / remembered)}×; ${round2(median(keyed.map((r) => r.perStatement)))} transitions per commit statement. CPU per transition: ${cpuText(medianCpu(keyed))}.`,
  );
}

/** The baseline's label for rows at CONCURRENCY writers. */
const AT_CONCURRENCY = `single-row UPDATE … RETURNING, ${CONCURRENCY} at once`;

/** A context row: keyed rounds against the raw ones paired with them, the pairs listed. */
function contextFigure(
  metric: string,
  keyed: Round[],
  raw: Round[],
  baselineLabel: string,
  note: string,
): BenchFigure {
  return {
    metric,
    value: Math.round(median(keyed.map((r) => r.perSecond))),
    unit: "transitions/s",
    baseline: { label: baselineLabel, value: Math.round(median(raw.map((r) => r.perSecond))) },
    ratio: round2(pairedRatio(keyed, raw)),
    note: `${note} Paired rounds (keyed / raw): ${pairsText(keyed, raw)}.`,
  };
}

/** The median of the pairs' ratios (see ROUNDS). */
function pairedRatio(service: Round[], raw: Round[]): number {
  return median(service.map((round, i) => round.perSecond / raw[i]!.perSecond));
}

function pairsText(service: Round[], raw: Round[]): string {
  return service
    .map(
      (round, i) =>
        `${Math.round(round.perSecond)}/${Math.round(raw[i]!.perSecond)} = ${round2(round.perSecond / raw[i]!.perSecond)}`,
    )
    .join("; ");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Keyed and raw rounds at one writer count of the sweep, paired. */
interface SweepPoint {
  writers: number;
  keyed: Round[];
  raw: Round[];
}

/** p50 and p99 of every operation of `rounds`, call to answer. */
function latencyText(rounds: Round[]): string {
  const all = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))]!;
  return `p50 ${round2(at(0.5))} ms, p99 ${round2(at(0.99))} ms`;
}

/** The sweep's point where `side` ran fastest (median rate of its rounds). */
function fastest(points: SweepPoint[], side: "keyed" | "raw"): SweepPoint {
  const rate = (point: SweepPoint) => median(point[side].map((r) => r.perSecond));
  return points.reduce((best, point) => (rate(point) > rate(best) ? point : best));
}

async function measure(backend: Backend): Promise<{ figures: BenchFigure[]; notes: string[] }> {
  const { db, schema } = backend;
  await db.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await db.query(
    `CREATE TABLE "${schema}".bench_counter (id integer PRIMARY KEY, n bigint NOT NULL)`,
  );
  await db.query(
    `INSERT INTO "${schema}".bench_counter SELECT g, 0 FROM generate_series(0, ${Math.max(...WRITER_SWEEP) - 1}) g`,
  );
  // Warm-up, discarded: JIT, connections, the first plans.
  for (let round = 0; round < WARM_UP_PAIRS; round++) {
    await serviceRound(backend, true);
    await rawRound(backend);
  }
  // Equal concurrency: as many writers as connections.
  const service: Round[] = [];
  const raw: Round[] = [];
  const unkeyed: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [keyedRound, rawResult] = await pairedRounds(
      round,
      () => serviceRound(backend, true),
      () => rawRound(backend),
    );
    service.push(keyedRound);
    raw.push(rawResult);
    unkeyed.push(await serviceRound(backend, false));
  }
  const profile = await profileTransitions(backend);
  // Capacity: each side at every writer count of the sweep (the equal-concurrency rounds
  // are its first point), then the two at their fastest counts, paired.
  const points: SweepPoint[] = [{ writers: CONCURRENCY, keyed: service, raw }];
  for (const writers of WRITER_SWEEP.filter((w) => w !== CONCURRENCY)) {
    const pairs = await roundPairs(
      () => serviceRound(backend, true, { writers }),
      () => rawRound(backend, writers),
    );
    points.push({ writers, ...pairs });
  }
  const serviceBest = fastest(points, "keyed").writers;
  const rawBest = fastest(points, "raw").writers;
  const { keyed: capacity, raw: rawCapacity } = await roundPairs(
    () => serviceRound(backend, true, { writers: serviceBest }),
    () => rawRound(backend, rawBest),
    ROUNDS,
  );
  const context: BenchFigure[] = points
    .slice(1)
    .map(({ writers, keyed, raw: rawRounds }) =>
      contextFigure(
        `${backend.name}: service.advance with Idempotency-Key, ${writers} writers on ${backend.connections}`,
        keyed,
        rawRounds,
        `single-row UPDATE … RETURNING, ${writers} writers on ${backend.connections}`,
        `${round2(median(keyed.map((r) => r.perStatement)))} transitions per commit statement.`,
      ),
    );
  const webhooks = await roundPairs(
    () => serviceRound(backend, true, { endpoints: 1 }),
    () => rawRound(backend),
  );
  context.push(webhookFigure(backend, webhooks.keyed, webhooks.raw, service));
  const cold = await roundPairs(
    () => serviceRound(backend, true, { cold: true }),
    () => rawRound(backend),
  );
  context.push(coldFigure(backend, cold.keyed, cold.raw, service));

  const serviceOps = median(service.map((r) => r.perSecond));
  const rawOps = median(raw.map((r) => r.perSecond));
  const perStatement = median(service.map((r) => r.perStatement));
  const capacityRatio = pairedRatio(capacity, rawCapacity);
  const met = capacityRatio >= TARGET_RATIO;
  const ms = (kind: string) => round2(profile.latency.get(kind) ?? 0);
  const statementsMs = [...profile.latency.values()].reduce((a, b) => a + b, 0);
  const kinds = [...profile.latency.keys()].map((kind) => `${kind} ${ms(kind)} ms`).join(" + ");
  const breakdown = `${kinds} + the service's own work ~${round2(profile.transitionMs - statementsMs)} ms = ${round2(profile.transitionMs)} ms, against ${round2(profile.rawMs)} ms for the raw UPDATE`;
  const cpuService = medianCpu(service);
  const cpuRaw = medianCpu(raw);
  const cpuWords = `CPU per operation at ${CONCURRENCY} at once: ${cpuText(cpuService)} per keyed transition against ${cpuText(cpuRaw)} per raw UPDATE`;
  const baseline = { label: AT_CONCURRENCY, value: Math.round(rawOps) };
  const sweepWords = (side: "keyed" | "raw") =>
    points
      .map(
        (point) => `${point.writers}: ${Math.round(median(point[side].map((r) => r.perSecond)))}`,
      )
      .join(", ");
  const capacityNote = `The service ran fastest with ${serviceBest} writers, the raw UPDATE with ${rawBest} (medians per writer count, service: ${sweepWords("keyed")}; raw: ${sweepWords("raw")}); then ${ROUNDS} pairs of the two at those counts: ${pairsText(capacity, rawCapacity)}. ${round2(median(capacity.map((r) => r.perStatement)))} transitions per commit statement at ${serviceBest} writers. Call to answer, at capacity: a transition ${latencyText(capacity)}, a raw UPDATE ${latencyText(rawCapacity)}; at ${CONCURRENCY} writers: ${latencyText(service)} against ${latencyText(raw)}.${met ? "" : ` ${cpuWords}; one at a time: ${breakdown}. ${backend.cost}`}`;
  const figures: BenchFigure[] = [
    {
      metric: `${backend.name}: raw single-row UPDATE … RETURNING, at its best writer count`,
      value: Math.round(median(rawCapacity.map((r) => r.perSecond))),
      unit: "ops/s",
      note: `${rawBest} writers on ${backend.connections}.`,
    },
    {
      metric: `${backend.name}: service.advance with Idempotency-Key, at its best writer count`,
      value: Math.round(median(capacity.map((r) => r.perSecond))),
      unit: "transitions/s",
      baseline: {
        label: `single-row UPDATE … RETURNING at its best writer count (${rawBest} writers)`,
        value: Math.round(median(rawCapacity.map((r) => r.perSecond))),
      },
      ratio: round2(capacityRatio),
      // Context, not a target: a user feels the store through HTTP (the http bench).
      note: capacityNote,
    },
    {
      metric: `${backend.name}: service.advance with Idempotency-Key, ${CONCURRENCY} writers (as many as connections)`,
      value: Math.round(serviceOps),
      unit: "transitions/s",
      baseline,
      ratio: round2(pairedRatio(service, raw)),
      note: `Equal concurrency: alone, a keyed transition is ${round2(profile.statements)} statements in one transaction (the return's new version, the key's first use, the events; BEGIN and COMMIT not counted), against the raw side's one. Each transition also writes far more than the raw UPDATE: a new version of the return (its row and index entries), the idempotency record with its response, and one or two outbox events. ${cpuWords}. One at a time: ${breakdown}. ${backend.cost}`,
    },
    {
      metric: `${backend.name}: service.advance without a key, ${CONCURRENCY} writers`,
      value: Math.round(median(unkeyed.map((r) => r.perSecond))),
      unit: "transitions/s",
      baseline,
      ratio: round2(pairedRatio(unkeyed, raw)),
    },
    {
      metric: `${backend.name}: statements per keyed transition, one at a time`,
      value: round2(profile.statements),
      unit: "round trips",
      baseline: { label: "raw UPDATE", value: 1 },
      ratio: round2(profile.statements),
    },
    {
      metric: `${backend.name}: keyed transitions per commit transaction, ${CONCURRENCY} at once`,
      value: round2(perStatement),
      unit: "transitions",
    },
    ...cpuFigures(backend.name, cpuService, cpuRaw),
    ...walFigures(backend.name, service, raw),
    ...context,
  ];
  return {
    figures,
    notes: [
      `${backend.name} capacity pairs (keyed at ${serviceBest} writers / raw at ${rawBest} = ratio, in order): ${pairsText(capacity, rawCapacity)}; the judged ratio is their median.`,
      `${backend.name} at ${CONCURRENCY} writers (keyed / raw = ratio, in order): ${pairsText(service, raw)}. Rounds without a key: ${unkeyed.map((r) => Math.round(r.perSecond)).join(", ")}.`,
      `${backend.name}, one keyed transition at a time (medians of ${PROFILED_RETURNS * STEPS.length}): ${breakdown}.`,
      `${backend.name}: ${cpuWords}.`,
    ],
  };
}

function medianCpu(rounds: Round[]): CpuUse {
  const server = rounds.map((r) => r.cpu.postgresMicros);
  return {
    nodeMicros: median(rounds.map((r) => r.cpu.nodeMicros)),
    postgresMicros: server.every((v) => v !== null) ? median(server as number[]) : null,
  };
}

/** The median WAL per operation of `rounds`, or null if any round could not read it. */
function medianWal(rounds: Round[]): number | null {
  const bytes = rounds.map((r) => r.walBytes);
  return bytes.includes(null) ? null : median(bytes as number[]);
}

/** WAL per keyed transition against per raw UPDATE (medians), where it could be read. */
function walFigures(name: string, service: Round[], raw: Round[]): BenchFigure[] {
  const perTransition = medianWal(service);
  const perUpdate = medianWal(raw);
  if (perTransition === null || perUpdate === null) return [];
  return [
    {
      metric: `${name}: WAL written per keyed transition`,
      value: Math.round(perTransition),
      unit: "bytes",
      baseline: { label: "per raw UPDATE", value: Math.round(perUpdate) },
      ratio: round2(perTransition / perUpdate),
      note: "What the server flushes, archives and ships to replicas for each write: the returns row's new version and four index entries, the record once more for the events and the response, the idempotency record and one or two outbox events, each with its index entries.",
    },
  ];
}

function cpuText(cpu: CpuUse): string {
  const node = `${Math.round(cpu.nodeMicros)} µs in Node`;
  return cpu.postgresMicros === null
    ? node
    : `${node} + ${Math.round(cpu.postgresMicros)} µs in the server`;
}

function cpuFigures(name: string, service: CpuUse, raw: CpuUse): BenchFigure[] {
  const figures: BenchFigure[] = [
    {
      metric: `${name}: Node CPU per keyed transition`,
      value: Math.round(service.nodeMicros),
      unit: "µs",
      baseline: { label: "per raw UPDATE", value: Math.round(raw.nodeMicros) },
      ratio: round2(service.nodeMicros / raw.nodeMicros),
    },
  ];
  if (service.postgresMicros !== null && raw.postgresMicros !== null) {
    figures.push({
      metric: `${name}: server CPU per keyed transition`,
      value: Math.round(service.postgresMicros),
      unit: "µs",
      baseline: { label: "per raw UPDATE", value: Math.round(raw.postgresMicros) },
      ratio: round2(service.postgresMicros / raw.postgresMicros),
    });
    const total = service.nodeMicros + service.postgresMicros;
    const rawTotal = raw.nodeMicros + raw.postgresMicros;
    figures.push({
      metric: `${name}: CPU per keyed transition, Node and server together`,
      value: Math.round(total),
      unit: "µs",
      baseline: { label: "per raw UPDATE", value: Math.round(rawTotal) },
      ratio: round2(total / rawTotal),
    });
  }
  return figures;
}

async function postgresBackend(url: string): Promise<Backend> {
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  const schema = `rk_bench_${process.pid}`;
  return {
    name: "PostgreSQL",
    cost: "Both sides share the machine's two cores, so the ratio is close to the ratio of CPU per operation.",
    db: toSqlDatabase(pool),
    schema,
    serverProcesses: true,
    connections: `a Pool of ${CONCURRENCY}`,
    async close() {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

async function pgliteBackend(): Promise<Backend> {
  const lite = new PGlite();
  await lite.waitReady;
  return {
    name: "PGlite",
    cost: "In memory nothing waits for a disk: it is all work on PGlite's one WebAssembly thread, which serialises the 8 workers.",
    db: toSqlDatabase(lite),
    schema: "rk_bench",
    serverProcesses: false,
    connections: "one PGlite",
    close: () => lite.close(),
  };
}

export default async function postgresBench(): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  const notes: string[] = [
    `Node ${process.version}; a Pool of ${CONCURRENCY} connections. Each service round drives ${RETURNS_PER_ROUND} submitted returns (at least ${MIN_RETURNS_PER_WRITER} per writer) × ${STEPS.join(" → ")}, shared out among its writers, with a fit reason (received, graded and closed also publish a fit signal), no webhook endpoints (so no deliveries) but in the row that registers one, and returns the service just submitted, so it starts from the version it remembers, but in the row where each transition reads first. Rates are medians; a ratio is the median of its pairs' ratios, the order in a pair alternating; ${WARM_UP_PAIRS} warm-up pairs are discarded.`,
    `Capacity is the rate each side reaches at its best: both run at ${WRITER_SWEEP.join(", ")} writers through the same Pool (${SWEEP_ROUNDS} pairs each; ${ROUNDS} at ${CONCURRENCY}), and then ${ROUNDS} pairs of the service at its fastest count against the raw UPDATE at its fastest. At ${CONCURRENCY} writers (as many as connections, ${ROUNDS} pairs) the raw UPDATE and the service both have every connection busy. None of it is a target: a user feels the store through HTTP, which the http bench measures on PostgreSQL.`,
    "Baseline: the same number of `UPDATE t SET n = n + 1 WHERE id = $1 RETURNING n` through the same Pool (or PGlite), each worker on its own row, measured between the service rounds.",
  ];
  const url = process.env.DATABASE_URL;
  const backends: Array<() => Promise<Backend>> = [pgliteBackend];
  if (url) backends.unshift(() => postgresBackend(url));
  else notes.push("DATABASE_URL is not set: the PostgreSQL server figures were not measured.");
  for (const open of backends) {
    const backend = await open();
    try {
      const result = await measure(backend);
      figures.push(...result.figures);
      notes.push(...result.notes);
    } finally {
      await backend.close();
    }
  }
  return { title: "PostgreSQL store: transitions through the service", figures, notes };
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  console.log(JSON.stringify(await postgresBench(), null, 2));
}
