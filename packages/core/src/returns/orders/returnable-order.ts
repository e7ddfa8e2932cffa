/**
 * @module returns/orders/returnable-order — what one of the caller's orders can return now, line by
 * line: the same status the checks read, with the resolutions and exchange offers on offer.
 */
import type { Principal } from "../../domain/principal";
import { lineReasons } from "../../domain/reason-narrowing";
import { currencyExponentOrNull } from "../../domain/refunds";
import { type ExchangeOfferData, RESOLUTIONS, type ReturnableOrder } from "../../domain/schemas";
import { refundEstimates } from "../refund";
import { askLineReasons, askOffers, loadOrder } from "./host-answers";
import { lineStatus, unitsInReturns } from "./line-status";
import type { OrderRulesContext } from "./types";

export async function returnableOrder(
  context: OrderRulesContext,
  orderId: string,
  principal: Principal,
): Promise<ReturnableOrder> {
  const { orders, exchanges } = context;
  const order = await loadOrder(orders.source, orderId, principal);
  const returned = await context.store.returnedQuantities(order.id);
  const offers: (ExchangeOfferData[] | null)[] = [];
  for (const line of order.lines) {
    offers.push(exchanges ? await askOffers(exchanges, line, order) : null);
  }
  const reasons = await Promise.all(
    order.lines.map((line) => askLineReasons(orders.reasons, context.catalogue, order, line)),
  );
  const settings = { now: context.now(), windowDays: orders.returnWindowDays };
  return {
    object: "returnable_order",
    order_id: order.id,
    order_number: order.number,
    currency: order.currency,
    currency_exponent: currencyExponentOrNull(order.currency),
    placed_at: order.placed_at,
    delivered_at: order.delivered_at,
    lines: order.lines.map((line, index) => {
      const status = lineStatus(order, line, unitsInReturns(returned, line), settings);
      const lineOffers = offers[index] ?? null;
      // An exchange needs an item to go to: none when no offer is available now.
      const exchangeable = lineOffers === null || lineOffers.some((offer) => offer.available);
      const resolutions = status.refusal
        ? []
        : RESOLUTIONS.filter((r) => r !== "EXCHANGE" || exchangeable);
      return {
        sku: line.sku,
        size: line.size,
        product: line.product,
        ...status,
        unit_price: line.unit_price,
        resolutions,
        exchange_offers: lineOffers,
        reasons: lineReasons(context.catalogue, reasons[index] ?? null),
        refund_estimates: refundEstimates(
          {
            unit_price: line.unit_price,
            returnable_quantity: status.returnable_quantity,
            resolutions,
          },
          order.currency,
          context.refundPolicy,
        ),
      };
    }),
  };
}
