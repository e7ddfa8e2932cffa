/**
 * @module returns/orders/line-status — what one order line allows now: its return window, the units
 * other returns hold, and the first rule a return of it would break. The checks and the
 * returnable view both read it, so they cannot disagree.
 */
import { currencyExponentOrNull } from "../../domain/refunds";
import { LINE_REFUSALS, type ReturnOrderLine } from "../../domain/schemas";
import type { Order, OrderLine } from "./order-schema";

const DAY_MS = 86_400_000;

/** Units in active returns per line of an order, as `store.returnedQuantities` answers. */
export type ReturnedQuantities = ReadonlyArray<{
  sku: string;
  size: string | null;
  quantity: number;
}>;

interface LineStatus {
  purchased: number;
  /** Units in the order's active returns of this line (the return being checked excluded). */
  in_returns: number;
  returnable_quantity: number;
  returnable_until: string;
  final_sale: boolean;
  /** The problem type a return of one unit would get now, in the order of the checks. */
  refusal: (typeof LINE_REFUSALS)[number] | null;
}

/** The line's own `returnable_until`, else `windowDays` after delivery (or placing, when not delivered). */
export function returnableUntil(order: Order, line: OrderLine, windowDays: number): string {
  if (line.returnable_until) return line.returnable_until;
  const from = Date.parse(order.delivered_at ?? order.placed_at);
  return new Date(from + windowDays * DAY_MS).toISOString();
}

/** Units of `line` in `returned`, less `own` (the units the return being checked holds now). */
export function unitsInReturns(returned: ReturnedQuantities, line: OrderLine, own = 0): number {
  const found = returned.find((entry) => entry.sku === line.sku && entry.size === line.size);
  return Math.max(0, (found?.quantity ?? 0) - own);
}

export function lineStatus(
  order: Order,
  line: OrderLine,
  inReturns: number,
  settings: { now: number; windowDays: number },
): LineStatus {
  const until = returnableUntil(order, line, settings.windowDays);
  const returnable_quantity = Math.max(0, line.quantity - inReturns);
  const [exhausted, windowClosed, finalSale] = LINE_REFUSALS;
  const refusal =
    returnable_quantity === 0
      ? exhausted
      : settings.now > Date.parse(until)
        ? windowClosed
        : line.final_sale
          ? finalSale
          : null;
  return {
    purchased: line.quantity,
    in_returns: inReturns,
    returnable_quantity,
    returnable_until: until,
    final_sale: line.final_sale,
    refusal,
  };
}

/** The order line a return records: what it was checked against, window included. */
export function orderLineRecord(order: Order, line: OrderLine, until: string): ReturnOrderLine {
  return {
    order_number: order.number,
    product: line.product,
    customer: order.customer && { name: order.customer.name, email: order.customer.email },
    purchased: line.quantity,
    unit_price: line.unit_price,
    currency: order.currency,
    currency_exponent: currencyExponentOrNull(order.currency),
    placed_at: order.placed_at,
    delivered_at: order.delivered_at,
    returnable_until: until,
    shipping_address: order.shipping_address,
  };
}
