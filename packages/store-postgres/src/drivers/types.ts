/** @module drivers/types — `SqlDriver`, and the parts of `pg` and PGlite the drivers use. */

export interface QueryOptions {
  /** Only reads: run again on another connection if its own was found dead (never a write). */
  read?: boolean;
}

export interface SqlQueryable {
  /** One statement with `$1`-style parameters; resolves to its rows. */
  query<Row = Record<string, unknown>>(
    text: string,
    values?: unknown[],
    options?: QueryOptions,
  ): Promise<Row[]>;
}

export interface SqlTransaction extends SqlQueryable {
  /** Several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export const SQL_DRIVER: unique symbol = Symbol.for("returnkit.store-postgres.SqlDriver");

export interface SqlDriver extends SqlQueryable {
  readonly [SQL_DRIVER]: true;
  readonly kind: "pg" | "pglite";
  /** Runs `fn` in one READ COMMITTED transaction: committed if it resolves, else rolled back. */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`; resolves once listening, to the function that stops it. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Removes what the driver registered on the host's database (a PGlite's data directory lock); never closes it. */
  close(): Promise<void>;
}

export type PgResult = Promise<{ rows: unknown[] }>;

/** `query` as a `pg` Pool and PoolClient have it; a named query is prepared once per connection. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): PgResult;
  query(config: { name: string; text: string; values?: unknown[] }): PgResult;
}

export interface PgPoolClientLike extends PgQueryable {
  release(error?: Error | boolean): void;
  on(event: "notification", listener: (m: { channel: string; payload?: string }) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  removeListener(event: "error", listener: (error: Error) => void): unknown;
}

export interface PgPoolLike extends PgQueryable {
  connect(): Promise<PgPoolClientLike>;
  /** Only a Pool has it: tells a Pool from a single `pg.Client`, which the store does not take. */
  readonly idleCount: number;
  on?(event: "error", listener: (error: Error) => void): unknown;
  removeListener?(event: "error", listener: (error: Error) => void): unknown;
  listenerCount?(event: "error"): number;
}

export interface PGliteQueryable {
  query<T>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<unknown>;
}

export interface PGliteLike extends PGliteQueryable {
  /** Where it keeps its files (`new PGlite(dir)`); none, or `memory://`, for nothing on disk. */
  readonly dataDir?: string;
  transaction<T>(callback: (tx: PGliteQueryable) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
