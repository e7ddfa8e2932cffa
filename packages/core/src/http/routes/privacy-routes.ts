/**
 * @module http/routes/privacy-routes — what the shop owes a customer who asks for their data:
 * the export, a page of returns at a time as the returns list pages (`limit`, `cursor`,
 * `next_cursor`, `_links.next`), on the back office's read scope.
 */
import {
  CustomerExportPageSchema,
  CustomerExportQuerySchema,
} from "../../privacy/customer-export-schemas";
import type { RouteDefinition } from "./route-definition";

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
  ];
}
