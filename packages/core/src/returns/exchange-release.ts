/**
 * @module returns/exchange-release — when an exchange's new items may go out, and what the
 * customer's payment, the payment's deadline and an instant exchange's hold change. Pure: the
 * write path runs `exchangeAfterTransition` on every transition it computes (one return or a
 * whole request), the merchant actions and the timer handlers run the others; each answers the
 * record, the events and the timers to commit together, in the one version-checked commit.
 *
 * - `pending` until approval. At approval a `customer_pays` difference not paid yet is awaited
 *   (`awaiting_payment`, timer `exchange_payment_due`); else an instant exchange is released.
 * - A standard exchange is released at receipt when nothing is owed or it is paid; paid after
 *   receipt, at the payment. An instant one at approval, or at the payment when one is owed.
 * - Released only from `pending` or `awaiting_payment`: a version is released at most once.
 * - Rejected or cancelled before release: `withdrawn`, never released. Rejected or cancelled
 *   after an instant release: its hold falls due at once.
 * - An instant release holds the price paid for the returned units until `holdDays` later
 *   (timer `exchange_hold_due`): due then if the return has not shipped, released at receipt.
 * - A payment window that lapses turns the return into the shop's `whenUnpaid` resolution.
 */

import type { ExchangeStatus } from "../domain/exchange-status";
import type { ReturnEvent, ReturnState } from "../domain/machine";
import type { Actor } from "../domain/principal";
import { problems } from "../domain/problems";
import type { RefundPolicy } from "../domain/refunds";
import type {
  Exchange,
  RecordExchangeOrderInput,
  RecordExchangePaymentInput,
  ReturnData,
} from "../domain/schemas";
import type { TimerChanges, TimerDue } from "../store/types";
import type { RecordedEvent } from "./events";
import type { ExchangeReleaseSettings } from "./orders/types";
import { refundOf } from "./refund";

/** The timer that ends the wait for the customer's payment of a difference. */
export const PAYMENT_DUE_TIMER = "exchange_payment_due";
/** The timer at which an instant exchange's hold falls due unless the return has shipped. */
export const HOLD_DUE_TIMER = "exchange_hold_due";

const DAY_MS = 86_400_000;

/** The release settings of a shop without the `exchanges` option (like-for-like exchanges). */
export const STANDARD_RELEASE: ExchangeReleaseSettings = {
  instant: null,
  paymentDays: 7,
  whenUnpaid: "store_credit",
};

/** What an exchange starts with: nothing paid, released, ordered or held. */
export function unreleased(mode: Exchange["mode"]): Pick<Exchange, ReleaseFields> {
  return {
    mode,
    status: "pending",
    payment: null,
    payment_due_at: null,
    released_at: null,
    order_id: null,
    hold: null,
  };
}

type ReleaseFields =
  | "mode"
  | "status"
  | "payment"
  | "payment_due_at"
  | "released_at"
  | "order_id"
  | "hold";

/** What one step changes: the return as it leaves it, its events and its timers. */
interface ExchangeStep {
  record: ReturnData;
  events: RecordedEvent[];
  timers: Omit<TimerChanges, "fire">;
}

/** States from which an instant exchange may be released (the return approved and not refused). */
const APPROVED_ON: readonly ReturnState[] = [
  "approved",
  "in_transit",
  "received",
  "graded",
  "closed",
];
/** States from which a standard exchange may be released: the return is back. */
const RECEIVED_ON: readonly ReturnState[] = ["received", "graded", "closed"];
/** Statuses from which an exchange can still be released (or paid). */
const OPEN: readonly ExchangeStatus[] = ["pending", "awaiting_payment"];

/**
 * What the events a transition applied (`events`, in order: a submit with its auto-approval
 * is two) change of `record`'s exchange, `record` being the transition's next version at `at`.
 */
