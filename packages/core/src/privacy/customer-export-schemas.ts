/**
 * @module privacy/customer-export-schemas — what a customer's data export holds (GDPR art. 15
 * and 20, Shopify's `customers/data_request`): one zod schema for the document and its pages,
 * which validates, types and names the OpenAPI components (`.meta({ id })`).
 */
import { z } from "zod";
import { isReturnId } from "../domain/ids";
import {
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  LinkSchema,
  listLimit,
  ReturnDataSchema,
  ReturnRequestDataSchema,
} from "../domain/schemas";

/**
 * The export's schema and version. A change a reader of version 1 would misread (a member
 * removed, renamed or retyped) gets a new version; members may be added within one.
 */
export const CUSTOMER_EXPORT_SCHEMA = "returnkit.customer-export/1";

export const CustomerExportQuerySchema = z.strictObject({
  limit: listLimit.describe(
    `Returns per page: 1-${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT}. Each page adds the return requests its returns belong to.`,
  ),
  cursor: z
    .string()
    .refine(isReturnId, { message: "not a cursor this export gave out: start again without it" })
    .optional()
    .describe("A previous page's `next_cursor`: the page after it."),
});
export type CustomerExportQueryInput = z.input<typeof CustomerExportQuerySchema>;

/** A return request in an export: its returns are the export's (`return_ids` names them). */
const CustomerExportRequestSchema = ReturnRequestDataSchema.omit({ returns: true })
  .extend({
    return_ids: z
      .array(z.string())
      .describe("Its returns, in line order; each is in the export's `returns`."),
  })
  .meta({ id: "CustomerExportRequest" });
export type CustomerExportRequest = z.infer<typeof CustomerExportRequestSchema>;

export const CustomerExportSchema = z
  .object({
    schema: z
      .literal(CUSTOMER_EXPORT_SCHEMA)
      .describe("What this document is, and the version of its shape."),
    customer_id: z.string(),
    exported_at: z.iso
      .datetime()
      .describe("When the export was read (its first page, for a paged one)."),
    returns: z
      .array(ReturnDataSchema)
      .describe(
        "Every return of the customer, newest first, each with its history (every transition with its actor and time), refund, payouts and exchange.",
      ),
    return_requests: z
      .array(CustomerExportRequestSchema)
      .describe("The return requests those returns were created in, with their refund totals."),
  })
  .meta({ id: "CustomerExport" });
export type CustomerExport = z.infer<typeof CustomerExportSchema>;

/** One page of the export: a valid export of a page of returns, and where the next starts. */
const CustomerExportPageDataSchema = CustomerExportSchema.extend({
  next_cursor: z
    .string()
    .nullable()
    .describe("Where the next page starts (its `cursor`); null on the last page, even a full one."),
});
export type CustomerExportPage = z.infer<typeof CustomerExportPageDataSchema>;

export const CustomerExportPageSchema = CustomerExportPageDataSchema.extend({
  _links: z
    .record(z.string(), LinkSchema)
    .describe("`self`; `next`, the next page's URL, unless this is the last page."),
}).meta({ id: "CustomerExportPage" });
