/**
 * @module bench/support/wal-breakdown — where the WAL of a keyed transition goes (issue #49):
 * the bytes PostgreSQL logs per `service.advance` with an `Idempotency-Key` on the PostgreSQL
 * store, split by the relation each WAL record touches (the returns row, its TOAST, each
 * index, the event row, the stored idempotent answer) and by what is not a page of ours
 * (commit records).
 *
 * `pg_current_wal_lsn()` before and after counts every session of the cluster, so on a shared
 * server it counts other people's work too. The breakdown reads the records themselves
 * (`pg_walinspect`, a contrib extension of PostgreSQL 15+, created if absent) and keeps those
 * that touch this run's schema, and the commit records of their transactions: other sessions'
 * writes are left out. Without the extension only the raw LSN difference is given.
 *
 * Two passes over the same workload: right after a `CHECKPOINT` (the first change of each page
 * then logs the whole page, as `bench/src/postgres.ts` measures it) and steady, where the pages
 * were already logged since the last checkpoint (what a busy shop's WAL mostly is).
 *
 * `cd bench && DATABASE_URL=… npx tsx src/support/wal-breakdown.ts [returns]` prints the tables,
 * without endpoints and with a shop's webhook endpoint and subscriber (SHOP_OUTBOX).
 */
import { realpathSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createReturnsService, type MerchantEvent } from "../../../packages/core/src/index";
import { postgresStore } from "../../../packages/store-postgres/src/index";
import { BODIES, CREATE, merchant, portal } from "./fixtures";
import { SHOP_OUTBOX } from "./shop-orders";

const STEPS: readonly MerchantEvent[] = ["approve", "ship", "receive", "grade", "close"];

/** Bytes logged for one relation (or one kind of record outside any), per transition. */
interface WalShare {
  /** The relation (`returnkit_returns`, an index, `toast of …`), or the record kind. */
  what: string;
  /** Record bytes without full-page images. */
  bytes: number;
  /** Full-page-image bytes. */
  fpi: number;
  records: number;
  /** The record types and how many of each (over the whole pass). */
  kinds: string;
}

interface WalPass {
  transitions: number;
  /** `pg_wal_lsn_diff` over the pass, per transition: every session's WAL. */
  lsnBytes: number;
  /** The records of this schema and their commits, per transition; null without pg_walinspect. */
  shares: WalShare[] | null;
}

/**
 * Attributes each record to the relation of its first block reference (a heap UPDATE to a new
 * page references both pages of the same table) and keeps this schema's and their xids' commits.
 */
const BREAKDOWN = `
WITH r AS (
  SELECT w.*, pg_filenode_relation(0, substring(w.block_ref from 'rel \\d+/\\d+/(\\d+)')::oid) AS rel
  FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn) w
), named AS (
  SELECT r.*, c.relname, coalesce(c.relnamespace, t.relnamespace) AS ns,
    CASE WHEN t.relname IS NOT NULL THEN 'toast of ' || t.relname ELSE c.relname END AS label
  FROM r LEFT JOIN pg_class c ON c.oid = r.rel
  LEFT JOIN pg_class t ON t.reltoastrelid = r.rel
), ours AS (
  SELECT DISTINCT xid FROM named WHERE ns = $3::regnamespace AND xid <> 0
), kinds AS (
  SELECT coalesce(label, resource_manager || ' ' || split_part(record_type, ' ', 1)) AS what,
    record_type, record_length, fpi_length
  FROM named
  WHERE ns = $3::regnamespace OR (rel IS NULL AND xid IN (SELECT xid FROM ours))
), by_kind AS (
  SELECT what, record_type, count(*) AS n, sum(record_length - fpi_length) AS bytes,
    sum(fpi_length) AS fpi
  FROM kinds GROUP BY 1, 2
)
SELECT what, sum(bytes)::bigint AS bytes, sum(fpi)::bigint AS fpi, sum(n)::int AS records,
  string_agg(record_type || ' ' || n, ', ' ORDER BY n DESC) AS kinds
FROM by_kind GROUP BY 1 ORDER BY 2 DESC`;

async function lsn(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  return rows[0]!.lsn;
}

