/**
 * @module domain/return-methods — how a return travels back to the shop, declared as data: one
 * zod schema gives the `policy.returnMethods` option's check, its type, and the published
 * policy's `return_method_details` (OpenAPI component `ReturnMethods`).
 *
 * - `by_mail`: the customer posts the parcel to the return address.
 * - `drop_off`: the customer hands it in at a carrier's drop-off point (instructions, the
 *   carrier, a link to find a point, and the address the carrier takes it to when there is one).
 * - `in_store`: the customer brings it to a store (instructions, the stores).
 */
import { z } from "zod";
import { isStorableText, STORABLE_TEXT_RULE } from "./text";

export const RETURN_METHODS = ["by_mail", "drop_off", "in_store"] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];
export const ReturnMethodSchema = z.enum(RETURN_METHODS).meta({ id: "ReturnMethod" });

const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // One line each: a line break inside one would print as a second line nobody counted.
    .refine((value) => !/[\r\n]/.test(value), { message: "one line of text" })
    .refine(isStorableText, { message: STORABLE_TEXT_RULE });

const instructions = z
  .string()
  .trim()
  .min(1)
  .max(1_000)
  .refine(isStorableText, { message: STORABLE_TEXT_RULE })
  .describe("What the customer does, in the shop's words, shown with the request.");

export const ReturnAddressSchema = z
  .strictObject({
    name: line(100).describe("Who receives it: the shop or its warehouse."),
    lines: z.array(line(100)).min(1).max(4).describe("Street, number, building: one per line."),
    postcode: line(16),
    city: line(64),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: "a two-letter upper-case country code (DE)" })
      .describe("ISO 3166-1 alpha-2 code."),
  })
  .meta({ id: "ReturnAddress" });
export type ReturnAddress = z.infer<typeof ReturnAddressSchema>;

/** What the shop says about each method it offers (published as `return_method_details`). */
export const ReturnMethodDetailsSchema = z
  .strictObject({
    by_mail: z
      .strictObject({
        address: ReturnAddressSchema.describe("Where the parcel is sent."),
        instructions: instructions.optional(),
      })
      .optional()
      .describe("The customer posts the parcel to `address`."),
    drop_off: z
      .strictObject({
        instructions,
        carrier: line(64).optional().describe("The carrier whose points take the parcel."),
        locator_url: z
          .url({ protocol: /^https$/ })
          .max(2_000)
          .optional()
          .describe("Where a customer finds a drop-off point (https)."),
        address: ReturnAddressSchema.optional().describe(
          "Where the carrier takes the parcel, for the packing slip; absent when a label says it.",
        ),
      })
      .optional()
      .describe("The customer hands the parcel in at a carrier's drop-off point."),
    in_store: z
      .strictObject({
        instructions,
        locations: z
          .array(line(200))
          .max(50)
          .optional()
          .describe("The stores that take returns, one line each (`Berlin Mitte, Torstr. 1`)."),
      })
      .optional()
      .describe("The customer brings the items to a store."),
  })
  .meta({ id: "ReturnMethods" });
export type ReturnMethods = z.infer<typeof ReturnMethodDetailsSchema>;

/** The `policy.returnMethods` option: the details of at least one method. */
export const ReturnMethodsSchema = ReturnMethodDetailsSchema.refine(
  (methods) => RETURN_METHODS.some((method) => methods[method] !== undefined),
  { message: "expected at least one of by_mail, drop_off, in_store" },
);

/** The methods `methods` offers, in the fixed order by_mail, drop_off, in_store. */
export function offeredMethods(methods: ReturnMethods | null | undefined): ReturnMethod[] {
  if (!methods) return ["by_mail"];
  return RETURN_METHODS.filter((method) => methods[method] !== undefined);
}
