/**
 * @module http/routes/returns-routes — the returns API: a customer's own returns and orders, the back office's, the
 * reason catalogue and the health checks.
 */
import { EVENT_CALLER, MERCHANT_EVENTS, type ReturnEvent } from "../../domain/machine";
import {
  EVENT_BODY_SCHEMAS,
  HealthReportSchema,
  MerchantListQuerySchema,
  PortalListQuerySchema,
  ReasonListSchema,
  RecordExchangeOrderSchema,
  RecordExchangePaymentSchema,
  RecordRefundSchema,
  ReturnableOrderSchema,
  type ReturnData,
  ReturnListSchema,
  ReturnSchema,
  type ReturnSchemas,
} from "../../domain/schemas";
import { HEALTH_MEDIA_TYPE } from "../../observability/health/health-check";
import { exchangeOrderExpected, paymentExpected } from "../../returns/exchange-release";
import { reissueRefusal } from "../../returns/parcels/label-reissue";
import { refundableAmount } from "../../returns/payouts/payout-rules";
import {
  EVENT_SUMMARIES,
  REASONS_PATH,
  type RouteDefinition,
  type RouteHandler,
  type RouteResponse,
} from "./route-definition";
export const createHandler: RouteHandler = async (operations, { body, ctx }) => ({
  kind: "write",
  result: await operations.createReturn(body, ctx),
});

export const getHandler: RouteHandler = async (operations, { id, ctx }) => ({
  kind: "return",
  record: await operations.get(id, ctx),
});

const reasonsHandler: RouteHandler = async (operations, { ctx }) => ({
  kind: "reasons",
  reasons: await operations.reasons(ctx),
});

const returnableHandler: RouteHandler = async (operations, { params, ctx }) => ({
  kind: "returnable",
  order: await operations.returnableLines(params.order_id ?? "", ctx),
});

export const listHandler: RouteHandler = async (operations, { query, ctx }) => ({
  kind: "page",
  page: await operations.list(query, ctx),
});

const healthHandler: RouteHandler = async (operations) => ({
  kind: "health",
  report: await operations.health(),
});

/** Liveness touches nothing (no store, no timer): it answers whenever the process can answer. */
const livenessHandler: RouteHandler = async () => ({
  kind: "health",
  report: {
    status: "pass",
    description: "returnkit returns service: the process answers",
    checks: {},
  },
});

function eventHandler(event: ReturnEvent): RouteHandler {
  return async (operations, { id, body, ctx }) => ({
    kind: "write",
    result: await operations.sendEvent(id, event, body, ctx),
  });
}

/** What checking a write against the shop's order adds: 422 refusals, 502 when the order system fails. */
const ORDER_CHECKS = [422, 502] as const;

const ONE_RETURN = { status: 200, schema: ReturnSchema, description: "The return" };

