/**
 * @module http/routes/insights-routes — the back office's insights: fit problems per sku and
 * size, and a summary per sku (merchant read scope); both a page at a time, as the returns
 * list (`limit`, `cursor`, `next_cursor`, `_links.next`).
 */
import {
  FitInsightsQuerySchema,
  FitInsightsSchema,
  FitSummaryQuerySchema,
  FitSummarySchema,
} from "../../insights/insights-schemas";
import type { RouteDefinition } from "./route-definition";

const FIT = "/v1/merchant/insights/fit";

export function insightsRoutes(): RouteDefinition[] {
  return [
    {
      operationId: "getFitInsights",
      method: "GET",
      path: FIT,
      caller: "merchant",
      access: "read",
      summary: "Returns per sku and size by fit direction, body part and reason",
      query: FitInsightsQuerySchema,
      success: {
        status: 200,
        schema: FitInsightsSchema,
        description:
          "A page of sizes: claimed (at create) and confirmed (graded or closed) returns",
      },
      handler: async (operations, { query, ctx }) => ({
        kind: "insights",
        body: await operations.insights.fit(query, ctx),
      }),
    },
    {
      operationId: "getFitSummary",
      method: "GET",
      path: `${FIT}/summary`,
      caller: "merchant",
      access: "read",
      summary: "Per sku: returns, fit returns and the fit issue most of them name",
      query: FitSummaryQuerySchema,
      success: {
        status: 200,
        schema: FitSummarySchema,
        description: "A page of skus, the most fit returns first",
      },
      handler: async (operations, { query, ctx }) => ({
        kind: "insights",
        body: await operations.insights.fitSummary(query, ctx),
      }),
    },
  ];
}
