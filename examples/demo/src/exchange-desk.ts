/**
 * The shop's own exchange code in the demo, run by its subscriber through the outbox: at
 * `return.approved` it charges the customer an exchange's difference (a payment link, say) and
 * records the payment; at `return.exchange_released` it creates the order that sends the new
 * item and records it back, placing the instant exchange's hold on the customer's card; at
 * `return.exchange_hold_released` it releases that hold. Each step is keyed by event id, and the
 * service records a payment or an order once, so a redelivered event does nothing twice.
 */
import { type Principal, type ReturnsService, toDecimalAmount } from "@returnkit/core";

// biome-ignore lint/suspicious/noExplicitAny: the demo reads event bodies loosely, like a script would
type Json = Record<string, any>;

/** What the desk did for an event: its words, and whether it issued the exchange (the order). */
interface DeskAction {
  text: string;
  issued: boolean;
}

const EXCHANGE_EVENTS = [
  "return.approved",
  "return.exchange_released",
  "return.exchange_hold_released",
  "return.exchange_hold_due",
] as const;

/** The event types the desk acts on. */
export const EXCHANGE_DESK_TYPES: readonly string[] = EXCHANGE_EVENTS;

const money = (amount: number, currency: string) =>
  `${toDecimalAmount(amount, currency)} ${currency}`;

/** Acts on one event about a return's exchange; null when there is nothing to do. */
export async function exchangeDesk(
  service: ReturnsService,
  principal: Principal,
  event: { id: string; type: string; payload: { data: Json } },
): Promise<DeskAction | null> {
  const { data } = event.payload;
  const record = data.return as Json;
  const exchange = record.exchange as Json | null;
  const currency = record.order_line?.currency ?? "EUR";
  if (!exchange) return null;
  const ctx = (what: string) => ({ principal, idempotencyKey: `${what}-${event.id}` });
  switch (event.type) {
    case "return.approved": {
      if (exchange.status !== "awaiting_payment") return null;
      const { amount } = exchange.difference;
      const reference = `pay_demo_x_${record.id}`;
      await service.recordExchangePayment(record.id, { amount, reference }, ctx("payment"));
      return { text: `charged ${money(amount, currency)} for the exchange`, issued: false };
    }
    case "return.exchange_released": {
      const order = `#X${record.id.slice(-6)}`;
      await service.recordExchangeOrder(record.id, { order_id: order }, ctx("order"));
      const hold = data.hold as Json | null;
      const held = hold
        ? `, ${money(hold.amount, currency)} held until ${hold.due_at.slice(0, 10)}`
        : "";
      return { text: `exchange order ${order} created${held}`, issued: true };
    }
    case "return.exchange_hold_released":
      return { text: `hold of ${money(data.hold.amount, currency)} released`, issued: false };
    case "return.exchange_hold_due":
      return { text: `hold of ${money(data.hold.amount, currency)} captured`, issued: false };
    default:
      return null;
  }
}
