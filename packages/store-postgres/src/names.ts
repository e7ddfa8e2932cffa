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

/**
 * Every relation the migrations create, without the prefix: what `dropStore` removes. A
 * migration that adds one adds it here (a test compares this list with a migrated schema).
 */
export const TABLE_NAMES = [
  "migrations",
  "returns",
  "outbox_events",
  "endpoints",
  "deliveries",
  "idempotency_keys",
  // The RMA number of each return request (migration 005).
  "rma_numbers",
  // The timers of returns, due later (migration 006).
  "timers",
  // A sequence: the versions of endpoint writes.
  "endpoint_versions",
] as const;

export type TableName = (typeof TABLE_NAMES)[number];

/** Where the tables are: quoted names ready for SQL, the channel and the migration lock. */
export type SqlNames = ReturnType<typeof sqlNames>;

/** PostgreSQL truncates names at 63 bytes: the longest one derived from the prefix must fit. */
const MAX_PREFIX = 63 - "deliveries_pending_endpoint_idx".length;
/** "RTK": the classid half of the migration lock, so our key is unlikely to collide with a host's. */
const LOCK_CLASS = 0x52544b;

// Plain identifiers only: what fits unquoted can never surprise later.
export const SCHEMA_NAME_RULE = "a plain SQL identifier (letters, digits, underscores)";
export const TABLE_PREFIX_RULE = `letters, digits and underscores, at most ${MAX_PREFIX} long`;
export const isSchemaName = (value: unknown): value is string =>
  typeof value === "string" && /^[A-Za-z_]\w{0,62}$/.test(value);
export const isTablePrefix = (value: unknown): value is string =>
  typeof value === "string" && /^\w*$/.test(value) && value.length <= MAX_PREFIX;

export function sqlNames(options: NamesOptions = {}) {
  const schema = options.schema ?? "public";
  const prefix = options.tablePrefix ?? "returnkit_";
  const refuse = (option: string, rule: string, value: string) =>
    new TypeError(`postgresStore: ${option} must be ${rule}, got ${JSON.stringify(value)}`);
  if (!isSchemaName(schema)) throw refuse("schema", SCHEMA_NAME_RULE, schema);
  if (!isTablePrefix(prefix)) throw refuse("tablePrefix", TABLE_PREFIX_RULE, prefix);
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
    channel: `returnkit_deliveries_${hash.toString(16).padStart(8, "0")}`,
    /** `pg_advisory_xact_lock(int, int)` key that serialises migrations. */
    migrationLock: [LOCK_CLASS, hash | 0] as [number, number],
  };
}

/** 32-bit FNV-1a: a stable, dependency-free hash for lock keys and channel names. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
