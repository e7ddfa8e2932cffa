/**
 * @module http — the HTTP API: the fetch handler, router, route table, rendering with links and
 * HAL-FORMS templates, and the OpenAPI document.
 */
export { readBodyBytes } from "./body";
export type { FetchHandler, HttpContext } from "./fetch-handler";
export { createFetchHandler } from "./fetch-handler";
export { buildOpenApiDocument, UNMATCHED_REQUEST_STATUSES } from "./openapi/openapi";
export { requestIdOf } from "./request-id";
export { ambiguousPathResponse } from "./request-target";
export { responseText } from "./response-text";
export type { RouteDefinition, RouteHandler, RouteInput, RouteOutcome } from "./routes";
export { buildRoutes, OPENAPI_PATH } from "./routes";
export type { RequestOperations } from "./routes/route-definition";
