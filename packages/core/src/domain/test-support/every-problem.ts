/** @module domain/test-support/every-problem — one instance of each problem, for tests over the catalogue. */
import { authProblems } from "../../auth/auth-problems";
import { type ProblemError, problems } from "../problems";
import { lineReasons } from "../reason-narrowing";
import { createReasonCatalogue } from "../reasons";

/** One instance of every problem returnkit produces; the type makes a new one show up here. */
export const everyProblem: {
  [Name in keyof typeof problems | keyof typeof authProblems]: ProblemError;
} = {
  invalidBody: problems.invalidBody("reason: required", [{ path: "reason", message: "required" }]),
  invalidQuery: problems.invalidQuery("limit: too big", [{ path: "limit", message: "too big" }]),
  idempotencyKeyMissing: problems.idempotencyKeyMissing(),
  idempotencyKeyInvalid: problems.idempotencyKeyInvalid("too long"),
  unauthenticated: problems.unauthenticated("no token"),
  invalidToken: problems.invalidToken("expired"),
  insufficientScope: problems.insufficientScope(["portal:returns.write"]),
  forbidden: problems.forbidden("not yours"),
  returnNotFound: problems.returnNotFound("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  returnRequestNotFound: problems.returnRequestNotFound("rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  returnRequestRefused: problems.returnRequestRefused([
    {
      index: 1,
      type: "urn:returnkit:problem:not-returnable",
      title: "The item cannot be returned",
      status: 422,
      detail: 'TEE (size M) of order "ord_1" was sold as final sale.',
      order_id: "ord_1",
      sku: "TEE",
      size: "M",
      final_sale: true,
    },
  ]),
  returnRequestNothingToDo: problems.returnRequestNothingToDo(
    "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    "ship",
    "approved",
  ),
  refundNotPayable: problems.refundNotPayable(
    "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    "approved",
    "not-final",
  ),
  refundExceedsTotal: problems.refundExceedsTotal({
    return_id: "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    amount: 3000,
    currency: "EUR",
    refund_total: 2900,
    refunded_amount: 0,
  }),
  refundCurrencyMismatch: problems.refundCurrencyMismatch(
    "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    "USD",
    "EUR",
  ),
  payoutReferenceConflict: problems.payoutReferenceConflict("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", {
    id: "pay_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    reference: "re_1",
    amount: 2900,
  }),
  exchangePaymentNotExpected: problems.exchangePaymentNotExpected(
    "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    "nothing-owed",
  ),
  exchangePaymentConflict: problems.exchangePaymentConflict("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", {
    reference: "pi_1",
    amount: 500,
  }),
  exchangePaymentMismatch: problems.exchangePaymentMismatch(
    "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    { amount: 400 },
    500,
    "EUR",
  ),
  exchangeNotReleased: problems.exchangeNotReleased("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", "pending"),
  exchangeOrderConflict: problems.exchangeOrderConflict(
    "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
    "ord_2",
    "ord_3",
  ),
  payoutLimitReached: problems.payoutLimitReached("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", 20),
  routeNotFound: problems.routeNotFound("/nowhere"),
  outsideMountPath: problems.outsideMountPath("/api/x", "https://shop.example/returns"),
  unknownEvent: problems.unknownEvent("teleport", ["approve"]),
  methodNotAllowed: problems.methodNotAllowed("PUT", ["GET"]),
  invalidTransition: problems.invalidTransition("ship", "draft", ["submit"]),
  concurrentUpdate: problems.concurrentUpdate("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  historyLimitReached: problems.historyLimitReached("update", 100, 200),
  preconditionFailed: problems.preconditionFailed('"7"', 1),
  documentChanged: problems.documentChanged('"0f3a"'),
  bodyAborted: problems.bodyAborted(new Error("socket closed")),
  payloadTooLarge: problems.payloadTooLarge(16_384),
  unsupportedMediaType: problems.unsupportedMediaType("text/plain"),
  idempotencyKeyReused: problems.idempotencyKeyReused(),
  endpointConcurrentUpdate: problems.endpointConcurrentUpdate("ep_erp"),
  storeUnavailable: problems.storeUnavailable(),
  endpointNotFound: problems.endpointNotFound("ep_1"),
  endpointExists: problems.endpointExists("ep_1"),
  endpointManagedInCode: problems.endpointManagedInCode("sub_refunds", "subscriber"),
  redeliveryOutOfOrder: problems.redeliveryOutOfOrder(
    "evt_01JD3M6X4R9V6T0Q8Z2W7K5B1D",
    [
      {
        event_id: "evt_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
        endpoint_id: "ep_erp",
        dead_at: "2026-11-24T03:00:00.000Z",
      },
    ],
    "2026-11-24T03:00:00.000Z",
  ),
  webhookDestinationRefused: problems.webhookDestinationRefused({
    rule: "loopback",
    message: "webhook destination 127.0.0.1 is a loopback address (rule: loopback)",
  }),
  testEventInFlight: problems.testEventInFlight("ep_1", 15),
  eventNotFound: problems.eventNotFound("evt_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  guestOrderNotFound: problems.guestOrderNotFound(),
  tooManyGuestLookups: problems.tooManyGuestLookups(60),
  orderNotFound: problems.orderNotFound("ord_1"),
  ordersNotConfigured: problems.ordersNotConfigured(),
  lineNotOnOrder: problems.lineNotOnOrder("ord_1", { sku: "TEE", size: "XS" }, []),
  quantityExceedsReturnable: problems.quantityExceedsReturnable({
    order_id: "ord_1",
    sku: "TEE",
    size: "M",
    quantity: 2,
    purchased: 2,
    in_returns: 1,
    returnable_quantity: 1,
  }),
  returnWindowClosed: problems.returnWindowClosed(
    "ord_1",
    { sku: "TEE", size: "M" },
    "2026-12-01T00:00:00.000Z",
  ),
  notReturnable: problems.notReturnable("ord_1", { sku: "TEE", size: "M" }),
  refusedByPolicy: problems.refusedByPolicy(
    "ord_1",
    { sku: "TEE", size: "M" },
    "GIFT_CARD",
    "Gift cards cannot be returned.",
  ),
  reasonNotAllowed: problems.reasonNotAllowed(
    "ord_1",
    { sku: "TEE", size: "M" },
    "TOO_LONG_AT_FOOT",
    lineReasons(createReasonCatalogue(), ["TOO_SMALL_AT_CHEST", "DAMAGED"]),
  ),
  exchangeNotOffered: problems.exchangeNotOffered("ord_1", { sku: "TEE", size: "M" }, "CAP", [
    "TEE-L",
  ]),
  exchangeUnavailable: problems.exchangeUnavailable(
    "ord_1",
    { sku: "TEE", size: "M" },
    "TEE-L",
    [],
  ),
  exchangeNoLongerAvailable: problems.exchangeNoLongerAvailable(
    "ret_01J00000000000000000000000",
    { sku: "TEE", size: "M" },
    "TEE-L",
  ),
  ordersUnavailable: problems.ordersUnavailable(new Error("connection refused")),
  orderSourceInvalid: problems.orderSourceInvalid(new Error("lines: required")),
  internal: problems.internal(),
  invalidAuthorizationHeader: authProblems.invalidAuthorizationHeader("two tokens"),
  mixedScopeFamilies: authProblems.mixedScopeFamilies(["portal:returns.read"], ["merchant:x"]),
  authorizationServerUnavailable: authProblems.authorizationServerUnavailable(),
};
