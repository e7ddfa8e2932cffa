/**
 * @module insights — what the returns say about fit, for the back office: sizes and skus by
 * reason, a page at a time.
 */
export type { InsightOperations } from "./insight-operations";
export type {
  FitCounts,
  FitInsightsQueryInput,
  FitInsightsReport,
  FitSummaryQueryInput,
  FitSummaryReport,
} from "./insights-schemas";
export {
  FitInsightsQuerySchema,
  FitInsightsSchema,
  FitSummaryQuerySchema,
  FitSummarySchema,
} from "./insights-schemas";