/** A customer (or an agent for one) on the customer's own returns and orders. */
export function portalRoutes(schemas: ReturnSchemas): RouteDefinition[] {
  const one = ONE_RETURN;
  const portal = "/v1/portal/returns";
  const portalEventRoute = (event: "submit" | "cancel"): RouteDefinition => ({
    operationId: `${event}Return`,
    method: "POST",
    path: `${portal}/{id}/${event}`,
    caller: "portal",
    access: "write",
    summary: EVENT_SUMMARIES[event],
    body: EVENT_BODY_SCHEMAS[event],
    bodyRequired: false,
    success: { ...one, description: "The updated return" },
    event,
    ...(event === "submit" ? { problems: ORDER_CHECKS } : {}),
    handler: eventHandler(event),
  });
  return [
    {
      operationId: "createReturn",
      method: "POST",
      path: portal,
      caller: "portal",
      access: "write",
      summary: "Create a draft return",
      body: schemas.CreateReturn,
      bodyRequired: true,
      success: { status: 201, schema: ReturnSchema, description: "The new draft" },
      problems: [404, ...ORDER_CHECKS],
      handler: createHandler,
    },
    {
      operationId: "listPortalReturns",
      method: "GET",
      path: portal,
      caller: "portal",
      access: "read",
      summary: "List the caller's own returns",
      query: PortalListQuerySchema,
      success: { status: 200, schema: ReturnListSchema, description: "A page of returns" },
      handler: listHandler,
    },
    {
      operationId: "getPortalReturn",
      method: "GET",
      path: `${portal}/{id}`,
      caller: "portal",
      access: "read",
      summary: "Get one of the caller's returns",
      success: one,
      handler: getHandler,
    },
    {
      operationId: "updateReturn",
      method: "PATCH",
      path: `${portal}/{id}`,
      caller: "portal",
      access: "write",
      summary: EVENT_SUMMARIES.update,
      body: schemas.UpdateReturn,
      bodyRequired: true,
      success: { ...one, description: "The updated draft" },
      event: "update",
      problems: ORDER_CHECKS,
      handler: eventHandler("update"),
    },
    portalEventRoute("submit"),
    portalEventRoute("cancel"),
    {
      operationId: "getReturnableLines",
      method: "GET",
      path: "/v1/portal/orders/{order_id}/returnable",
      caller: "portal",
      access: "read",
      summary: "What the caller can return from one of its orders",
      success: {
        status: 200,
        schema: ReturnableOrderSchema,
        description:
          "Each line of the order, what a return of it may take, and a pre-filled `create`",
      },
      problems: [404, 502],
      handler: returnableHandler,
    },
  ];
}

/** The back office, on all returns. */
export function merchantRoutes(): RouteDefinition[] {
  const one = ONE_RETURN;
  const merchant = "/v1/merchant/returns";
  return [
    {
      operationId: "listMerchantReturns",
      method: "GET",
      path: merchant,
      caller: "merchant",
      access: "read",
      summary: "List all returns",
      query: MerchantListQuerySchema,
      success: { status: 200, schema: ReturnListSchema, description: "A page of returns" },
      handler: listHandler,
    },
    {
      operationId: "getMerchantReturn",
      method: "GET",
      path: `${merchant}/{id}`,
      caller: "merchant",
      access: "read",
      summary: "Get a return",
      success: one,
      handler: getHandler,
    },
    ...MERCHANT_EVENTS.map(
      (event): RouteDefinition => ({
        operationId: `${event}Return`,
        method: "POST",
        path: `${merchant}/{id}/${event}`,
        caller: EVENT_CALLER[event],
        access: "write",
        summary: EVENT_SUMMARIES[event],
        body: EVENT_BODY_SCHEMAS[event],
        bodyRequired: false,
        success: { ...one, description: "The updated return" },
        event,
        ...(event === "grade" ? { templateProperties: gradeProperties } : {}),
        handler: eventHandler(event),
      }),
    ),
    ...recordingRoutes(merchant),
  ];
}

