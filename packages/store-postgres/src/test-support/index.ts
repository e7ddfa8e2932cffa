/**
 * @module test-support — shared by this package's tests: unique schemas, dropping them, and
 * the real server when `DATABASE_URL` names one. Not part of the build.
 */
import { PGlite } from "@electric-sql/pglite";
import type { ReturnsStore } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import { makeOutboxEvent, makeStoredReturn } from "@returnkit/testing";
import pg from "pg";
import { afterAll, beforeAll, expect } from "vitest";
import { toDriver } from "../drivers";
import type { SqlDriver } from "../drivers/types";
import { type PostgresStore, type PostgresStoreOptions, postgresStore } from "../postgres-store";

export const DATABASE_URL = process.env.DATABASE_URL;

export type TestDatabase = pg.Pool | PGlite;

/** One query on either kind of database, for what the cases check in the tables directly. */
export function query<Row = any>(
  db: TestDatabase,
  text: string,
  params?: unknown[],
): Promise<{ rows: Row[] }> {
  let wrapped = wrappers.get(db);
  if (!wrapped) {
    wrapped = toDriver(db);
    wrappers.set(db, wrapped);
  }
  return wrapped.query<Row>(text, params).then((rows) => ({ rows }));
}

/** One adapter per database, as a host would keep: each pg one registers for the Pool's errors. */
const wrappers = new WeakMap<TestDatabase, SqlDriver>();

let schemas = 0;
const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;

/** A schema no other test, file or concurrent run uses. */
export function uniqueSchema(label: string): string {
  return `rk_${label}_${run}_${++schemas}`;
}

export async function dropSchema(
  db: { query(text: string): Promise<unknown> },
  schema: string,
): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}

export function newPool(max = 20): pg.Pool {
  if (!DATABASE_URL) throw new Error("DATABASE_URL is not set");
  return new pg.Pool({ connectionString: DATABASE_URL, max });
}

export function newPGlite(): PGlite {
  return new PGlite();
}

/** Says out loud that the real-server cases did not run, instead of passing silently. */
export function warnWithoutServer(what: string): void {
  if (!DATABASE_URL) {
    console.warn(
      `[store-postgres] DATABASE_URL is not set: skipping ${what} against a real PostgreSQL server (PGlite cases still ran). ` +
        "Set DATABASE_URL=postgres://… to run them.",
    );
  }
}

export interface Backend {
  name: string;
  /** True when the backend cannot run here (no DATABASE_URL); its cases are skipped. */
  skip: boolean;
  /** A fresh connection to the shared database: a new Pool, or the file's PGlite. */
  connect(): TestDatabase;
  /** Closes what `connect` opened (the file's PGlite stays open until `closeAll`). */
  closeAll(): Promise<void>;
}

/** Starting PGlite (WebAssembly) can take many seconds while other test files run. */
export const STARTUP_TIMEOUT_MS = 120_000;

/** Waits until the backend answers, so the first case is not charged with its start-up. */
export async function warmUp(backend: Backend): Promise<void> {
  await query(backend.connect(), "SELECT 1");
}

/** What `storesForCases` opens: filled in its `beforeAll`, so read inside the cases. */
export interface CaseStores {
  schema: string;
  db: TestDatabase;
  stores: PostgresStore[];
}

/**
 * A file's stores on one migrated schema of `backend`, each on a connection of its own (two
 * stand for two processes sharing the database; the first store's connection is `db`):
 * opened before the cases, closed after them, the schema dropped and the backend closed.
 */
export function storesForCases(
  backend: Backend,
  label: string,
  { count = 2, ...options }: { count?: number } & Omit<PostgresStoreOptions, "db" | "schema"> = {},
): CaseStores {
  const opened = { schema: uniqueSchema(label), stores: [] } as unknown as CaseStores;
  beforeAll(async () => {
    await warmUp(backend);
    opened.db = backend.connect();
    for (let i = 0; i < count; i++) {
      const db = i === 0 ? opened.db : backend.connect();
      opened.stores.push(postgresStore({ ...options, db, schema: opened.schema }));
    }
    for (const store of opened.stores) await store.init();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const store of opened.stores) await store.close();
    if (opened.db) await dropSchema(opened.db, opened.schema);
    await backend.closeAll();
  });
  return opened;
}

/** PGlite always; a real server when DATABASE_URL is set. */
export function backends(): Backend[] {
  let pglite: PGlite | undefined;
  const pools: pg.Pool[] = [];
  return [
    {
      name: "PGlite",
      skip: false,
      // One embedded database stands in for "several processes": they share it.
      connect: () => {
        pglite ??= newPGlite();
        return pglite;
      },
      async closeAll() {
        await pglite?.close();
        pglite = undefined;
      },
    },
    {
      name: "PostgreSQL",
      skip: !DATABASE_URL,
      connect: () => {
        const pool = newPool();
        pools.push(pool);
        return pool;
      },
      async closeAll() {
        await Promise.all(pools.splice(0).map((pool) => pool.end()));
      },
    },
  ];
}

/** Commits a new return with its one outbox event (a delivery per matching endpoint). */
export async function commitNewReturn(store: ReturnsStore): Promise<StoredReturn> {
  const stored = makeStoredReturn();
  const result = await store.commit({
    next: stored,
    expectedVersion: null,
    events: [makeOutboxEvent(stored)],
  });
  expect(result.ok).toBe(true);
  return stored;
}

/**
 * A conformance run's store on one migrated schema, emptied after each case rather than made
 * anew: migrating a schema is most of what a case would cost. `db` is read when used (a
 * file's database may open in `beforeAll`); `drop` is for `afterAll`.
 */
export function emptiedEachCase(
  db: () => TestDatabase,
  label: string,
  open: (schema: string) => ReturnsStore,
): {
  create: () => ReturnsStore;
  cleanup: (store: ReturnsStore) => Promise<void>;
  drop: () => Promise<void>;
  /** Every row of every table of the schema, as text: what a full-text scan reads. */
  dump: () => Promise<string[]>;
} {
  const schema = uniqueSchema(label);
  return {
    create: () => open(schema),
    dump: () => dumpSchema(db(), schema),
    async cleanup(store) {
      await store.close?.();
      await emptySchema(db(), schema);
    },
    drop: () => dropSchema(db(), schema),
  };
}

/**
 * Every row of every table of `schema`, each as `table: row` with the row cast to text (every
 * column, JSON and all), sorted: the migrations' record left out, as a case never writes it.
 */
export async function dumpSchema(db: TestDatabase, schema: string): Promise<string[]> {
  const { rows: tables } = await query<{ tablename: string }>(
    db,
    "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename NOT LIKE '%migrations' ORDER BY 1",
    [schema],
  );
  const out: string[] = [];
  for (const { tablename } of tables) {
    const { rows } = await query<{ row: string }>(
      db,
      `SELECT t::text AS row FROM "${schema}"."${tablename}" t`,
    );
    for (const { row } of rows) out.push(`${tablename}: ${row}`);
  }
  return out.sort();
}

/** Deletes every row but the record of applied migrations. */
async function emptySchema(db: TestDatabase, schema: string): Promise<void> {
  const { rows } = await query<{ tablename: string }>(
    db,
    "SELECT tablename FROM pg_tables WHERE schemaname = $1 AND tablename NOT LIKE '%migrations'",
    [schema],
  );
  if (rows.length === 0) return;
  const tables = rows.map((row) => `"${schema}"."${row.tablename}"`).join(", ");
  await query(db, `TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
}