async function hasWalinspect(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` (which makes `transitions` keyed transitions) and reads the WAL it wrote. */
export async function measurePass(
  pool: pg.Pool,
  schema: string,
  transitions: number,
  work: () => Promise<void>,
): Promise<WalPass> {
  const inspect = await hasWalinspect(pool);
  const start = await lsn(pool);
  await work();
  const end = await lsn(pool);
  const diff = await pool.query<{ bytes: string }>(
    "SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) AS bytes",
    [end, start],
  );
  const lsnBytes = Number(diff.rows[0]!.bytes) / transitions;
  if (!inspect) return { transitions, lsnBytes, shares: null };
  const { rows } = await pool.query<{
    what: string;
    bytes: string;
    fpi: string;
    records: number;
    kinds: string;
  }>(BREAKDOWN, [start, end, schema]);
  const shares = rows.map((row) => ({
    what: row.what.replace(/^returnkit_/, ""),
    bytes: Number(row.bytes) / transitions,
    fpi: Number(row.fpi) / transitions,
    records: row.records / transitions,
    kinds: row.kinds,
  }));
  return { transitions, lsnBytes, shares };
}

/**
 * Creates and submits `returns` returns on a fresh schema (not measured), then drives them
 * through approve → ship → receive → grade → close with `writers` writers, twice over two sets:
 * once after a CHECKPOINT, once steady; `outbox`: with a shop's endpoint and subscriber. Drops
 * the schema afterwards.
 */
export async function walBreakdown(
  url: string,
  {
    returns = 200,
    writers = 8,
    outbox = false,
  }: {
    returns?: number;
    writers?: number;
    /** With a shop's webhook endpoint and subscriber (each event also gets two deliveries). */
    outbox?: boolean;
  } = {},
): Promise<{ afterCheckpoint: WalPass; steady: WalPass }> {
  const pool = new pg.Pool({ connectionString: url, max: writers });
  const schema = `rk_bench_wal_${process.pid}`;
  let keys = 0;
  const key = () => `wal-${schema}-${++keys}`;
  const service = createReturnsService({
    store: postgresStore({ db: pool, schema, notify: false }),
    baseUrl: "https://shop.example",
    idempotency: { required: true },
    ...(outbox ? SHOP_OUTBOX : {}),
  });
  try {
    await service.ready();
    const submitted = async () => {
      const ids: string[] = [];
      for (let i = 0; i < returns; i++) {
        const { record } = await service.createReturn(CREATE, {
          principal: portal,
          idempotencyKey: key(),
        });
        await service.submit(record.id, {}, { principal: portal, idempotencyKey: key() });
        ids.push(record.id);
      }
      return ids;
    };
    const drive = (ids: string[]) => async () => {
      const share = (w: number) => ids.filter((_, i) => i % writers === w);
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (const id of share(w))
            for (const step of STEPS)
              await service.advance(id, step, BODIES[step], {
                principal: merchant,
                idempotencyKey: key(),
              });
        }),
      );
    };
    const transitions = returns * STEPS.length;
    const first = await submitted();
    const second = await submitted();
    await pool.query("CHECKPOINT");
    const afterCheckpoint = await measurePass(pool, schema, transitions, drive(first));
    // The second set's pages were mostly logged whole by the first pass: steady state.
    const steady = await measurePass(pool, schema, transitions, drive(second));
    return { afterCheckpoint, steady };
  } finally {
    await service.close();
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

/** The breakdown as a markdown table: bytes per transition, full pages apart. */
export function walTable(pass: WalPass): string {
  const round = (n: number) => Math.round(n).toLocaleString("en");
  const lines = [
    `${pass.transitions} keyed transitions; pg_wal_lsn_diff (every session): ${round(pass.lsnBytes)} bytes each`,
  ];
  if (!pass.shares) return `${lines[0]}\n(pg_walinspect unavailable: no breakdown)`;
  const total = pass.shares.reduce((sum, s) => sum + s.bytes + s.fpi, 0);
  const records = pass.shares.reduce((sum, s) => sum + s.bytes, 0);
  lines.push(
    `this schema's records and their commits: ${round(total)} bytes (${round(records)} without full pages)`,
    "",
    "| relation or record | bytes | full pages | records | record types (whole pass) |",
    "|---|---|---|---|---|",
    ...pass.shares.map(
      (s) =>
        `| ${s.what} | ${round(s.bytes)} | ${round(s.fpi)} | ${s.records.toFixed(2)} | ${s.kinds} |`,
    ),
  );
  return lines.join("\n");
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is required");
  const returns = Number(process.argv[2] ?? 200);
  console.log(
    `load average at the start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}\n`,
  );
  for (const outbox of [false, true]) {
    const { afterCheckpoint, steady } = await walBreakdown(url, { returns, outbox });
    const what = outbox ? "one webhook endpoint and one subscriber" : "no endpoint";
    console.log(`## ${what}, after a CHECKPOINT\n\n${walTable(afterCheckpoint)}\n`);
    console.log(
      `## ${what}, steady (pages already logged since the checkpoint)\n\n${walTable(steady)}\n`,
    );
  }
}
