/**
 * @module domain — the returns domain: the lifecycle machine, schemas, reasons, principals, problems,
 * ids, and the refund maths.
 */
export {
  isEventId,
  isReturnId,
  isReturnRequestId,
  newEventId,
  newPrefixedId,
  newReturnId,
  newReturnRequestId,
} from "./ids";
export type {
  MerchantEvent,
  PersistedReturnSnapshot,
  PortalEvent,
  ReturnEvent,
  ReturnSnapshot,
  ReturnState,
} from "./machine";
export {
  allowedEvents,
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  isTerminalState,
  MERCHANT_EVENTS,
  PORTAL_EVENTS,
  persistReturnSnapshot,
  RETURN_STATES,
  restoreReturnSnapshot,
  returnMachine,
  stateOf,
  TERMINAL_STATES,
} from "./machine";
export type { Actor, CallerKind, Principal, Scope } from "./principal";
export { ALL_SCOPES, hasScope, SCOPES } from "./principal";
export type {
  OrderLineRef,
  ProblemDetails,
  QuantityRefusal,
  ValidationIssue,
} from "./problems";
export { isProblemError, PROBLEM_TYPE_PREFIX, ProblemError, problems } from "./problems";
export type {
  FitDirection,
  FitReasonRule,
  ParsedReason,
  ReasonCatalogue,
  ReasonCatalogueOptions,
  ReasonDescription,
} from "./reasons";
export {
  createReasonCatalogue,
  DEFAULT_BODY_PARTS,
  DEFAULT_OTHER_REASONS,
  describeReasons,
  FIT_DIRECTIONS,
  fitReasonRule,
  fitReasonTest,
  isFitReason,
  parseReason,
} from "./reasons";
export * from "./refunds";
export type { HeaderReader } from "./request-ids";
export { isSaneRequestId, traceIdOf } from "./request-ids";
export * from "./schemas";
export { returnStateDiagram } from "./state-diagram";
export { isStorableText } from "./text";
