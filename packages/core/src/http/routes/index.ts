/**
 * @module http/routes — every route of the API, declared once: path, schemas, scope and the
 * operation it calls.
 *
 * The router matches requests against this table and dispatches to its handlers, the OpenAPI
 * document is generated from it, `_links` and `_templates` find their targets here, and the
 * operations scope an Idempotency-Key by the path of their route. A route is added in one place.
 */

import type { ReturnSchemas } from "../../domain/schemas";
import { carrierRoutes } from "./carrier-routes";
import { guestRoutes } from "./guest-routes";
import { insightsRoutes } from "./insights-routes";
import { policyRoutes } from "./policy-routes";
import { privacyRoutes } from "./privacy-routes";
import { requestRoutes } from "./request-routes";
import { catalogueRoutes, merchantRoutes, portalRoutes } from "./returns-routes";
import type { RouteDefinition } from "./route-definition";
import { webhookRoutes } from "./webhook-admin-routes";

export {
  type HttpMethod,
  OPENAPI_PATH,
  REASONS_PATH,
  type RouteDefinition,
  type RouteOutcome,
  type RouteResponse,
} from "./route-definition";
export {
  assertRouteScope,
  fillId,
  fillParams,
  returnPaths,
  routeById,
  routeForEvent,
  routeScopes,
  webhookTargets,
  writeTargets,
} from "./route-table";

/** Every route; the guest route only when the host configures `guests`. */
export function buildRoutes(
  schemas: ReturnSchemas,
  { guests = false }: { guests?: boolean } = {},
): RouteDefinition[] {
  return [
    ...(guests ? guestRoutes() : []),
    ...portalRoutes(schemas),
    ...merchantRoutes(),
    ...catalogueRoutes(),
    ...policyRoutes(),
    ...insightsRoutes(),
    ...privacyRoutes(),
    ...requestRoutes(schemas),
    ...webhookRoutes(),
    ...carrierRoutes(),
  ];
}
