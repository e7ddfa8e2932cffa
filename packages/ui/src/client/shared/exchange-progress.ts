/**
 * @module client/shared/exchange-progress — where an exchange stands, in words: for the customer
 * ("Pay €7.00 by 5 Dec to get Wool jumper (Red / M).", "Your new Wool jumper (Red / M) ships with
 * order #5201"), for the back office ("Awaiting the customer's €7.00 until 5 Dec"), and the
 * moments it adds to a return's timeline (the payment, the release).
 */
import type { Return } from "../api-schemas";
import type { I18n } from "../i18n";
import { type CurrencyUnit, currencyUnit } from "../money";
import { exchangedFor } from "./product";

type Exchanged = Pick<Return, "exchange" | "order_line" | "resolution">;

/** A moment of a return that is no transition (a payment, a release), for its timeline. */
export interface TimelineMoment {
  key: string;
  at: string;
  text: string;
}

/** What an exchange's money is counted in: the order's currency. */
function unitOf(record: Exchanged): CurrencyUnit | null {
  return currencyUnit(record.order_line);
}

/** The sentence the customer reads under the exchange, or null when there is nothing to say. */
export function customerExchangeStatus(i18n: I18n, record: Exchanged): string | null {
  const { exchange } = record;
  const item = exchangedFor(exchange);
  const unit = unitOf(record);
  if (!exchange || !item || !unit) return null;
  const { difference, hold } = exchange;
  if (exchange.status === "awaiting_payment" && difference && exchange.payment_due_at) {
    return i18n.t("exchange.awaitingPayment", {
      amount: i18n.money(difference.amount, unit),
      date: i18n.dayMonth(exchange.payment_due_at),
      item,
    });
  }
  if (exchange.status === "fallen_back" && exchange.payment_due_at) {
    const key =
      record.resolution === "REFUND" ? "exchange.fellBackRefund" : "exchange.fellBackCredit";
    return i18n.t(key, { date: i18n.dayMonth(exchange.payment_due_at), item });
  }
  if (exchange.status === "released" && hold) {
    const words = { amount: i18n.money(hold.amount, unit), date: i18n.dayMonth(hold.due_at) };
    return i18n.t(`exchange.hold.${hold.status}`, words);
  }
  return null;
}

/** The back office's line on the exchange's progress, or null before anything happened. */
export function staffExchangeStatus(i18n: I18n, record: Exchanged): string | null {
  const { exchange } = record;
  const unit = unitOf(record);
  if (!exchange || !unit) return null;
  const facts: string[] = [];
  const { difference, payment, hold } = exchange;
  if (exchange.status === "awaiting_payment" && difference && exchange.payment_due_at) {
    facts.push(
      i18n.t("staff.exchange.awaitingPayment", {
        amount: i18n.money(difference.amount, unit),
        date: i18n.dayMonth(exchange.payment_due_at),
      }),
    );
  }
  if (exchange.status === "fallen_back" && exchange.payment_due_at) {
    facts.push(i18n.t("staff.exchange.fellBack", { date: i18n.dayMonth(exchange.payment_due_at) }));
  }
  if (payment) {
    const amount = i18n.money(payment.amount, unit);
    facts.push(i18n.t("staff.exchange.paid", { amount, reference: payment.reference }));
  }
  if (exchange.released_at) {
    facts.push(i18n.t("staff.exchange.released", { date: i18n.dayMonth(exchange.released_at) }));
  }
  if (exchange.order_id) facts.push(i18n.t("staff.exchange.order", { order: exchange.order_id }));
  if (hold) {
    const words = { amount: i18n.money(hold.amount, unit), date: i18n.dayMonth(hold.due_at) };
    facts.push(i18n.t(`staff.exchange.hold.${hold.status}`, words));
  }
  return facts.length ? facts.join(" · ") : null;
}

/** The exchange's moments for the timeline: the payment, and the release (with its order). */
export function exchangeMoments(i18n: I18n, record: Exchanged): TimelineMoment[] {
  const { exchange } = record;
  const item = exchangedFor(exchange);
  const unit = unitOf(record);
  if (!exchange || !item) return [];
  const moments: TimelineMoment[] = [];
  if (exchange.payment && unit) {
    const amount = i18n.money(exchange.payment.amount, unit);
    moments.push({
      key: `payment-${exchange.payment.reference}`,
      at: exchange.payment.recorded_at,
      text: i18n.t("exchange.paid", { amount }),
    });
  }
  if (exchange.released_at) {
    moments.push({
      key: "exchange-released",
      at: exchange.released_at,
      text: exchange.order_id
        ? i18n.t("exchange.shipsWithOrder", { item, order: exchange.order_id })
        : i18n.t("exchange.released", { item }),
    });
  }
  return moments;
}
