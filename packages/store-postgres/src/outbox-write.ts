/**
 * @module outbox-write — a commit's outbox, last in its transaction: its changes' events, then
 * each request's own events (about its customer, not a return) and RMA number, in one
 * statement (`sql/insert-events`). A commit alone, a request's `commitMany` and a group all
 * end with it.
 *
 * Own events are written under the lock of each of their subjects (sorted), taken after every
 * other lock of the transaction and held until commit, so two commits about one customer draw
 * their positions in the order they become visible. Only requests take those locks, and after
 * them the transaction waits for nothing but another claim of the same RMA number.
 */
import {
  type OutboxEvent,
  type OutboxEventInput,
  type RmaClaim,
  subjectOf,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { deliveryIdPrefix } from "./ids";
import { insertEvents } from "./sql/insert-events";
import { jsonDocuments } from "./sql/json-documents";
import { lockKeys } from "./sql/lock-order";

/** A request's part of the outbox: its own events and its RMA number. */
interface RequestOutbox {
  events: readonly OutboxEventInput[];
  rma?: RmaClaim | undefined;
}

interface OutboxWritten {
  /** Each change's stored events. */
  events: OutboxEvent[][];
  /** Each request's own stored events. */
  appended: OutboxEvent[][];
  deliveries: number;
}

/**
 * Thrown inside the transaction to roll it back: another request holds the RMA number of
 * request `unit` (its index in what was written).
 */
export class RmaTaken {
  constructor(readonly unit: number) {}
}

/** Writes the events of `changes`, then each of `requests`' own events and RMA number. */
export async function writeOutbox(
  ctx: StoreContext,
  tx: SqlTransaction,
  changes: readonly { events: readonly OutboxEventInput[] }[],
  requests: readonly RequestOutbox[] = [],
): Promise<OutboxWritten> {
  const own = requests.flatMap((request) => request.events);
  const rmas = requests.flatMap(({ rma }) => (rma ? [rma] : []));
  const sent = [...changes.flatMap((change) => change.events), ...own];
  if (sent.length === 0 && rmas.length === 0)
    return { events: changes.map(() => []), appended: requests.map(() => []), deliveries: 0 };
  if (own.length > 0) await lockSubjects(ctx, tx, own);
  const subjects = sent.map(subjectOf);
  const payloads = sent.map((event) => JSON.stringify(event.payload));
  const createdMs = sent.map((event) => Date.parse(event.created_at));
  const rows = await tx.query<{
    id: string | null;
    position: number | string | null;
    deliveries: number;
    claimed?: string[];
  }>(insertEvents(ctx.names), [
    subjects.map((subject) => subject.id),
    sent.map((event) => event.id),
    sent.map((event) => event.seq),
    sent.map((event) => event.type),
    jsonDocuments(payloads),
    sent.map((event) => event.created_at),
    createdMs,
    createdMs.map((at) => deliveryIdPrefix(at)),
    ctx.notify?.channel ?? null,
    ctx.notify?.payload ?? null,
    sent.map((event) => event.request_id ?? null),
    sent.map((event) => event.traceparent ?? null),
    subjects.map((subject) => subject.kind),
    rmas.map((claim) => claim.rma),
    rmas.map((claim) => claim.request_id),
  ]);
  const claimed = new Set(rows[0]?.claimed ?? []);
  const taken = requests.findIndex(({ rma }) => rma && !claimed.has(rma.request_id));
  if (taken >= 0) throw new RmaTaken(taken);
  const positions = new Map(rows.map((row) => [row.id, Number(row.position)]));
  let next = 0;
  // The store's own copies, parsed from what was sent: the caller's objects stay theirs.
  const stored = (event: OutboxEventInput): OutboxEvent => {
    const i = next++;
    return {
      ...event,
      subject: subjects[i]!,
      request_id: event.request_id ?? null,
      traceparent: event.traceparent ?? null,
      payload: JSON.parse(payloads[i]!),
      position: positions.get(event.id)!,
    };
  };
  const events = changes.map((change) => change.events.map(stored));
  const appended = requests.map((request) => request.events.map(stored));
  return { events, appended, deliveries: rows[0]?.deliveries ?? 0 };
}

/** The locks of own events' subjects, sorted (see the module comment). */
async function lockSubjects(ctx: StoreContext, tx: SqlTransaction, own: OutboxEventInput[]) {
  const { schema, prefix } = ctx.names;
  // "#", not the "/" of the orders' locks: no subject's key is ever an order's. A kind has no
  // "/" in it, so the kind and the id never blur.
  const keys = new Set(
    own.map((event) => {
      const { kind, id } = subjectOf(event);
      return `${schema}.${prefix}#${kind}/${id}`;
    }),
  );
  await tx.query(lockKeys, [[...keys].sort()]);
}
