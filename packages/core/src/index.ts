/**
 * @module index — a complete returns-and-exchanges service: lifecycle machine,
 * schemas, idempotent writes, transactional outbox webhooks, OAuth 2.1 resource server and
 * a fetch handler serving every route.
 */

export * from "./auth";
export * from "./delivery";
export * from "./domain";
export * from "./http";
export * from "./insights";
export * from "./observability";
export * from "./policy";
export * from "./returns";
export type {
  OperationContext,
  ReturnListResult,
  ReturnOperations,
  ReturnRequestResult,
  ReturnResult,
  ReturnsService,
  ReturnsServiceOptions,
  ServiceHooks,
} from "./service";
export { createReturnsService, etagMatches, etagOf } from "./service";
export * from "./store";
export * from "./util";
export * from "./webhook-admin";
