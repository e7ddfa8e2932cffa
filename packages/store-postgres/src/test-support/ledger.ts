/**
 * @module test-support/ledger — reads a schema's returns, outbox and deliveries back from the
 * database and checks what must hold however many processes wrote them: every history a
 * gapless, valid walk through the machine; one version per commit; the outbox one-to-one with
 * the transitions; one delivery per event and endpoint.
 *
 * Assumes the workloads of these cases: one history entry per commit (no auto-approve) and no
 * draft updates (the reason a fit signal depends on never changes).
 */
import {
  applyReturnEvent,
  createReasonCatalogue,
  deriveFitSignal,
  EVENT_CALLER,
  type HistoryEntry,
  initialReturnSnapshot,
  type PersistedReturnSnapshot,
  type ReturnData,
  type ReturnEvent,
  restoreReturnSnapshot,
  stateOf,
  webhookTypeFor,
} from "@returnkit/core";
import type { IdempotentResponse } from "@returnkit/core/store";
import { sqlNames } from "../names";
import { EVENT_COLUMNS, type EventRow, toOutboxEvent } from "../rows";
import { query, type TestDatabase } from ".";

interface LedgerEvent {
  id: string;
  return_id: string;
  seq: number;
  type: string;
  position: number;
  payload: {
    type: string;
    data: { return: ReturnData; transition: { seq: number } };
  };
}

interface LedgerDelivery {
  id: string;
  event_id: string;
  endpoint_id: string;
  return_id: string;
  position: number;
  status: string;
  attempt_count: number;
  leased_by: string | null;
  attempts: Array<{ status: number | null }>;
}

/** A history entry, found by the idempotency key its note names. */
interface KeyedEntry {
  returnId: string;
  seq: number;
  event: string;
  /** The whole note: `<key>` or `<key>|<who sent it>`. */
  note: string;
}

interface Ledger {
  returns: Map<string, ReturnData>;
  /** By position. */
  events: LedgerEvent[];
  deliveries: LedgerDelivery[];
  /** History entries after `create`, across all returns. */
  transitions: number;
  /** Every history entry whose note starts with an idempotency key, by that key. */
  entriesByKey: Map<string, KeyedEntry[]>;
  /** Every broken rule, in words; empty when the ledger is sound. */
  violations: string[];
}

const catalogue = createReasonCatalogue();

/** The key part of a note: the notes these cases write are `<key>` or `<key>|<sender>`. */
function noteKey(note: string): string {
  return note.split("|")[0]!;
}

