/**
 * @module orders/return-rules — a return checked against the shop's order, in the order the
 * API documents: the order is the caller's (404), the line is on it (400), the quantity is
 * still returnable (422), the window is open (422), it was not final sale (422), the host's
 * own rule agrees (422), and the exchange size is on offer (400).
 *
 * The quantity read here only gives a friendly answer early; the store checks the same limit
 * again inside the commit (`lineAllowance`), so two requests racing for the last unit can
 * never both get it.
 */
import type { OrderSettings } from "../options/service-options";
import type { Principal } from "../principal";
import { problems } from "../problems";
import {
  RESOLUTIONS,
  type ReturnableOrder,
  type ReturnData,
  type ReturnOrderLine,
} from "../schemas";
import type { LineAllowance, ReturnsStore } from "../store/types";
import { askEligible, askExchangeSizes, loadOrder } from "./host-answers";
import {
  lineStatus,
  orderLineRecord,
  type ReturnedQuantities,
  returnableUntil,
  unitsInReturns,
} from "./line-status";
import { findOrderLine, type Order } from "./order-schema";
import type { ProductCatalog, ReturnRequest } from "./types";

export interface ReturnRulesSetup {
  /** The order rules' settings; null when the host gave no `orders`. */
  orders: OrderSettings | null;
  catalog: ProductCatalog | null;
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
  const { orders, catalog, store, now } = setup;

  async function checkExchangeSize(request: ReturnRequest): Promise<void> {
    if (!catalog || request.resolution !== "EXCHANGE" || request.exchange_size === null) return;
    const sizes = await askExchangeSizes(catalog, request.line.sku);
    if (sizes !== null && !sizes.includes(request.exchange_size)) {
      throw problems.exchangeSizeNotOffered(request.line.sku, request.exchange_size, sizes);
    }
  }

  /** The lines a new return could name now, for a 400 that must say which. */
  function returnableLines(order: Order, returned: ReturnedQuantities, windowDays: number) {
    return order.lines.flatMap((line) => {
      const status = lineStatus(order, line, unitsInReturns(returned, line), {
        now: now(),
        windowDays,
      });
      return status.refusal
        ? []
        : [{ sku: line.sku, size: line.size, returnable_quantity: status.returnable_quantity }];
    });
  }

  async function checkOrder(
    settings: OrderSettings,
    request: ReturnRequest,
    principal: Principal,
    current: ReturnData | null,
  ): Promise<CheckedReturn> {
    const order = await loadOrder(settings.source, request.order_id, principal);
    const returned = await store.returnedQuantities(order.id);
    const line = findOrderLine(order, request.line);
    if (!line) {
      const lines = returnableLines(order, returned, settings.returnWindowDays);
      throw problems.lineNotOnOrder(order.id, request.line, lines);
    }
    // The draft being updated is one of the active returns: its own units do not count.
    const inReturns = unitsInReturns(returned, line, current?.line.quantity ?? 0);
    const at = now();
    const status = lineStatus(order, line, inReturns, {
      now: at,
      windowDays: settings.returnWindowDays,
    });
    const ref = { order_id: order.id, sku: line.sku, size: line.size };
    if (request.line.quantity > status.returnable_quantity) {
      throw problems.quantityExceedsReturnable({
        ...ref,
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
    if (settings.eligible) {
      const answer = await askEligible(settings.eligible, order, line, request);
      if (answer !== true)
        throw problems.refusedByPolicy(order.id, line, answer.code, answer.detail);
    }
    await checkExchangeSize(request);
    return {
      orderLine: orderLineRecord(order, line, status.returnable_until),
      allowance: { purchased: line.quantity },
    };
  }

  return {
    async checkRequest(request, principal, current) {
      if (orders) return checkOrder(orders, request, principal, current);
      await checkExchangeSize(request);
      return {};
    },

    async checkSubmit(record, principal) {
      if (!orders) return {};
      const order = await loadOrder(orders.source, record.order_id, principal);
      const line = findOrderLine(order, record.line);
      if (!line) {
        const returned = await store.returnedQuantities(order.id);
        const lines = returnableLines(order, returned, orders.returnWindowDays);
        throw problems.lineNotOnOrder(order.id, record.line, lines);
      }
      const until = returnableUntil(order, line, orders.returnWindowDays);
      if (now() > Date.parse(until)) throw problems.returnWindowClosed(order.id, line, until);
      if (line.final_sale) throw problems.notReturnable(order.id, line);
      return { orderLine: orderLineRecord(order, line, until) };
    },

    async returnable(orderId, principal) {
      if (!orders) throw problems.ordersNotConfigured();
      const order = await loadOrder(orders.source, orderId, principal);
      const returned = await store.returnedQuantities(order.id);
      const sizes = new Map<string, readonly string[] | null>();
      for (const { sku } of order.lines) {
        if (!sizes.has(sku)) sizes.set(sku, catalog ? await askExchangeSizes(catalog, sku) : null);
      }
      const at = now();
      return {
        object: "returnable_order",
        order_id: order.id,
        currency: order.currency,
        placed_at: order.placed_at,
        delivered_at: order.delivered_at,
        lines: order.lines.map((line) => {
          const status = lineStatus(order, line, unitsInReturns(returned, line), {
            now: at,
            windowDays: orders.returnWindowDays,
          });
          const exchangeSizes = sizes.get(line.sku) ?? null;
          const resolutions = status.refusal
            ? []
            : RESOLUTIONS.filter((r) => r !== "EXCHANGE" || exchangeSizes?.length !== 0);
          return {
            sku: line.sku,
            size: line.size,
            ...status,
            unit_price: line.unit_price,
            resolutions,
            exchange_sizes: exchangeSizes === null ? null : [...exchangeSizes],
          };
        }),
      };
    },
  };
}
