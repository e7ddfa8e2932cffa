/**
 * @module returns/events — what a committed transition publishes: its webhook event and,
 * for fit reasons, its fit signal.
 *
 * Built by the service inside the commit that changes the return, so an event exists if and
 * only if its transition does.
 */
import { newEventId, newPrefixedId } from "../domain/ids";
import type { ReturnState } from "../domain/machine";
import type { ReasonCatalogue } from "../domain/reasons";
import type { GRADE_CONDITIONS, HistoryEntry, ReturnData } from "../domain/schemas";
import type { OutboxEventInput, WebhookEventType } from "../store/types";

/** The transition as webhooks carry it: the history entry without its note. */
export type WebhookTransition = Pick<
  HistoryEntry,
  "seq" | "event" | "from" | "to" | "at" | "actor"
>;

/** States whose arrival tells sizing analytics something. */
const FIT_SIGNAL_STAGES = [
  "received",
  "graded",
  "closed",
] as const satisfies readonly ReturnState[];
export type FitSignalStage = (typeof FIT_SIGNAL_STAGES)[number];

export interface FitSignal {
  id: string;
  return_id: string;
  order_id: string;
  sku: string;
  size_ordered: string | null;
  /** The sku asked for in exchange (another size or variant), or null for no exchange. */
  exchange_sku: string | null;
  quantity: number;
  reason: string;
  direction: string;
  body_part: string | null;
  /** The state just reached; a later stage supersedes an earlier one for the same return. */
  stage: FitSignalStage;
  /** True once the item was inspected (graded, closed). */
  confirmed: boolean;
  condition: (typeof GRADE_CONDITIONS)[number] | null;
  at: string;
}

/** The webhook type a history entry publishes, or null (a draft update changes no state). */
export function webhookTypeFor(entry: Pick<HistoryEntry, "event" | "to">): WebhookEventType | null {
  switch (entry.event) {
    case "create":
      return "return.created";
    case "update":
      return null;
    case "unflag":
      return "return.unflagged";
    default:
      return typeOfArrival(entry.to);
  }
}

/** One string per type, not a new one per event that a store then holds. */
const arrivalTypes = new Map<ReturnState, WebhookEventType>();
function typeOfArrival(state: ReturnState): WebhookEventType {
  let type = arrivalTypes.get(state);
  if (!type) {
    type = `return.${state}` as WebhookEventType;
    arrivalTypes.set(state, type);
  }
  return type;
}

/**
 * The fit signal a transition yields: only for fit reasons, only when it moves the return
 * forward into a fit stage (an unflag back into `received` is not new information).
 */
export function deriveFitSignal(
  record: ReturnData,
  entry: WebhookTransition,
  catalogue: ReasonCatalogue,
): FitSignal | null {
  if (entry.event === "unflag") return null;
  const stage = FIT_SIGNAL_STAGES.find((s) => s === entry.to);
  if (!stage) return null;
  const reason = catalogue.parse(record.reason);
  if (reason?.kind !== "fit") return null;
  return {
    id: newPrefixedId("fit"),
    return_id: record.id,
    order_id: record.order_id,
    sku: record.line.sku,
    size_ordered: record.line.size,
    exchange_sku: record.exchange?.lines[0]?.sku ?? null,
    quantity: record.line.quantity,
    reason: record.reason,
    direction: reason.direction,
    body_part: reason.body_part,
    stage,
    confirmed: stage !== "received",
    condition: record.grade?.condition ?? null,
    at: entry.at,
  };
}

/** Where an event came from: the request and trace of the commit that writes it. */
export type EventOriginFields = Pick<OutboxEventInput, "request_id" | "traceparent">;

export interface PublishedTransition {
  events: OutboxEventInput[];
  fitSignals: FitSignal[];
}

/**
 * Outbox events for the history entries a commit appends, in order. `record` is the return
 * as committed (every event carries the final state of this commit); `origin`, when given,
 * is on every event.
 */
export function publishTransitions(
  record: ReturnData,
  entries: readonly HistoryEntry[],
  catalogue: ReasonCatalogue,
  origin?: EventOriginFields,
): PublishedTransition {
  const events: OutboxEventInput[] = [];
  const fitSignals: FitSignal[] = [];
  for (const entry of entries) {
    const transition = transitionOf(entry);
    const type = webhookTypeFor(entry);
    if (type) {
      events.push(outboxEvent(record, transition, type, { return: record, transition }, origin));
    }
    const signal = deriveFitSignal(record, transition, catalogue);
    if (signal) {
      fitSignals.push(signal);
      events.push(
        outboxEvent(
          record,
          transition,
          "return.fit_signal",
          { signal, return: record, transition },
          origin,
        ),
      );
    }
  }
  return { events, fitSignals };
}

/**
 * An event that records no lifecycle transition (a payout recorded, a label created, a
 * customer erased): its type and what its payload's `data` holds besides the subject.
 */
export interface RecordedEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Outbox events about the return `record` that record no transition (`seq` null), in order:
 * each carries the return as committed (`data.return`) beside its own data, at the version's
 * `updated_at`. They go in the commit of that version, so they take their place among the
 * return's events: after every earlier one, before every later one.
 */
export function publishRecorded(
  record: ReturnData,
  recorded: readonly RecordedEvent[],
  origin?: EventOriginFields,
): OutboxEventInput[] {
  return recorded.map(({ type, data }) => {
    const at = record.updated_at;
    const payload = { type, timestamp: at, data: { ...data, return: record } };
    return {
      id: newEventId(),
      return_id: record.id,
      seq: null,
      type,
      payload,
      created_at: at,
      ...origin,
    };
  });
}

/**
 * Outbox events about the customer `customerId` (no return), created at `at`: each payload's
 * `data` holds `customer_id` beside the event's own data. Committed on their own
 * (`store.commitMany` with no change), ordered with the customer's other events only.
 */
export function publishAboutCustomer(
  customerId: string,
  recorded: readonly RecordedEvent[],
  at: string,
  origin?: EventOriginFields,
): OutboxEventInput[] {
  return recorded.map(({ type, data }) => ({
    id: newEventId(),
    return_id: null,
    subject: { kind: "customer", id: customerId },
    seq: null,
    type,
    payload: { type, timestamp: at, data: { ...data, customer_id: customerId } },
    created_at: at,
    ...origin,
  }));
}

/**
 * The entry itself when it holds nothing beyond the transition (no note, no reason code), so
 * a store keeping both keeps one object; otherwise a copy without them.
 */
function transitionOf(entry: HistoryEntry): WebhookTransition {
  if (entry.note === undefined && entry.reason_code === undefined) return entry;
  const { seq, event, from, to, at, actor } = entry;
  return { seq, event, from, to, at, actor };
}

function outboxEvent(
  record: ReturnData,
  transition: WebhookTransition,
  type: WebhookEventType,
  data: Record<string, unknown>,
  origin: EventOriginFields | undefined,
): OutboxEventInput {
  const event: OutboxEventInput = {
    id: newEventId(),
    return_id: record.id,
    seq: transition.seq,
    type,
    payload: { type, timestamp: transition.at, data },
    created_at: transition.at,
  };
  if (origin) {
    event.request_id = origin.request_id;
    event.traceparent = origin.traceparent;
  }
  return event;
}