export async function readLedger(
  db: TestDatabase,
  schema: string,
  options: { endpointIds: readonly string[] },
): Promise<Ledger> {
  const n = sqlNames({ schema });
  const returnRows = await query<{
    id: string;
    version: number;
    state: string;
    record: ReturnData;
    snapshot: PersistedReturnSnapshot;
  }>(db, `SELECT id, version, state, record, snapshot FROM ${n.table("returns")} ORDER BY id`);
  const eventRows = await query<EventRow>(
    db,
    `SELECT ${EVENT_COLUMNS} FROM ${n.table("outbox_events")} ORDER BY position`,
  );
  const deliveryRows = await query<LedgerDelivery & { position: number | string }>(
    db,
    `SELECT id, event_id, endpoint_id, return_id, position, status, attempt_count, leased_by, attempts
     FROM ${n.table("deliveries")} ORDER BY position, endpoint_id`,
  );
  const events = eventRows.rows.map((row) => toOutboxEvent(row) as unknown as LedgerEvent);
  const deliveries = deliveryRows.rows.map((d) => ({ ...d, position: Number(d.position) }));

  const violations: string[] = [];
  const returns = new Map<string, ReturnData>();
  const entriesByKey = new Map<string, KeyedEntry[]>();
  let transitions = 0;
  const eventsByReturn = new Map<string, LedgerEvent[]>();
  for (const event of events) {
    const list = eventsByReturn.get(event.return_id) ?? [];
    list.push(event);
    eventsByReturn.set(event.return_id, list);
  }

  for (const row of returnRows.rows) {
    const { record } = row;
    const id = row.id;
    returns.set(id, record);
    if (record.version !== row.version)
      violations.push(`${id}: column version ${row.version}, record version ${record.version}`);
    if (record.state !== row.state)
      violations.push(`${id}: column state ${row.state}, record state ${record.state}`);
    const seqs = record.history.map((h) => h.seq);
    const gapless = seqs.every((seq, i) => seq === i + 1);
    if (!gapless) violations.push(`${id}: history seqs ${seqs.join(",")} are not 1..n`);
    if (record.history.length !== record.version)
      violations.push(
        `${id}: ${record.history.length} history entries but version ${record.version} (a version skipped or a commit without its entry)`,
      );
    checkWalk(id, record, row.snapshot, violations);
    transitions += record.history.length - 1;

    for (const entry of record.history) {
      if (entry.note === undefined) continue;
      const key = noteKey(entry.note);
      const list = entriesByKey.get(key) ?? [];
      list.push({ returnId: id, seq: entry.seq, event: entry.event, note: entry.note });
      entriesByKey.set(key, list);
    }

    // The outbox of this return, position order, against what its history must have published.
    const expected = record.history.flatMap((entry) => expectedEvents(record, entry));
    const actual = (eventsByReturn.get(id) ?? []).map((e) => `${e.seq}:${e.type}`);
    if (actual.join(" ") !== expected.join(" ")) {
      violations.push(
        `${id}: outbox [${actual.join(" ")}] is not one-to-one with the history [${expected.join(" ")}]`,
      );
    }
    for (const event of eventsByReturn.get(id) ?? []) {
      const { data } = event.payload;
      if (event.payload.type !== event.type || data.transition.seq !== event.seq)
        violations.push(`${id}: event ${event.id} does not describe transition ${event.seq}`);
      // One entry per commit: the record an event carries is the version its commit wrote.
      if (data.return.version !== event.seq)
        violations.push(
          `${id}: event ${event.id} (seq ${event.seq}) carries version ${data.return.version}`,
        );
    }
  }

  for (const [returnId, list] of eventsByReturn) {
    if (!returns.has(returnId))
      violations.push(`${list.length} events of ${returnId}, which does not exist`);
  }
  for (const [key, list] of entriesByKey) {
    if (list.length > 1)
      violations.push(
        `key ${key} applied ${list.length} times: ${list.map((e) => `${e.returnId}#${e.seq}`).join(", ")}`,
      );
  }

  const deliveriesOf = new Map<string, string[]>();
  for (const delivery of deliveries) {
    const list = deliveriesOf.get(delivery.event_id) ?? [];
    list.push(delivery.endpoint_id);
    deliveriesOf.set(delivery.event_id, list);
  }
  const wanted = [...options.endpointIds].sort().join(",");
  for (const event of events) {
    const got = (deliveriesOf.get(event.id) ?? []).sort().join(",");
    if (got !== wanted)
      violations.push(`event ${event.id}: deliveries to [${got}], expected [${wanted}]`);
  }
  if (deliveries.length !== events.length * options.endpointIds.length)
    violations.push(
      `${deliveries.length} deliveries for ${events.length} events × ${options.endpointIds.length} endpoints`,
    );

  return { returns, events, deliveries, transitions, entriesByKey, violations };
}

/** `seq:type` of every event one history entry publishes: its own, then its fit signal. */
function expectedEvents(record: ReturnData, entry: HistoryEntry): string[] {
  const out: string[] = [];
  const type = webhookTypeFor(entry);
  if (type) out.push(`${entry.seq}:${type}`);
  if (deriveFitSignal(record, entry, catalogue)) out.push(`${entry.seq}:return.fit_signal`);
  return out;
}

/** Replays the history through the machine: each entry must be a step the machine allows. */
function checkWalk(
  id: string,
  record: ReturnData,
  stored: PersistedReturnSnapshot,
  violations: string[],
): void {
  const [first, ...rest] = record.history;
  if (first?.event !== "create" || first.to !== "draft") {
    violations.push(`${id}: history does not start with create → draft`);
    return;
  }
  let snapshot = initialReturnSnapshot();
  for (const entry of rest) {
    const event = entry.event as ReturnEvent;
    const applied = applyReturnEvent(snapshot, event);
    if (!applied.ok || applied.from !== entry.from || applied.to !== entry.to) {
      violations.push(
        `${id}: entry ${entry.seq} ${entry.event} ${entry.from}→${entry.to} is not a step from ${stateOf(snapshot)}`,
      );
      return;
    }
    if (entry.actor.kind !== EVENT_CALLER[event])
      violations.push(`${id}: entry ${entry.seq} ${entry.event} by a ${entry.actor.kind}`);
    snapshot = applied.snapshot;
  }
  const last = record.history[record.history.length - 1]!;
  if (record.state !== last.to)
    violations.push(`${id}: state ${record.state}, last entry went to ${last.to}`);
  const storedState = stateOf(restoreReturnSnapshot(stored));
  if (storedState !== record.state)
    violations.push(`${id}: snapshot in ${storedState}, record in ${record.state}`);
}

/** Each idempotency key and its stored status, read as the store reads a response. */
export async function readKeyAnswers(
  db: TestDatabase,
  schema: string,
): Promise<Array<{ key: string; status: number }>> {
  const n = sqlNames({ schema });
  const { rows } = await query<{ key: string; response: IdempotentResponse }>(
    db,
    `SELECT key, fingerprint, response FROM ${n.table("idempotency_keys")}`,
  );
  return rows.map((row) => ({ key: row.key, status: row.response.status }));
}
