/**
 * @module http/routes/privacy-routes — what the shop owes a customer who asks for their data:
 * the export, a page of returns at a time as the returns list pages (`limit`, `cursor`,
 * `next_cursor`, `_links.next`), on the back office's read scope; erasing a customer's or an
 * order's personal data (a job: 202, then GET the same path), on its write scope.
 */

import { ErasureRequestSchema, ErasureSchema } from "../../domain/schemas";
import {
  CustomerExportPageSchema,
  CustomerExportQuerySchema,
} from "../../privacy/customer-export-schemas";
import type { RouteDefinition } from "./route-definition";

const CUSTOMER_ERASURE = "/v1/merchant/customers/{customer_id}/erasure";
const ORDER_ERASURE = "/v1/merchant/orders/{order_id}/erasure";
const ERASURE = { status: 200, schema: ErasureSchema, description: "Where the erasure stands" };

/** POST and GET of one erasure path: the request (202, once per key) and its status. */
function erasureRoutes(scope: "customer" | "order"): RouteDefinition[] {
  const path = scope === "customer" ? CUSTOMER_ERASURE : ORDER_ERASURE;
  const param = scope === "customer" ? "customer_id" : "order_id";
  const what = scope === "customer" ? "a customer's" : "an order's";
  const name = scope === "customer" ? "Customer" : "Order";
  return [
    {
      operationId: `erase${name}`,
      method: "POST",
      path,
      caller: "merchant",
      access: "write",
      summary: `Erase ${what} personal data from its returns (GDPR art. 17), in a background job`,
      body: ErasureRequestSchema,
      bodyRequired: true,
      success: {
        status: 202,
        schema: ErasureSchema,
        description: "The erasure job is committed; GET the same path to see it completed",
      },
      handler: async (operations, { params, body, ctx }) => {
        const id = params[param] ?? "";
        const target = { method: "POST", path: path.replace(`{${param}}`, encodeURIComponent(id)) };
        const answer = await operations.erasure.requestErasure(scope, id, body, target, ctx);
        return { kind: "answer", answer };
      },
    },
    {
      operationId: `get${name}Erasure`,
      method: "GET",
      path,
      caller: "merchant",
      access: "read",
      summary: `Whether ${what} personal data is erased`,
      success: ERASURE,
      handler: async (operations, { params, ctx }) => {
        const erasure = await operations.erasure.getErasure(scope, params[param] ?? "", ctx);
        return {
          kind: "answer",
          answer: { status: 200, body: erasure, headers: {}, replayed: false },
        };
      },
    },
  ];
}

export function privacyRoutes(): RouteDefinition[] {
  return [
    {
      operationId: "exportCustomer",
      method: "GET",
      path: "/v1/merchant/customers/{customer_id}/export",
      caller: "merchant",
      access: "read",
      summary: "Export a customer's returns, requests, history, refunds and exchanges",
      query: CustomerExportQuerySchema,
      success: {
        status: 200,
        schema: CustomerExportPageSchema,
        description:
          "A page of the export: a page of returns with the requests they belong to (empty for a customer with no returns)",
      },
      handler: async (operations, { params, query, ctx }) => ({
        kind: "customer-export",
        page: await operations.customerExport.exportCustomerPage(
          params.customer_id ?? "",
          query,
          ctx,
        ),
      }),
    },
    ...erasureRoutes("customer"),
    ...erasureRoutes("order"),
  ];
}
