/**
 * @module http/routes/request-routes — return requests: several lines of one order created,
 * submitted and shipped together (each line is a return of its own; approve, reject and
 * grade stay per return).
 */
import {
  ReturnRequestEstimateSchema,
  ReturnRequestSchema,
  type ReturnSchemas,
  ShipReturnRequestSchema,
  SubmitReturnRequestSchema,
} from "../../domain/schemas";
import type { RouteDefinition, RouteHandler } from "./route-definition";

const PORTAL = "/v1/portal/return-requests";
const MERCHANT = "/v1/merchant/return-requests";

const createHandler: RouteHandler = async (operations, { body, ctx }) => ({
  kind: "request",
  result: await operations.createReturnRequest(body, ctx),
});

const estimateHandler: RouteHandler = async (operations, { body, ctx }) => ({
  kind: "estimate",
  estimate: await operations.estimateReturnRequest(body, ctx),
});

const getHandler: RouteHandler = async (operations, { id, ctx }) => ({
  kind: "request",
  result: {
    request: await operations.getReturnRequest(id, ctx),
    status: 200,
    replayed: false,
    headers: {},
  },
});

const submitHandler: RouteHandler = async (operations, { id, body, ctx }) => ({
  kind: "request",
  result: await operations.submitReturnRequest(id, body, ctx),
});

const shipHandler: RouteHandler = async (operations, { id, body, ctx }) => ({
  kind: "request",
  result: await operations.shipReturnRequest(id, body, ctx),
});

const ONE_REQUEST = { status: 200, schema: ReturnRequestSchema, description: "The return request" };

export function requestRoutes(schemas: ReturnSchemas): RouteDefinition[] {
  return [
    {
      operationId: "createReturnRequest",
      method: "POST",
      path: PORTAL,
      caller: "portal",
      access: "write",
      summary: "Create a return of several order lines: one draft return per line, all or none",
      body: schemas.CreateReturnRequest,
      bodyRequired: true,
      success: { status: 201, schema: ReturnRequestSchema, description: "The new request" },
      problems: [404, 422, 502],
      handler: createHandler,
    },
    {
      operationId: "estimateReturnRequest",
      method: "POST",
      path: `${PORTAL}/estimate`,
      caller: "portal",
      access: "read",
      summary:
        "What a return request would refund if created now: the create's body, checked as create checks it, nothing written",
      body: schemas.CreateReturnRequest,
      bodyRequired: true,
      success: {
        status: 200,
        schema: ReturnRequestEstimateSchema,
        description: "Each line's refund, the return shipping fee shared among them, and the total",
      },
      problems: [404, 422, 502],
      handler: estimateHandler,
    },
    {
      operationId: "getPortalReturnRequest",
      method: "GET",
      path: `${PORTAL}/{id}`,
      caller: "portal",
      access: "read",
      summary: "Get one of the caller's return requests",
      success: ONE_REQUEST,
      handler: getHandler,
    },
    {
      operationId: "submitReturnRequest",
      method: "POST",
      path: `${PORTAL}/{id}/submit`,
      caller: "portal",
      access: "write",
      summary: "Submit every draft of the request, all or none",
      body: SubmitReturnRequestSchema,
      bodyRequired: false,
      success: { ...ONE_REQUEST, description: "The request, its drafts submitted" },
      problems: [404, 409, 422, 502],
      handler: submitHandler,
    },
    {
      operationId: "getMerchantReturnRequest",
      method: "GET",
      path: `${MERCHANT}/{id}`,
      caller: "merchant",
      access: "read",
      summary: "Get a return request",
      success: ONE_REQUEST,
      handler: getHandler,
    },
    {
      operationId: "shipReturnRequest",
      method: "POST",
      path: `${MERCHANT}/{id}/ship`,
      caller: "merchant",
      access: "write",
      summary: "Record one parcel for every approved return of the request",
      body: ShipReturnRequestSchema,
      bodyRequired: false,
      success: { ...ONE_REQUEST, description: "The request, its approved returns in transit" },
      problems: [404, 409],
      handler: shipHandler,
    },
  ];
}
