/**
 * @module names — where the store's tables live: a schema and a table prefix, so the store
 * can share a shop's existing database without colliding with its tables.
 */

export interface NamesOptions {
  /** Schema of the tables; created by the migrations when missing. Default `public`. */
  schema?: string;
  /** Prefix of every table, index and notification channel. Default `returnkit_`. */
  tablePrefix?: string;
}

export type TableName =
  | "migrations"
  | "returns"
  | "outbox_events"
  | "endpoints"
  | "deliveries"
  | "idempotency_keys";

/** Where the tables are: quoted names ready for SQL, the channel and the migration lock. */
export type SqlNames = ReturnType<typeof sqlNames>;

/** A plain SQL identifier: what fits unquoted, so no quoting surprise can happen later. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PREFIX = /^[A-Za-z0-9_]*$/;
/** PostgreSQL truncates identifiers at 63 bytes; the longest name we derive must fit. */
const MAX_IDENTIFIER = 63;
const LONGEST_SUFFIX = "deliveries_pending_endpoint_idx";
/** "RTK": the classid half of the migration lock, so our key is unlikely to collide with a host's. */
const LOCK_CLASS = 0x52544b;

export const SCHEMA_NAME_RULE = "a plain SQL identifier (letters, digits, underscores)";
export const TABLE_PREFIX_RULE = `letters, digits and underscores, at most ${MAX_IDENTIFIER - LONGEST_SUFFIX.length} long`;

export function isSchemaName(value: unknown): value is string {
  return typeof value === "string" && IDENTIFIER.test(value) && value.length <= MAX_IDENTIFIER;
}

export function isTablePrefix(value: unknown): value is string {
  return (
    typeof value === "string" &&
    PREFIX.test(value) &&
    value.length + LONGEST_SUFFIX.length <= MAX_IDENTIFIER
  );
}

export function sqlNames(options: NamesOptions = {}) {
  const schema = options.schema ?? "public";
  const prefix = options.tablePrefix ?? "returnkit_";
  if (!isSchemaName(schema)) {
    throw new TypeError(
      `postgresStore: schema must be ${SCHEMA_NAME_RULE}, got ${JSON.stringify(schema)}`,
    );
  }
  if (!isTablePrefix(prefix)) {
    throw new TypeError(
      `postgresStore: tablePrefix must be ${TABLE_PREFIX_RULE}, got ${JSON.stringify(prefix)}`,
    );
  }
  const quotedSchema = `"${schema}"`;
  const hash = fnv1a(`${schema}.${prefix}`);
  return {
    schema,
    prefix,
    quotedSchema,
    table: (name: TableName) => `${quotedSchema}."${prefix}${name}"`,
    /** Indexes live in their table's schema. */
    index: (name: string) => `"${prefix}${name}"`,
    /** NOTIFY channel announcing new deliveries. */
    channel: `returnkit_deliveries_${(hash >>> 0).toString(16).padStart(8, "0")}`,
    /** `pg_advisory_xact_lock(int, int)` key that serialises migrations. */
    migrationLock: [LOCK_CLASS, hash | 0] as [number, number],
  };
}

/** 32-bit FNV-1a: a stable, dependency-free hash for lock keys and channel names. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
