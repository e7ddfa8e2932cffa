/**
 * @module returns/orders/return-rules — a return checked against the shop's order, in the order the
 * API documents: the order is the caller's (404), the line is on it (400), the quantity is
 * still returnable (422), the window is open (422), it was not final sale (422), the host's
 * own rule agrees (422), and the item asked for in exchange is offered (422) and available (422,
 * or store credit when the shop says so); at approval, that item again (409, or store credit).
 *
 * The quantity read here only gives a friendly answer early; the store checks the same limit
 * again inside the commit (`lineAllowance`), so two requests racing for the last unit can
 * never both get it.
 */
import type { Principal } from "../../domain/principal";
import { type OrderLineRef, type ProblemError, problems } from "../../domain/problems";
import { lineReasons } from "../../domain/reason-narrowing";
import type { ReasonCatalogue } from "../../domain/reasons";
import type { RefundPolicy } from "../../domain/refunds";
import type { ReturnableOrder, ReturnData, ReturnOrderLine } from "../../domain/schemas";
import type { LineAllowance, ReturnsStore } from "../../store/types";
import {
  chooseExchange,
  type ExchangeChoice,
  likeForLike,
  recheckExchange,
} from "./exchange-choice";
import { askEligible, askLineReasons, loadOrder } from "./host-answers";
import {
  lineStatus,
  orderLineRecord,
  type ReturnedQuantities,
  returnableUntil,
  unitsInReturns,
} from "./line-status";
import { findOrderLine, type Order, type OrderLine } from "./order-schema";
import { returnableOrder } from "./returnable-order";
import type { EligibilityQuery, ExchangeSettings, OrderRulesContext, OrderSettings } from "./types";

interface ReturnRulesSetup {
  /** The shop's refund policy, for the returnable view's estimates. */
  refundPolicy: RefundPolicy;
  /** The order rules' settings; null when the host gave no `orders`. */
  orders: OrderSettings | null;
  /** The `exchanges` option; null: an exchange is like for like. */
  exchanges: ExchangeSettings | null;
  store: Pick<ReturnsStore, "returnedQuantities">;
  now: () => number;
  /** The catalogue `orders.reasons` narrows. */
  catalogue: ReasonCatalogue;
}

/** What a checked write records and commits with; empty when there is no order to check. */
export interface CheckedReturn {
  /** The order line the return was checked against, for its `order_line`. */
  orderLine?: ReturnOrderLine;
  /** What the commit may take of the line (the store's binding check). */
  allowance?: LineAllowance;
  /** For an exchange: what it is exchanged for, or the shop's fallback to store credit. */
  exchange?: ExchangeChoice;
}

export interface ReturnRules {
  /** A create (`current` null) or an update of the draft `current`: every rule. */
  checkRequest(
    request: EligibilityQuery,
    principal: Principal,
    current: ReturnData | null,
  ): Promise<CheckedReturn>;
  /** A submit: the window and final sale again, since a draft can outlive its window. */
  checkSubmit(record: ReturnData, principal: Principal): Promise<CheckedReturn>;
  /**
   * An approval of an exchange: the item it is exchanged for, asked again of the shop's offers
   * (the order read as its customer's); nothing to check for any other return.
   */
  checkApproval(record: ReturnData): Promise<CheckedReturn>;
  /** What `orderId` can return now, line by line; a 404 without `orders`. */
  returnable(orderId: string, principal: Principal): Promise<ReturnableOrder>;
  /**
   * The same checks for the lines of one return request, all of order `orderId` and sent by
   * `principal`: the order is loaded at most once, and the units in its returns read at most
   * once, however many lines the request has.
   */
  forRequest(orderId: string, principal: Principal): RequestRules;
}

/** The checks of one request's lines, reading its order once (see `ReturnRules.forRequest`). */
export interface RequestRules extends Pick<ReturnRules, "checkRequest" | "checkSubmit"> {
  /**
   * The order's returnable lines once a line was refused as not on the order, else undefined.
   * Such a line's own refusal leaves them out: the request's refusal lists them once.
   */
  returnableLines(): OrderLineRef[] | undefined;
}

/** The request a record stands for, as `eligible` sees it. */
export function requestOf(record: Omit<ReturnData, "history">): EligibilityQuery {
  return {
    order_id: record.order_id,
    line: { ...record.line },
    reason: record.reason,
    resolution: record.resolution,
    exchange_for: record.exchange
      ? { sku: record.exchange.lines[0]?.sku ?? record.line.sku }
      : null,
  };
}

export function createReturnRules(setup: ReturnRulesSetup): ReturnRules {
  const { orders } = setup;
  const context = orders ? { ...setup, orders } : null;
  const rules: ReturnRules = {
    async checkRequest(request, principal, current) {
      if (!context) return checkWithoutOrders(request);
      return checkOrder(
        context,
        returnReads(context, request.order_id, principal),
        request,
        current,
      );
    },
    checkSubmit: (record, principal) =>
      context
        ? checkSubmit(context, returnReads(context, record.order_id, principal), record)
        : Promise.resolve({}),
    checkApproval: (record) =>
      context?.exchanges ? checkApproval(context, context.exchanges, record) : Promise.resolve({}),
    returnable: (orderId, principal) =>
      context
        ? returnableOrder(context, orderId, principal)
        : Promise.reject(problems.ordersNotConfigured()),
    forRequest: (orderId, principal) =>
      context
        ? requestRules(context, rules, requestReads(context, orderId, principal))
        : {
            checkRequest: (request) => checkWithoutOrders(request),
            checkSubmit: () => Promise.resolve({}),
            returnableLines: () => undefined,
          },
  };
  return rules;
}