export function exchangeAfterTransition(
  record: ReturnData,
  events: readonly ReturnEvent[],
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep {
  let result: ExchangeStep = { record, events: [], timers: {} };
  for (const event of events) {
    const next = afterEvent(result.record, event, at, settings);
    if (next) result = joined(result, next);
  }
  return result;
}

function afterEvent(
  record: ReturnData,
  event: ReturnEvent,
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep | null {
  const exchange = record.resolution === "EXCHANGE" ? record.exchange : null;
  if (!exchange) return null;
  switch (event) {
    case "approve":
      return atApproval(record, exchange, at, settings);
    case "receive":
      return atReceipt(record, exchange, at, settings);
    case "reject":
    case "cancel":
      return atRefusal(record, exchange);
    default:
      return null;
  }
}

function atApproval(
  record: ReturnData,
  exchange: Exchange,
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep | null {
  if (exchange.status !== "pending") return null;
  if (owes(exchange) && !exchange.payment) {
    const due: TimerDue = {
      name: PAYMENT_DUE_TIMER,
      due_at: Date.parse(at) + settings.paymentDays * DAY_MS,
    };
    const awaiting: Exchange = {
      ...exchange,
      status: "awaiting_payment",
      payment_due_at: new Date(due.due_at).toISOString(),
    };
    return { record: { ...record, exchange: awaiting }, events: [], timers: { set: [due] } };
  }
  if (exchange.mode === "instant") return released(record, exchange, at, settings);
  return null;
}

function atReceipt(
  record: ReturnData,
  exchange: Exchange,
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep | null {
  if (exchange.status === "pending") return released(record, exchange, at, settings);
  const { hold } = exchange;
  if (exchange.status !== "released" || hold?.status !== "held") return null;
  const freed = { ...hold, status: "released" as const };
  return {
    record: { ...record, exchange: { ...exchange, hold: freed } },
    events: [{ type: "return.exchange_hold_released", data: { hold: freed } }],
    timers: { clear: [HOLD_DUE_TIMER] },
  };
}

function atRefusal(record: ReturnData, exchange: Exchange): ExchangeStep | null {
  if (OPEN.includes(exchange.status)) {
    const withdrawn: Exchange = { ...exchange, status: "withdrawn", payment_due_at: null };
    return {
      record: { ...record, exchange: withdrawn },
      events: [],
      timers: { clear: [PAYMENT_DUE_TIMER] },
    };
  }
  const { hold } = exchange;
  if (exchange.status !== "released" || hold?.status !== "held") return null;
  return holdDue(record, exchange, { clear: [HOLD_DUE_TIMER] });
}

/** The hold of `exchange` due now, published. */
function holdDue(
  record: ReturnData,
  exchange: Exchange,
  timers: Omit<TimerChanges, "fire">,
): ExchangeStep {
  const hold = exchange.hold && { ...exchange.hold, status: "due" as const };
  return {
    record: { ...record, exchange: { ...exchange, hold } },
    events: [{ type: "return.exchange_hold_due", data: { hold } }],
    timers,
  };
}

/**
 * The exchange released at `at`, with its `return.exchange_released`: an instant one of a
 * return not shipped yet with a hold of the price paid for the returned units.
 */
function released(
  record: ReturnData,
  exchange: Exchange,
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep {
  const holds = exchange.mode === "instant" && stateOf(record) === "approved";
  const hold = holds && settings.instant ? holdOf(record, at, settings.instant.holdDays) : null;
  const next: Exchange = {
    ...exchange,
    status: "released",
    released_at: at,
    payment_due_at: null,
    hold,
  };
  const data = { lines: next.lines, difference: next.difference, hold };
  return {
    record: { ...record, exchange: next },
    events: [{ type: "return.exchange_released", data }],
    timers: hold ? { set: [{ name: HOLD_DUE_TIMER, due_at: Date.parse(hold.due_at) }] } : {},
  };
}

/** The price paid for the returned units, held until `holdDays` after `at`; null unpriced. */
function holdOf(record: ReturnData, at: string, holdDays: number): Exchange["hold"] {
  const price = record.order_line?.unit_price ?? null;
  const currency = record.order_line?.currency ?? null;
  if (price === null || currency === null) return null;
  const due_at = new Date(Date.parse(at) + holdDays * DAY_MS).toISOString();
  return { amount: price * record.line.quantity, currency, due_at, status: "held" };
}

/** The state that counts for a release: a flagged return's state before the flag. */
function stateOf(record: Pick<ReturnData, "state" | "flagged_from">): ReturnState {
  return record.state === "flagged" && record.flagged_from ? record.flagged_from : record.state;
}

/** Whether the customer owes a difference. */
function owes(exchange: Exchange): boolean {
  return exchange.difference?.direction === "customer_pays" && exchange.difference.amount > 0;
}

/** `first` then `second`: the record of the second, the events of both, the timers merged. */
function joined(first: ExchangeStep, second: ExchangeStep): ExchangeStep {
  const set = [...(first.timers.set ?? []), ...(second.timers.set ?? [])];
  const clear = [...(first.timers.clear ?? []), ...(second.timers.clear ?? [])];
  // A name set and cleared in one commit: the later step decides (the store clears first).
  const kept = set.filter((timer) => !second.timers.clear?.includes(timer.name));
  const cleared = clear.filter((name) => !kept.some((timer) => timer.name === name));
  return {
    record: second.record,
    events: [...first.events, ...second.events],
    timers: {
      ...(kept.length ? { set: kept } : {}),
      ...(cleared.length ? { clear: cleared } : {}),
    },
  };
}

/** Whether the customer's payment of `record`'s difference may be recorded now. */
export function paymentExpected(record: ReturnData): boolean {
  const { exchange } = record;
  return (
    record.resolution === "EXCHANGE" &&
    record.state !== "draft" &&
    !!exchange &&
    !exchange.payment &&
    OPEN.includes(exchange.status) &&
    owes(exchange)
  );
}

/** Whether the host's exchange order may be recorded now (none recorded yet). */
export function exchangeOrderExpected(record: ReturnData): boolean {
  return record.exchange?.status === "released" && record.exchange.order_id === null;
}

/**
 * `current` with the customer's payment `input` recorded at `at` by `actor`, its
 * `return.exchange_paid` and, when the exchange can go out now, its release; null when the same
 * reference is recorded already with the same amount; else the problem.
 */
export function recordPayment(
  current: ReturnData,
  input: RecordExchangePaymentInput,
  actor: Actor,
  at: string,
  settings: ExchangeReleaseSettings,
): ExchangeStep | null {
  const exchange = current.exchange;
  if (!exchange) throw problems.exchangePaymentNotExpected(current.id, "no-exchange");
  const recorded = exchange.payment;
  if (recorded) {
    if (recorded.reference === input.reference && recorded.amount === input.amount) return null;
    throw problems.exchangePaymentConflict(current.id, recorded);
  }
  if (current.resolution !== "EXCHANGE" || !OPEN.includes(exchange.status)) {
    throw problems.exchangePaymentNotExpected(current.id, exchange.status);
  }
  // A draft's exchange is chosen again on update: the payment would go with it.
  if (current.state === "draft") throw problems.exchangePaymentNotExpected(current.id, "draft");
  const difference = exchange.difference;
  const currency = current.order_line?.currency ?? null;
  if (!difference || !owes(exchange) || currency === null) {
    throw problems.exchangePaymentNotExpected(current.id, "nothing-owed");
  }
  if (input.currency !== undefined && input.currency !== currency) {
    throw problems.exchangePaymentMismatch(current.id, input, difference.amount, currency);
  }
  if (input.amount !== difference.amount) {
    throw problems.exchangePaymentMismatch(current.id, input, difference.amount, currency);
  }
  const payment = {
    amount: input.amount,
    currency,
    reference: input.reference,
    paid_at: input.paid_at === undefined ? at : new Date(input.paid_at).toISOString(),
    recorded_at: at,
    actor,
  };
  const paid: Exchange = { ...exchange, status: "pending", payment, payment_due_at: null };
  const record = { ...current, exchange: paid };
  const step: ExchangeStep = {
    record,
    events: [{ type: "return.exchange_paid", data: { payment } }],
    timers: { clear: [PAYMENT_DUE_TIMER] },
  };
  const releasedOn = paid.mode === "instant" ? APPROVED_ON : RECEIVED_ON;
  if (!releasedOn.includes(stateOf(current))) return step;
  return joined(step, released(record, paid, at, settings));
}

/**
 * `current` with the host's exchange order `input` recorded, and its
 * `return.exchange_order_recorded`; null when that order is recorded already; else the problem.
 */
export function recordOrder(
  current: ReturnData,
  input: RecordExchangeOrderInput,
): ExchangeStep | null {
  const exchange = current.exchange;
  if (exchange?.status !== "released") {
    throw problems.exchangeNotReleased(current.id, exchange?.status ?? null);
  }
  if (exchange.order_id === input.order_id) return null;
  if (exchange.order_id !== null) {
    throw problems.exchangeOrderConflict(current.id, exchange.order_id, input.order_id);
  }
  return {
    record: { ...current, exchange: { ...exchange, order_id: input.order_id } },
    events: [{ type: "return.exchange_order_recorded", data: { order_id: input.order_id } }],
    timers: {},
  };
}

/**
 * Firing `exchange_payment_due`: an exchange still awaiting its payment falls back to the
 * shop's `whenUnpaid` resolution, its refund worked out as for that resolution; null when the
 * payment came (or the return was withdrawn) meanwhile.
 */
export function paymentLapsed(
  current: ReturnData,
  settings: ExchangeReleaseSettings,
  policy: RefundPolicy,
): ExchangeStep | null {
  const exchange = current.exchange;
  if (current.resolution !== "EXCHANGE" || exchange?.status !== "awaiting_payment") return null;
  const resolution = settings.whenUnpaid === "refund" ? "REFUND" : "STORE_CREDIT";
  const fallen: ReturnData = {
    ...current,
    resolution,
    exchange: { ...exchange, status: "fallen_back" },
  };
  return {
    record: { ...fallen, refund: refundOf(fallen, policy) },
    events: [{ type: "return.exchange_fallen_back", data: { resolution } }],
    timers: {},
  };
}

/**
 * Firing `exchange_hold_due`: the hold falls due when the return has still not shipped
 * (approved, or flagged while approved); null otherwise (nothing to do).
 */
export function holdDeadlinePassed(current: ReturnData): ExchangeStep | null {
  const exchange = current.exchange;
  if (exchange?.status !== "released" || exchange.hold?.status !== "held") return null;
  if (stateOf(current) !== "approved") return null;
  return holdDue(current, exchange, {});
}
