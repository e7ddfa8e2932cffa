/**
 * @module returns/insights/insights-schemas — the fit insights' query and answers: one zod
 * schema each, which validates the query and names the OpenAPI components (`.meta({ id })`).
 */
import { z } from "zod";
import { FIT_DIRECTIONS } from "../../domain/reasons";
import { isStorableText, STORABLE_TEXT_RULE } from "../../domain/text";

/** A calendar date (midnight UTC) or a date-time with its offset. */
const instant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .refine(inUtcYears, { message: "Must fall in the years 0001 to 9999 (UTC)" })
  .describe("An ISO 8601 date (midnight UTC) or date-time with an offset.");

/** Whether an instant, in UTC, has a four-digit year: what the answer's date-times can say. */
function inUtcYears(value: string): boolean {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

export const FitInsightsQuerySchema = z
  .strictObject({
    sku: z
      .string()
      .min(1)
      .max(128)
      .refine(isStorableText, { message: STORABLE_TEXT_RULE })
      .optional()
      .describe("Only this sku (exact match)."),
    from: instant.optional().describe("Returns created at or after this instant (inclusive)."),
    to: instant.optional().describe("Returns created before this instant (exclusive)."),
  })
  .refine(
    ({ from, to }) => from === undefined || to === undefined || Date.parse(from) < Date.parse(to),
    { message: "from must be before to", path: ["to"] },
  );
export type FitInsightsQueryInput = z.input<typeof FitInsightsQuerySchema>;

/** Returns and units, and how many of them were inspected (graded or closed). */
export const FitCountsSchema = z
  .object({
    returns: z.int().min(0).describe("Returns that claimed it at create (cancelled left out)."),
    units: z.int().min(0).describe("Units of those returns."),
    confirmed_returns: z.int().min(0).describe("Of those returns, the ones graded or closed."),
    confirmed_units: z.int().min(0).describe("Units of the confirmed returns."),
  })
  .meta({ id: "FitCounts" });
export type FitCounts = z.infer<typeof FitCountsSchema>;

const FitDirectionSchema = z.enum(FIT_DIRECTIONS).meta({ id: "FitDirection" });

const FitDirectionCountSchema = FitCountsSchema.extend({
  direction: FitDirectionSchema,
}).meta({ id: "FitDirectionCount" });

const FitBodyPartCountSchema = FitCountsSchema.extend({
  body_part: z.string().nullable().describe("Null for a reason that names no body part."),
}).meta({ id: "FitBodyPartCount" });

const FitReasonCountSchema = FitCountsSchema.extend({
  reason: z.string(),
  kind: z.enum(["fit", "other"]),
  direction: FitDirectionSchema.nullable(),
  body_part: z.string().nullable(),
}).meta({ id: "FitReasonCount" });

const window = {
  sku: z.string().nullable().describe("The sku asked for, or null for every sku."),
  from: z.iso.datetime().nullable().describe("The inclusive start asked for, as UTC."),
  to: z.iso.datetime().nullable().describe("The exclusive end asked for, as UTC."),
};

const FitInsightSizeSchema = z
  .object({
    sku: z.string(),
    size: z.string().nullable(),
    all: FitCountsSchema.describe("Every return of the sku and size, whatever its reason."),
    fit: FitCountsSchema.describe("Those whose reason is a fit reason."),
    by_direction: z.array(FitDirectionCountSchema).describe("Fit returns by direction."),
    by_body_part: z.array(FitBodyPartCountSchema).describe("Fit returns by body part."),
    by_reason: z.array(FitReasonCountSchema).describe("Every return by reason, fit or not."),
  })
  .meta({ id: "FitInsightSize" });

export const FitInsightsSchema = z
  .object({
    object: z.literal("fit_insights"),
    ...window,
    data: z.array(FitInsightSizeSchema).describe("One entry per sku and size, by sku then size."),
  })
  .meta({ id: "FitInsights" });
export type FitInsightsReport = z.infer<typeof FitInsightsSchema>;

const FitTopIssueSchema = FitCountsSchema.extend({
  direction: FitDirectionSchema,
  body_part: z.string().nullable(),
  size: z.string().nullable(),
  label: z.string().describe("`TOO_SMALL at CHEST in M`."),
}).meta({ id: "FitTopIssue" });

const FitSkuSummarySchema = z
  .object({
    sku: z.string(),
    all: FitCountsSchema.describe("Every return of the sku, whatever its reason."),
    fit: FitCountsSchema.describe("Those whose reason is a fit reason."),
    fit_share: z.number().min(0).max(1).describe("fit.returns / all.returns, to 3 decimals."),
    top: FitTopIssueSchema.nullable().describe(
      "The direction, body part and size with the most fit returns; null without fit returns.",
    ),
  })
  .meta({ id: "FitSkuSummary" });

export const FitSummarySchema = z
  .object({
    object: z.literal("fit_summary"),
    ...window,
    data: z
      .array(FitSkuSummarySchema)
      .describe("One entry per sku, the most fit returns first (then by sku)."),
  })
  .meta({ id: "FitSummary" });
export type FitSummaryReport = z.infer<typeof FitSummarySchema>;
