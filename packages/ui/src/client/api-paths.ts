/**
 * @module client/api-paths — every path of the returns API the pages call, in one place. Each
 * template is a key of the generated `paths` (the OpenAPI document the API serves), so a path
 * the API does not serve is a type error here, and so is a query parameter it does not take.
 * The pages follow the API's own links and forms (`_links`, `_templates`) for everything else.
 */
import type { paths } from "./api-types";

/** A path template the API serves, as its OpenAPI document spells it. */
type ApiPath = keyof paths;

/** The `{name}` parameters of a path template. */
type ParameterNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

/** The query a path's GET takes, as the document declares it. */
type GetQuery<P extends ApiPath> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

type Parameters<P extends ApiPath> = [ParameterNames<P>] extends [never]
  ? []
  : [Record<ParameterNames<P>, string>];

/** `template` with its parameters filled in, each encoded as one path segment. */
function served<P extends ApiPath>(template: P, ...[parameters]: Parameters<P>): string {
  const values: Record<string, string> = parameters ?? {};
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ""),
  );
}

/** `path` with `query` as its search; undefined members are left out. */
function withQuery(path: string, query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A list's path (a template without parameters) with the query its GET takes. */
function listed<P extends ApiPath>(template: P, query: GetQuery<P>): string {
  return withQuery(template, query as Record<string, unknown>);
}

/** The paths the pages call, by what they are. */
export const apiPaths = {
  reasons: () => served("/v1/reasons"),
  returnPolicy: () => served("/v1/return-policy"),
  portalReturns: (query: GetQuery<"/v1/portal/returns"> = {}) =>
    listed("/v1/portal/returns", query),
  returnableOrder: (orderId: string) =>
    served("/v1/portal/orders/{order_id}/returnable", { order_id: orderId }),
  guestSessions: () => served("/v1/portal/guest-sessions"),
  portalReturnRequests: () => served("/v1/portal/return-requests"),
  returnRequestEstimate: () => served("/v1/portal/return-requests/estimate"),
  portalReturnRequest: (id: string) => served("/v1/portal/return-requests/{id}", { id }),
  merchantReturns: (query: GetQuery<"/v1/merchant/returns"> = {}) =>
    listed("/v1/merchant/returns", query),
  merchantReturn: (id: string) => served("/v1/merchant/returns/{id}", { id }),
  merchantReturnRequest: (id: string) => served("/v1/merchant/return-requests/{id}", { id }),
  customerExport: (
    customerId: string,
    query: GetQuery<"/v1/merchant/customers/{customer_id}/export"> = {},
  ) =>
    withQuery(
      served("/v1/merchant/customers/{customer_id}/export", { customer_id: customerId }),
      query,
    ),
  customerErasure: (customerId: string) =>
    served("/v1/merchant/customers/{customer_id}/erasure", { customer_id: customerId }),
  fitInsights: () => served("/v1/merchant/insights/fit"),
  fitSummary: () => served("/v1/merchant/insights/fit/summary"),
  webhookEndpoints: () => served("/v1/webhooks/endpoints"),
  webhookEndpoint: (id: string) =>
    served("/v1/webhooks/endpoints/{endpoint_id}", { endpoint_id: id }),
  rotateEndpointSecret: (id: string) =>
    served("/v1/webhooks/endpoints/{endpoint_id}/secret/rotate", { endpoint_id: id }),
  testEndpoint: (id: string) =>
    served("/v1/webhooks/endpoints/{endpoint_id}/test", { endpoint_id: id }),
  webhookDeliveries: (query: GetQuery<"/v1/webhooks/deliveries">) =>
    listed("/v1/webhooks/deliveries", query),
  webhookEvents: (query: GetQuery<"/v1/webhooks/events">) => listed("/v1/webhooks/events", query),
  redeliverEvent: (eventId: string) =>
    served("/v1/webhooks/events/{event_id}/redeliver", { event_id: eventId }),
};
