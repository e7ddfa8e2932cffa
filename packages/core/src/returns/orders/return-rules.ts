/**
 * @module returns/orders/return-rules — a return checked against the shop's order, in the order the
 * API documents: the order is the caller's (404), the line is on it (400), the quantity is
 * still returnable (422), the window is open (422), it was not final sale (422), the host's
 * own rule agrees (422), and the exchange size is on offer (400).
 *
 * The quantity read here only gives a friendly answer early; the store checks the same limit
 * again inside the commit (`lineAllowance`), so two requests racing for the last unit can
 * never both get it.
 */
import type { Principal } from "../../domain/principal";
import { problems } from "../../domain/problems";
import type { RefundPolicy } from "../../domain/refunds";
import type { ReturnableOrder, ReturnData, ReturnOrderLine } from "../../domain/schemas";
import type { LineAllowance, ReturnsStore } from "../../store/types";
import { askEligible, askExchangeSizes, loadOrder } from "./host-answers";
import {
  lineStatus,
  orderLineRecord,
  type ReturnedQuantities,
  returnableUntil,
  unitsInReturns,
} from "./line-status";
import { findOrderLine, type Order } from "./order-schema";
import { returnableOrder } from "./returnable-order";
import type { ExchangeSizes, OrderRulesContext, OrderSettings, ReturnRequest } from "./types";

interface ReturnRulesSetup {
  /** The shop's refund policy, for the returnable view's estimates. */
  refundPolicy: RefundPolicy;
  /** The order rules' settings; null when the host gave no `orders`. */
  orders: OrderSettings | null;
  exchangeSizes: ExchangeSizes | null;
  store: Pick<ReturnsStore, "returnedQuantities">;
  now: () => number;
}

/** What a checked write records and commits with; empty when there is no order to check. */
export interface CheckedReturn {
  /** The order line the return was checked against, for its `order_line`. */
  orderLine?: ReturnOrderLine;
  /** What the commit may take of the line (the store's binding check). */
  allowance?: LineAllowance;
}

export interface ReturnRules {
  /** A create (`current` null) or an update of the draft `current`: every rule. */
  checkRequest(
    request: ReturnRequest,
    principal: Principal,
    current: ReturnData | null,
  ): Promise<CheckedReturn>;
  /** A submit: the window and final sale again, since a draft can outlive its window. */
  checkSubmit(record: ReturnData, principal: Principal): Promise<CheckedReturn>;
  /** What `orderId` can return now, line by line; a 404 without `orders`. */
  returnable(orderId: string, principal: Principal): Promise<ReturnableOrder>;
}

/** The request a record stands for, as `eligible` sees it. */
export function requestOf(record: Omit<ReturnData, "history">): ReturnRequest {
  return {
    order_id: record.order_id,
    line: { ...record.line },
    reason: record.reason,
    resolution: record.resolution,
    exchange_size: record.exchange_size,
  };
}

export function createReturnRules(setup: ReturnRulesSetup): ReturnRules {
  const { orders, exchangeSizes } = setup;
  const context = orders ? { ...setup, orders } : null;
  return {
    async checkRequest(request, principal, current) {
      if (context) return checkOrder(context, request, principal, current);
      await checkExchangeSize(exchangeSizes, request);
      return {};
    },
    checkSubmit: (record, principal) =>
      context ? checkSubmit(context, record, principal) : Promise.resolve({}),
    returnable: (orderId, principal) =>
      context
        ? returnableOrder(context, orderId, principal)
        : Promise.reject(problems.ordersNotConfigured()),
  };
}

async function checkExchangeSize(
  exchangeSizes: ExchangeSizes | null,
  request: ReturnRequest,
): Promise<void> {
  if (!exchangeSizes || request.resolution !== "EXCHANGE" || request.exchange_size === null) return;
  const sizes = await askExchangeSizes(exchangeSizes, request.line.sku);
  if (sizes !== null && !sizes.includes(request.exchange_size)) {
    throw problems.exchangeSizeNotOffered(request.line.sku, request.exchange_size, sizes);
  }
}

/** A 400 for a line the order does not have, listing those a new return could name now. */
async function lineNotOnOrder(
  context: OrderRulesContext,
  order: Order,
  line: { sku: string; size: string | null },
  known?: ReturnedQuantities,
) {
  const returned = known ?? (await context.store.returnedQuantities(order.id));
  const settings = { now: context.now(), windowDays: context.orders.returnWindowDays };
  const lines = order.lines.flatMap((candidate) => {
    const status = lineStatus(order, candidate, unitsInReturns(returned, candidate), settings);
    return status.refusal
      ? []
      : [
          {
            sku: candidate.sku,
            size: candidate.size,
            returnable_quantity: status.returnable_quantity,
          },
        ];
  });
  return problems.lineNotOnOrder(order.id, line, lines);
}

async function checkOrder(
  context: OrderRulesContext,
  request: ReturnRequest,
  principal: Principal,
  current: ReturnData | null,
): Promise<CheckedReturn> {
  const { orders } = context;
  const order = await loadOrder(orders.source, request.order_id, principal);
  const returned = await context.store.returnedQuantities(order.id);
  const line = findOrderLine(order, request.line);
  if (!line) throw await lineNotOnOrder(context, order, request.line, returned);
  // The draft being updated is one of the active returns: its own units do not count.
  const inReturns = unitsInReturns(returned, line, current?.line.quantity ?? 0);
  const at = context.now();
  const status = lineStatus(order, line, inReturns, {
    now: at,
    windowDays: orders.returnWindowDays,
  });
  if (request.line.quantity > status.returnable_quantity) {
    throw problems.quantityExceedsReturnable({
      order_id: order.id,
      sku: line.sku,
      size: line.size,
      quantity: request.line.quantity,
      purchased: status.purchased,
      in_returns: status.in_returns,
      returnable_quantity: status.returnable_quantity,
    });
  }
  if (at > Date.parse(status.returnable_until)) {
    throw problems.returnWindowClosed(order.id, line, status.returnable_until);
  }
  if (line.final_sale) throw problems.notReturnable(order.id, line);
  if (orders.eligible) {
    const answer = await askEligible(orders.eligible, order, line, request);
    if (answer !== true) throw problems.refusedByPolicy(order.id, line, answer.code, answer.detail);
  }
  await checkExchangeSize(context.exchangeSizes, request);
  return {
    orderLine: orderLineRecord(order, line, status.returnable_until),
    allowance: { purchased: line.quantity },
  };
}

async function checkSubmit(
  context: OrderRulesContext,
  record: ReturnData,
  principal: Principal,
): Promise<CheckedReturn> {
  const order = await loadOrder(context.orders.source, record.order_id, principal);
  const line = findOrderLine(order, record.line);
  if (!line) throw await lineNotOnOrder(context, order, record.line);
  const until = returnableUntil(order, line, context.orders.returnWindowDays);
  if (context.now() > Date.parse(until)) throw problems.returnWindowClosed(order.id, line, until);
  if (line.final_sale) throw problems.notReturnable(order.id, line);
  return { orderLine: orderLineRecord(order, line, until) };
}