/** Without the shop's orders an exchange is like for like, with no price to settle. */
function checkWithoutOrders(request: EligibilityQuery): Promise<CheckedReturn> {
  return Promise.resolve(
    request.resolution === "EXCHANGE" ? { exchange: likeForLike(request, null) } : {},
  );
}

/**
 * How the checks read one order: the order, the units its returns hold, and the refusal of a
 * line it does not have (with the order's returnable lines, or for a request without).
 */
interface OrderReads {
  orderId: string;
  order(): Promise<Order>;
  returned(): Promise<ReturnedQuantities>;
  notOnOrder(order: Order, line: { sku: string; size: string | null }): Promise<ProblemError>;
}

/** A single return's reads: each check reads afresh, and its refusal lists the returnable lines. */
function returnReads(
  context: OrderRulesContext,
  orderId: string,
  principal: Principal,
): OrderReads {
  let returned: Promise<ReturnedQuantities> | undefined;
  const reads: OrderReads = {
    orderId,
    order: () => loadOrder(context.orders.source, orderId, principal),
    returned: () => (returned ??= context.store.returnedQuantities(orderId)),
    notOnOrder: async (order, line) =>
      problems.lineNotOnOrder(
        order.id,
        line,
        returnableLines(context, order, await reads.returned()),
      ),
  };
  return reads;
}

/**
 * A request's reads, shared by all its lines: the order loaded on first need and kept, the
 * units in returns read on first need and kept (a ship of the request reads neither).
 */
function requestReads(context: OrderRulesContext, orderId: string, principal: Principal) {
  let order: Promise<Order> | undefined;
  let listed: OrderLineRef[] | undefined;
  const reads = returnReads(context, orderId, principal);
  return {
    ...reads,
    order: () => (order ??= reads.order()),
    notOnOrder: async (found: Order, line: { sku: string; size: string | null }) => {
      listed ??= returnableLines(context, found, await reads.returned());
      return problems.lineNotOnOrder(found.id, line, null);
    },
    listed: () => listed,
  } satisfies OrderReads & { listed(): OrderLineRef[] | undefined };
}

function requestRules(
  context: OrderRulesContext,
  rules: ReturnRules,
  reads: ReturnType<typeof requestReads>,
): RequestRules {
  return {
    // A return of another order is no line of this request: checked on its own.
    checkRequest: (request, principal, current) =>
      request.order_id === reads.orderId
        ? checkOrder(context, reads, request, current)
        : rules.checkRequest(request, principal, current),
    checkSubmit: (record, principal) =>
      record.order_id === reads.orderId
        ? checkSubmit(context, reads, record)
        : rules.checkSubmit(record, principal),
    returnableLines: reads.listed,
  };
}

/** The lines of `order` a new return could name now, with how many units of each. */
function returnableLines(
  context: OrderRulesContext,
  order: Order,
  returned: ReturnedQuantities,
): OrderLineRef[] {
  const settings = { now: context.now(), windowDays: context.orders.returnWindowDays };
  return order.lines.flatMap((candidate) => {
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
}

async function checkOrder(
  context: OrderRulesContext,
  reads: OrderReads,
  request: EligibilityQuery,
  current: ReturnData | null,
): Promise<CheckedReturn> {
  const { orders } = context;
  // Neither read needs the other: one wait instead of two.
  const [order, returned] = await Promise.all([reads.order(), reads.returned()]);
  const line = findOrderLine(order, request.line);
  if (!line) throw await reads.notOnOrder(order, request.line);
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
  await checkReason(context, order, line, request.reason);
  if (orders.eligible) {
    const answer = await askEligible(orders.eligible, order, line, request);
    if (answer !== true) throw problems.refusedByPolicy(order.id, line, answer.code, answer.detail);
  }
  const exchange = await chooseExchange(context.exchanges, order, line, request);
  return {
    orderLine: orderLineRecord(order, line, status.returnable_until),
    allowance: { purchased: line.quantity },
    ...(exchange ? { exchange } : {}),
  };
}

/** A reason of the catalogue the shop does not allow for this line's product: a 422. */
async function checkReason(
  context: OrderRulesContext,
  order: Order,
  line: OrderLine,
  reason: string,
): Promise<void> {
  const allowed = await askLineReasons(context.orders.reasons, context.catalogue, order, line);
  if (allowed === null || allowed.includes(reason)) return;
  throw problems.reasonNotAllowed(order.id, line, reason, lineReasons(context.catalogue, allowed));
}

async function checkSubmit(
  context: OrderRulesContext,
  reads: OrderReads,
  record: ReturnData,
): Promise<CheckedReturn> {
  const order = await reads.order();
  const line = findOrderLine(order, record.line);
  if (!line) throw await reads.notOnOrder(order, record.line);
  const until = returnableUntil(order, line, context.orders.returnWindowDays);
  if (context.now() > Date.parse(until)) throw problems.returnWindowClosed(order.id, line, until);
  if (line.final_sale) throw problems.notReturnable(order.id, line);
  return { orderLine: orderLineRecord(order, line, until) };
}

async function checkApproval(
  context: OrderRulesContext,
  exchanges: ExchangeSettings,
  record: ReturnData,
): Promise<CheckedReturn> {
  if (record.resolution !== "EXCHANGE" || record.exchange?.kind !== "offer") return {};
  // Staff approve: the order is read as its customer would read it.
  const owner: Principal = { kind: "portal", id: record.customer_id, scopes: [] };
  const order = await loadOrder(context.orders.source, record.order_id, owner);
  const line = findOrderLine(order, record.line);
  if (!line) return {};
  const exchange = await recheckExchange(exchanges, order, line, record);
  return exchange ? { exchange } : {};
}
