/**
 * @module pglite-prepared — named prepared statements on PGlite.
 *
 * PGlite's `query()` parses and plans every statement afresh (it always uses the unnamed
 * statement). For the commit, a CTE of a dozen parts, planning cost about 2 ms a call,
 * more than running it: the store's figure on PGlite was a third of the server's. So the
 * commit goes through PGlite's documented wire-protocol entry, `execProtocol`: the
 * statement is parsed once under a name, then each call only binds and executes it.
 *
 * Each call runs inside `db.transaction()`, which holds PGlite's transaction lock: no other
 * caller's statement can run between our messages, and ours can never land inside someone
 * else's open transaction (which could roll it back after we reported it written). The
 * transaction also syncs a file-backed PGlite to disk when it commits, as `query()` does.
 * Results come back in text and are parsed with PGlite's own parsers, so rows read exactly
 * as `query()` would have returned them.
 */

interface ProtocolMessage {
  name: string;
  fields?: unknown[];
}

/** The part of a PGlite instance the prepared path needs; checked before it is used. */
export interface PGliteProtocol {
  execProtocol(
    message: Uint8Array,
    options?: { syncToFs?: boolean },
  ): Promise<{ messages: ProtocolMessage[] }>;
  parsers: Record<number | string, (value: string, typeId: number) => unknown>;
  transaction<T>(
    callback: (tx: {
      query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    }) => Promise<T>,
  ): Promise<T>;
}

export function hasProtocol(db: object): db is PGliteProtocol {
  const candidate = db as Partial<PGliteProtocol>;
  return typeof candidate.execProtocol === "function" && typeof candidate.parsers === "object";
}

/**
 * Runs parameterised statements as named prepared statements, each parsed once under
 * `nameOf(text)` (the name pg connections use too).
 */
export function preparedStatements(db: PGliteProtocol, nameOf: (text: string) => string) {
  const parsed = new Set<string>();
  return async function run<Row>(text: string, params: unknown[]): Promise<{ rows: Row[] }> {
    const name = nameOf(text);
    return db.transaction(async (tx) => {
      if (!parsed.has(name)) {
        // Another wrapper of this PGlite may have parsed it already; parsing it again would
        // fail and abort this transaction, so ask first.
        const { rows } = await tx.query("SELECT 1 FROM pg_prepared_statements WHERE name = $1", [
          name,
        ]);
        if (rows.length === 0) {
          await db.execProtocol(concat([parseMessage(name, text), syncMessage()]), {
            syncToFs: false,
          });
        }
        parsed.add(name);
      }
      const { messages } = await db.execProtocol(
        concat([
          bindMessage(name, params),
          describePortalMessage(),
          executeMessage(),
          syncMessage(),
        ]),
        { syncToFs: false },
      );
      return { rows: rowsOf<Row>(messages, db.parsers) };
    });
  };
}

function rowsOf<Row>(messages: ProtocolMessage[], parsers: PGliteProtocol["parsers"]): Row[] {
  let columns: Array<{ name: string; dataTypeID: number }> = [];
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === "rowDescription") {
      columns = message.fields as Array<{ name: string; dataTypeID: number }>;
    } else if (message.name === "dataRow") {
      const row: Record<string, unknown> = {};
      const values = message.fields as Array<string | null>;
      for (let i = 0; i < columns.length; i++) {
        const { name, dataTypeID } = columns[i]!;
        const value = values[i] ?? null;
        const parse = parsers[dataTypeID];
        row[name] = value === null || !parse ? value : parse(value, dataTypeID);
      }
      rows.push(row as Row);
    }
  }
  return rows;
}

// ---------------------------------------------------------------- frontend messages

const encoder = new TextEncoder();

/** A message: its type byte, its length (which counts itself), then its body. */
function message(type: string, body: Uint8Array[]): Uint8Array {
  const length = 4 + body.reduce((sum, part) => sum + part.length, 0);
  const head = new Uint8Array(5);
  head[0] = type.charCodeAt(0);
  new DataView(head.buffer).setInt32(1, length);
  return concat([head, ...body]);
}

function cString(text: string): Uint8Array {
  return concat([encoder.encode(text), new Uint8Array([0])]);
}

function int16(value: number): Uint8Array {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setInt16(0, value);
  return bytes;
}

function int32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value);
  return bytes;
}

/** Parse: the statement under `name`, parameter types left to the casts in its text. */
function parseMessage(name: string, text: string): Uint8Array {
  return message("P", [cString(name), cString(text), int16(0)]);
}

/** Bind to the unnamed portal; every parameter in text form, null as length -1. */
function bindMessage(name: string, params: unknown[]): Uint8Array {
  const values = params.map((value) => {
    if (value === null || value === undefined) return int32(-1);
    if (typeof value !== "string" && typeof value !== "number") {
      throw new TypeError(`a prepared statement takes strings and numbers, got ${typeof value}`);
    }
    const bytes = encoder.encode(String(value));
    return concat([int32(bytes.length), bytes]);
  });
  return message("B", [
    cString(""),
    cString(name),
    int16(0),
    int16(params.length),
    ...values,
    int16(0),
  ]);
}

function describePortalMessage(): Uint8Array {
  return message("D", [new Uint8Array([0x50]), cString("")]);
}

function executeMessage(): Uint8Array {
  return message("E", [cString(""), int32(0)]);
}

function syncMessage(): Uint8Array {
  return message("S", []);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