/** What the back office records on one return beside its lifecycle: payouts, exchanges, labels. */
function recordingRoutes(merchant: string): RouteDefinition[] {
  const one = ONE_RETURN;
  return [
    {
      operationId: "recordReturnRefund",
      method: "POST",
      path: `${merchant}/{id}/refunds`,
      caller: "merchant",
      access: "write",
      summary: "Record a payout of the return's final refund",
      body: RecordRefundSchema,
      bodyRequired: true,
      success: {
        ...one,
        description:
          "The return with the payout in `payouts` and `refunded_amount`; unchanged when the reference was recorded already with the same amount",
      },
      problems: [409, 422],
      form: { name: "record_refund", offered: (record) => refundableAmount(record) > 0 },
      templateProperties: refundProperties,
      handler: refundHandler,
    },
    {
      operationId: "recordExchangePayment",
      method: "POST",
      path: `${merchant}/{id}/exchange-payments`,
      caller: "merchant",
      access: "write",
      summary: "Record the customer's payment of the exchange's difference",
      body: RecordExchangePaymentSchema,
      bodyRequired: true,
      success: {
        ...one,
        description:
          "The return with the payment in `exchange.payment` (and the exchange released when it can go out now); unchanged when the reference was recorded already with the same amount",
      },
      problems: [409, 422],
      form: { name: "record_exchange_payment", offered: paymentExpected },
      templateProperties: paymentProperties,
      handler: async (operations, { id, body, ctx }) => ({
        kind: "write",
        result: await operations.recordExchangePayment(id, body, ctx),
      }),
    },
    {
      operationId: "recordExchangeOrder",
      method: "POST",
      path: `${merchant}/{id}/exchange-order`,
      caller: "merchant",
      access: "write",
      summary: "Record the order that sends the released exchange's new items",
      body: RecordExchangeOrderSchema,
      bodyRequired: true,
      success: {
        ...one,
        description:
          "The return with `exchange.order_id`; unchanged when that order was recorded already",
      },
      problems: [409],
      form: { name: "record_exchange_order", offered: exchangeOrderExpected },
      templateProperties: () => [{ name: "order_id", required: true }],
      handler: async (operations, { id, body, ctx }) => ({
        kind: "write",
        result: await operations.recordExchangeOrder(id, body, ctx),
      }),
    },
    {
      operationId: "reissueLabel",
      method: "POST",
      path: `${merchant}/{id}/label-reissue`,
      caller: "merchant",
      access: "write",
      summary: "Replace the parcel's return label (expired, lost or refused)",
      success: {
        ...one,
        description:
          "The return with its label `pending` again (the label job buys a new one for the parcel) and, for a bought label, `label.replaces` naming it until it is voided",
      },
      problems: [409],
      form: { name: "reissue_label", offered: (record) => reissueRefusal(record) === null },
      handler: async (operations, { id, body, ctx }) => ({
        kind: "write",
        result: await operations.reissueLabel(id, body, ctx),
      }),
    },
  ];
}

/** The payment is the difference owed, in the order's currency. */
function paymentProperties(record: ReturnData) {
  const owed = record.exchange?.difference?.amount ?? 0;
  return [
    { name: "amount", value: owed, min: owed, max: owed, required: true },
    { name: "currency", value: record.order_line?.currency ?? "", readOnly: true },
    { name: "reference", required: true },
  ];
}

const refundHandler: RouteHandler = async (operations, { id, body, ctx }) => ({
  kind: "write",
  result: await operations.recordRefund(id, body, ctx),
});

/** A payout takes from one minor unit to what the final refund has left, in its currency. */
function refundProperties(record: ReturnData) {
  const left = refundableAmount(record);
  return [
    { name: "amount", value: left, min: 1, max: left, required: true },
    { name: "currency", value: record.refund?.currency ?? "", readOnly: true },
    { name: "reference", required: true },
  ];
}

/** A grade accepts from none to all of the return's units, all unless it says fewer. */
function gradeProperties(record: ReturnData) {
  const { quantity } = record.line;
  return [{ name: "accepted_quantity", value: quantity, min: 0, max: quantity }];
}

/** What any signed-in caller reads to fill in a return, and the public health check. */
export function catalogueRoutes(): RouteDefinition[] {
  const health = (status: number, description: string): RouteResponse => ({
    status,
    schema: HealthReportSchema,
    description,
    mediaType: HEALTH_MEDIA_TYPE,
  });
  return [
    {
      operationId: "getHealth",
      method: "GET",
      path: "/v1/health",
      caller: null,
      access: "read",
      summary: "Whether this process can serve requests (for load balancers and probes)",
      success: health(200, "Healthy (`pass`), or serving with a warning (`warn`)"),
      alsoAnswers: [
        health(503, "Unhealthy (`fail`): the store cannot be reached or is not migrated"),
      ],
      handler: healthHandler,
    },
    {
      operationId: "getLiveness",
      method: "GET",
      path: "/v1/health/live",
      caller: null,
      access: "read",
      summary:
        "Whether this process answers at all, asking nothing of the store (for liveness probes)",
      success: health(200, "The process answers (`pass`)"),
      handler: livenessHandler,
    },
    {
      operationId: "listReasons",
      method: "GET",
      path: REASONS_PATH,
      caller: "any",
      access: "read",
      summary: "List the return reasons",
      success: { status: 200, schema: ReasonListSchema, description: "The reason catalogue" },
      handler: reasonsHandler,
    },
  ];
}
