/**
 * @module testing/index — the conformance suites: `runStoreConformance` for every
 * store (with the builders its cases use) and `runHttpConformance` for every way of mounting
 * the service.
 *
 * Every store runs the same suite from its own test file:
 *
 * ```ts
 * import { runStoreConformance } from "@returnkit/testing";
 * runStoreConformance({ name: "my store", create: () => myStore(), cleanup: (s) => s.close?.() });
 * ```
 *
 * A store that implements only part of the contract runs the groups that apply instead
 * (`describeCommitsConformance`, `describeOutboxConformance`, …; same options).
 *
 * Both register vitest `describe`/`it` blocks, so they must be called from a vitest test file
 * (vitest is an optional peer of `@returnkit/core`).
 */
export {
  type CarrierConformanceOptions,
  carrierLabelRequest,
  runCarrierConformance,
  type TrackingUpdate,
} from "./carrier-conformance";
export {
  advanceStoredReturn,
  BOUGHT_LABEL,
  iso,
  makeCustomerEvent,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeRecordedEvent,
  makeStoredReturn,
  makeSubscriberEndpoint,
  recordedVersion,
  type StoredReturnOptions,
  T0,
  TEST_CUSTOMER_EVENT_TYPE,
  TEST_RETURN_EVENT_TYPE,
  validCreate,
} from "./fixtures";
export {
  type HttpSuiteTarget,
  type MountedService,
  runHttpConformance,
  storeContents,
  testAuthenticate,
  testToken,
} from "./http-suite";
export { INSIDE_DESTINATIONS } from "./inside-destinations";
export {
  createResponseValidator,
  type Json,
  type ObservedExchange,
  type ResponseValidator,
} from "./openapi-responses";
export {
  type ConformanceGroups,
  describeCallerIdsConformance,
  describeCommitsConformance,
  describeDeliveriesConformance,
  describeEndpointAdminConformance,
  describeEventSubjectsConformance,
  describeFitInsightsConformance,
  describeIdempotencyConformance,
  describeLabelJobConformance,
  describeLineAllowanceConformance,
  describeListReturnsConformance,
  describeNotificationsConformance,
  describeOrdersConformance,
  describeOutboxConformance,
  describeParcelLookupsConformance,
  describeRetentionConformance,
  describeReturnRequestsConformance,
  describeRmaNumbersConformance,
  describeSubscriberEndpointsConformance,
  describeSubscribersConformance,
  describeTimersConformance,
  runStoreConformance,
  type StoreConformanceOptions,
} from "./store-conformance";
export {
  type Committed,
  createReturn as commitNewReturn,
  deliverAllDue,
} from "./subject";
