/**
 * @module http/links — HAL `_links` and HAL-FORMS `_templates`.
 *
 * Templates are derived from the machine (which events apply now) and the caller (its kind
 * and scopes) through the route table: nothing here knows a state by name.
 */
import { hasScope, type Principal, requiredScope } from "../domain/principal";
import type { ReturnData, ReturnResource } from "../domain/schemas";
import { requestBodySchemaPointer } from "./openapi/openapi-components";
import { fillId, OPENAPI_PATH, type RouteDefinition, returnPaths, routeForEvent } from "./routes";

export interface LinkContext {
  baseUrl: string;
  routes: readonly RouteDefinition[];
  /** Events this principal may send now (from the service). */
  allowedEvents: (record: ReturnData, principal: Principal) => readonly string[];
}

type Template = ReturnResource["_templates"][string];

/** A template with everything but its target, which holds the return's id. */
interface PreparedTemplate {
  event: string;
  base: Omit<Template, "target">;
  /** The target's text before and after the id. */
  before: string;
  after: string;
  /** The members pre-filled for the return, when the route has any. */
  properties?: RouteDefinition["templateProperties"];
}

interface PreparedLinks {
  collection: string;
  /** The item href's text before and after the id. */
  item: [string, string];
  /** By the events a caller may send now (a few per state and caller kind). */
  templates: Map<string, PreparedTemplate[]>;
  /** The forms of the caller's routes that record without a transition, and when each is offered. */
  forms: { template: PreparedTemplate; offered: (record: ReturnData) => boolean }[];
}

/**
 * Per mount (link context) and caller kind: the parts of `_links` and `_templates` that do
 * not depend on the return, built once instead of on every response. Only the target and
 * self links are filled in per return; the shared parts are never changed.
 */
const preparedByContext = new WeakMap<LinkContext, Map<Principal["kind"], PreparedLinks>>();

function preparedFor(ctx: LinkContext, kind: Principal["kind"]): PreparedLinks {
  let byKind = preparedByContext.get(ctx);
  if (!byKind) {
    byKind = new Map();
    preparedByContext.set(ctx, byKind);
  }
  let prepared = byKind.get(kind);
  if (!prepared) {
    const paths = returnPaths(ctx.routes, kind);
    const [before = "", after = ""] = paths.item("\0").split("\0");
    prepared = {
      collection: `${ctx.baseUrl}${paths.collection}`,
      item: [`${ctx.baseUrl}${before}`, after],
      templates: new Map(),
      forms: ctx.routes.flatMap(({ form, ...route }) =>
        form && route.caller === kind
          ? [{ template: prepareTemplate(ctx, kind, form.name, route), offered: form.offered }]
          : [],
      ),
    };
    byKind.set(kind, prepared);
  }
  return prepared;
}

function prepareTemplates(
  ctx: LinkContext,
  kind: Principal["kind"],
  events: readonly string[],
): PreparedTemplate[] {
  const prepared: PreparedTemplate[] = [];
  for (const event of events) {
    const route = routeForEvent(ctx.routes, event as NonNullable<RouteDefinition["event"]>, kind);
    if (route) prepared.push(prepareTemplate(ctx, kind, event, route));
  }
  return prepared;
}

/** The template `name` of `route`, all but the return's id in its target. */
function prepareTemplate(
  ctx: LinkContext,
  kind: Principal["kind"],
  name: string,
  route: Omit<RouteDefinition, "form">,
): PreparedTemplate {
  const schemaId = route.body?.meta()?.id;
  const [before = "", after = ""] = fillId(route, "\0").split("\0");
  return {
    event: name,
    base: {
      title: route.summary,
      method: route.method === "PATCH" ? "PATCH" : "POST",
      contentType: "application/json",
      schema: {
        href: `${ctx.baseUrl}${OPENAPI_PATH}${requestBodySchemaPointer(String(schemaId))}`,
      },
      requiredScopes: [requiredScope(kind, "write")],
    },
    before: `${ctx.baseUrl}${before}`,
    after,
    properties: route.templateProperties,
  };
}

/** The templates of `record` for this caller: the events it may send, then the forms offered. */
function templatesFor(
  prepared: PreparedLinks,
  eventTemplates: readonly PreparedTemplate[],
  record: ReturnData,
  principal: Principal,
): readonly PreparedTemplate[] {
  if (prepared.forms.length === 0 || !hasScope(principal, principal.kind, "write")) {
    return eventTemplates;
  }
  const offered = prepared.forms.filter((form) => form.offered(record));
  return offered.length === 0
    ? eventTemplates
    : [...eventTemplates, ...offered.map((form) => form.template)];
}

export function renderReturn(
  record: ReturnData,
  principal: Principal,
  ctx: LinkContext,
): ReturnResource {
  const prepared = preparedFor(ctx, principal.kind);
  const events = ctx.allowedEvents(record, principal);
  const eventsKey = events.join(",");
  let prepareds = prepared.templates.get(eventsKey);
  if (!prepareds) {
    prepareds = prepareTemplates(ctx, principal.kind, events);
    prepared.templates.set(eventsKey, prepareds);
  }
  const templates: ReturnResource["_templates"] = {};
  for (const { event, base, before, after, properties } of templatesFor(
    prepared,
    prepareds,
    record,
    principal,
  )) {
    const { title, method, contentType, schema, requiredScopes } = base;
    const target = `${before}${record.id}${after}`;
    templates[event] = { title, method, target, contentType, schema, requiredScopes };
    if (properties) templates[event].properties = properties(record);
  }
  return {
    ...record,
    _links: {
      self: { href: `${prepared.item[0]}${record.id}${prepared.item[1]}` },
      collection: { href: prepared.collection },
    },
    _templates: templates,
  };
}
