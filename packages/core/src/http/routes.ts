/**
 * @module http/routes — every route of SPEC 5 as data.
 *
 * The router matches requests against this table, the OpenAPI document is generated from
 * it, and `_templates` find the route of an event here. A route is added in one place.
 */
import type { z } from "zod";
import { EVENT_CALLER, MERCHANT_EVENTS, type ReturnEvent } from "../machine";
import type { Access, CallerKind } from "../principal";
import {
  EVENT_BODY_SCHEMAS,
  MerchantListQuerySchema,
  PortalListQuerySchema,
  ReturnListSchema,
  ReturnSchema,
  type ReturnSchemas,
} from "../schemas";

export type HttpMethod = "GET" | "POST" | "PATCH";

export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to the mount point, OpenAPI style (`/v1/portal/returns/{id}`). */
  path: string;
  /** Who may call it; null for public documents. */
  caller: CallerKind | null;
  access: Access;
  summary: string;
  /** The JSON body schema (its `.meta({ id })` names the OpenAPI component). */
  body?: z.ZodType;
  /** False when an empty body is fine (event bodies). */
  bodyRequired?: boolean;
  query?: z.ZodType;
  success?: { status: number; schema: z.ZodType; description: string };
  /** The lifecycle event this route sends, for `_templates`. */
  event?: ReturnEvent;
}

const EVENT_SUMMARIES: Record<ReturnEvent, string> = {
  update: "Update the draft",
  submit: "Submit the return",
  cancel: "Cancel the return",
  approve: "Approve the return",
  reject: "Reject the return",
  flag: "Flag the return for review",
  unflag: "Clear the flag",
  ship: "Record the return shipment",
  receive: "Record the item as received",
  grade: "Grade the received item",
  close: "Close the return",
};

export function eventTitle(event: ReturnEvent): string {
  return EVENT_SUMMARIES[event];
}

export function buildRoutes(schemas: ReturnSchemas): RouteDefinition[] {
  const one = { status: 200, schema: ReturnSchema, description: "The return" };
  const portal = "/v1/portal/returns";
  const merchant = "/v1/merchant/returns";
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
    },
    {
      operationId: "getPortalReturn",
      method: "GET",
      path: `${portal}/{id}`,
      caller: "portal",
      access: "read",
      summary: "Get one of the caller's returns",
      success: one,
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
    },
    portalEventRoute("submit"),
    portalEventRoute("cancel"),
    {
      operationId: "listMerchantReturns",
      method: "GET",
      path: merchant,
      caller: "merchant",
      access: "read",
      summary: "List all returns",
      query: MerchantListQuerySchema,
      success: { status: 200, schema: ReturnListSchema, description: "A page of returns" },
    },
    {
      operationId: "getMerchantReturn",
      method: "GET",
      path: `${merchant}/{id}`,
      caller: "merchant",
      access: "read",
      summary: "Get a return",
      success: one,
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
      }),
    ),
  ];
}

/** The route that sends `event` for `caller`, if any. */
export function routeForEvent(
  routes: readonly RouteDefinition[],
  event: ReturnEvent,
  caller: CallerKind,
): RouteDefinition | undefined {
  return routes.find((route) => route.event === event && route.caller === caller);
}
