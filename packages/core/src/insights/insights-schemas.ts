/**
 * @module insights/insights-schemas — the fit insights' query and answers: one zod
 * schema each, which validates the query and names the OpenAPI components (`.meta({ id })`).
 */
import { z } from "zod";
import { FIT_DIRECTIONS } from "../domain/reasons";
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, LinkSchema, listLimit } from "../domain/schemas";
import { isStorableText, STORABLE_TEXT_RULE } from "../domain/text";
import { decodeSizeCursor, decodeSkuCursor, INSIGHT_CURSOR_MAX_LENGTH } from "./insight-cursors";

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

/** A page's cursor: the `next_cursor` of the page before, refused unless `decode` reads it. */
function cursorOf(decode: (cursor: string) => unknown) {
  return z
    .string()
    .max(INSIGHT_CURSOR_MAX_LENGTH)
    .refine((cursor) => decode(cursor) !== null, {
      message: "not a cursor this list gave out: start again without it",
    })
    .optional()
    .describe(
      "A previous page's `next_cursor`, with the same sku, from and to: the page after it.",
    );
}

/** A query of the window (sku, from, to) and a page (limit, cursor). */
function pageQuery(cursor: ReturnType<typeof cursorOf>, entries: string) {
  return z
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
      limit: listLimit.describe(
        `${entries} per page: 1-${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT}.`,
      ),
      cursor,
    })
    .refine(
      ({ from, to }) => from === undefined || to === undefined || Date.parse(from) < Date.parse(to),
      { message: "from must be before to", path: ["to"] },
    );
}

export const FitInsightsQuerySchema = pageQuery(
  cursorOf(decodeSizeCursor),
  "Entries (a sku and size each)",
);
export type FitInsightsQueryInput = z.input<typeof FitInsightsQuerySchema>;
export const FitSummaryQuerySchema = pageQuery(cursorOf(decodeSkuCursor), "Entries (a sku each)");
export type FitSummaryQueryInput = z.input<typeof FitSummaryQuerySchema>;

/** A count, exact up to 2^53 − 1 and that figure beyond: what every JSON reader keeps exactly. */
const count = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Returns and units, and how many of them were inspected (graded or closed). */
export const FitCountsSchema = z
  .object({
    returns: count.describe("Returns that claimed it at create (cancelled left out)."),
    units: count.describe("Units of those returns."),
    confirmed_returns: count.describe("Of those returns, the ones graded or closed."),
    confirmed_units: count.describe("Units of the confirmed returns."),
  })
  .describe(
    "Each count is exact up to 9007199254740991 (2^53 − 1); a count beyond it is answered as that figure: at least so many.",
  )
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
const nextCursor = z
  .string()
  .nullable()
  .describe("Where the next page starts (its `cursor`); null on the last page, even a full one.");
const links = z
  .record(z.string(), LinkSchema)
  .describe("`self`; `next`, the next page's URL, unless this is the last page.");

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

/** What `service.insights.fit` answers; the route adds `_links`. */
export const FitInsightsDataSchema = z.object({
  object: z.literal("fit_insights"),
  ...window,
  data: z
    .array(FitInsightSizeSchema)
    .describe("One entry per sku and size, by sku then size (nulls last), a page at a time."),
  next_cursor: nextCursor,
});
export type FitInsightsReport = z.infer<typeof FitInsightsDataSchema>;
export const FitInsightsSchema = FitInsightsDataSchema.extend({ _links: links }).meta({
  id: "FitInsights",
});

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

/** What `service.insights.fitSummary` answers; the route adds `_links`. */
export const FitSummaryDataSchema = z.object({
  object: z.literal("fit_summary"),
  ...window,
  data: z
    .array(FitSkuSummarySchema)
    .describe("One entry per sku, the most fit returns first (then by sku), a page at a time."),
  next_cursor: nextCursor,
});
export type FitSummaryReport = z.infer<typeof FitSummaryDataSchema>;
export const FitSummarySchema = FitSummaryDataSchema.extend({ _links: links }).meta({
  id: "FitSummary",
});
