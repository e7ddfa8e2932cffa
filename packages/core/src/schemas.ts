/**
 * @module schemas — zod v4 schemas: the single source of validation, TypeScript types and
 * the OpenAPI components (`.meta({ id })` names each component).
 *
 * Schemas that depend on the host's reason catalogue are built by `createReturnSchemas`;
 * the exported constants use the default catalogue.
 */
import { z } from "zod";
import { MERCHANT_EVENTS, PORTAL_EVENTS, RETURN_STATES } from "./machine";
import { PROBLEM_TYPE_PREFIX } from "./problems";
import { createReasonCatalogue, FIT_DIRECTIONS, type ReasonCatalogue } from "./reasons";
import { isStorableText, STORABLE_TEXT_RULE } from "./text";

export const RESOLUTIONS = ["REFUND", "STORE_CREDIT", "EXCHANGE"] as const;
export const REJECT_REASON_CODES = [
  "FINAL_SALE",
  "RETURN_WINDOW_EXPIRED",
  "NOT_ELIGIBLE",
  "OTHER",
] as const;
export const GRADE_CONDITIONS = [
  "NEW",
  "LIKE_NEW",
  "USED",
  "DAMAGED",
  "UNSELLABLE",
  "WRONG_ITEM",
  "MISSING",
] as const;
export const GRADE_DISPOSITIONS = [
  "RESTOCK",
  "REFURBISH",
  "RESELL_DISCOUNTED",
  "DONATE",
  "RECYCLE",
  "DISPOSE",
] as const;

export const NOTE_MAX = 500;

/**
 * Text a caller sends: only what every store keeps exactly (see `isStorableText`), so a
 * store never fails on it or alters it instead of answering 400. A refinement, not a
 * `pattern`, so the published schemas (and the agents that fill them in) stay plain.
 */
const STORABLE = { message: STORABLE_TEXT_RULE };
const text = (min: number, max: number) =>
  z.string().min(min).max(max).refine(isStorableText, STORABLE);
const note = text(1, NOTE_MAX).optional().describe("Free text kept in the history entry.");

export const ResolutionSchema = z.enum(RESOLUTIONS).meta({ id: "Resolution" });
export const ReturnStateSchema = z.enum(RETURN_STATES).meta({ id: "ReturnState" });
export const ReturnEventNameSchema = z.enum([...PORTAL_EVENTS, ...MERCHANT_EVENTS]);

// ---- event bodies (strict; an empty body is always fine) ----

export const NoteBodySchema = z.strictObject({ note }).meta({ id: "EventNote" });
export const SubmitReturnSchema = z.strictObject({ note }).meta({ id: "SubmitReturn" });
export const CancelReturnSchema = z.strictObject({ note }).meta({ id: "CancelReturn" });
export const ApproveReturnSchema = z.strictObject({ note }).meta({ id: "ApproveReturn" });
export const RejectReturnSchema = z
  .strictObject({ reason_code: z.enum(REJECT_REASON_CODES).optional(), note })
  .meta({ id: "RejectReturn" });
export const FlagReturnSchema = z.strictObject({ note }).meta({ id: "FlagReturn" });
export const UnflagReturnSchema = z.strictObject({ note }).meta({ id: "UnflagReturn" });
export const ShipReturnSchema = z
  .strictObject({ carrier: text(1, 64).optional(), tracking_number: text(1, 128).optional(), note })
  .meta({ id: "ShipReturn" });
export const ReceiveReturnSchema = z.strictObject({ note }).meta({ id: "ReceiveReturn" });
export const GradeReturnSchema = z
  .strictObject({
    condition: z.enum(GRADE_CONDITIONS).optional(),
    disposition: z.enum(GRADE_DISPOSITIONS).optional(),
    note,
  })
  .meta({ id: "GradeReturn" });
export const CloseReturnSchema = z.strictObject({ note }).meta({ id: "CloseReturn" });

/** The body schema of each state-changing event (update is the PATCH body, built per catalogue). */
export const EVENT_BODY_SCHEMAS = {
  submit: SubmitReturnSchema,
  cancel: CancelReturnSchema,
  approve: ApproveReturnSchema,
  reject: RejectReturnSchema,
  flag: FlagReturnSchema,
  unflag: UnflagReturnSchema,
  ship: ShipReturnSchema,
  receive: ReceiveReturnSchema,
  grade: GradeReturnSchema,
  close: CloseReturnSchema,
} as const;
export type EventBodies = {
  [K in keyof typeof EVENT_BODY_SCHEMAS]: z.infer<(typeof EVENT_BODY_SCHEMAS)[K]>;
};

// ---- the return record ----

export const ActorSchema = z
  .object({ kind: z.enum(["portal", "merchant", "policy"]), id: z.string() })
  .meta({ id: "Actor" });

export const HistoryEntrySchema = z
  .object({
    seq: z.int().min(1),
    event: z.enum(["create", ...PORTAL_EVENTS, ...MERCHANT_EVENTS]),
    from: ReturnStateSchema.nullable(),
    to: ReturnStateSchema,
    at: z.iso.datetime(),
    actor: ActorSchema,
    note: z.string().optional(),
    reason_code: z.enum(REJECT_REASON_CODES).optional(),
  })
  .meta({ id: "HistoryEntry" });

export const ReturnLineSchema = z
  .object({ sku: z.string(), quantity: z.int().min(1), size: z.string().nullable() })
  .meta({ id: "ReturnLine" });

export const ShipmentSchema = z
  .object({ carrier: z.string().nullable(), tracking_number: z.string().nullable() })
  .meta({ id: "Shipment" });

export const GradeSchema = z
  .object({
    condition: z.enum(GRADE_CONDITIONS).nullable(),
    disposition: z.enum(GRADE_DISPOSITIONS).nullable(),
  })
  .meta({ id: "Grade" });

/** The order line a return was checked against, as the shop's order system gave it. */
export const ReturnOrderLineSchema = z
  .object({
    purchased: z.int().min(1).describe("Units bought on the order line."),
    unit_price: z
      .int()
      .min(0)
      .nullable()
      .describe("Price of one unit in the currency's minor unit (cents)."),
    currency: z.string().nullable().describe("ISO 4217 code of the order's prices."),
    placed_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    returnable_until: z.iso.datetime().describe("The end of the line's return window."),
  })
  .meta({ id: "ReturnOrderLine" });

/** A return as the service keeps it and webhooks carry it (no caller-specific links). */
export const ReturnDataSchema = z
  .object({
    id: z.string().regex(/^ret_[0-9A-HJKMNP-TV-Z]{26}$/),
    object: z.literal("return"),
    order_id: z.string(),
    line: ReturnLineSchema,
    order_line: ReturnOrderLineSchema.nullable().describe(
      "The order line as last checked (at create, update and submit); null when the service is not connected to the shop's orders.",
    ),
    reason: z.string(),
    resolution: ResolutionSchema,
    exchange_size: z.string().nullable(),
    state: ReturnStateSchema,
    flagged_from: ReturnStateSchema.nullable(),
    grade: GradeSchema.nullable(),
    shipment: ShipmentSchema.nullable(),
    customer_id: z.string(),
    version: z.int().min(1),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    history: z.array(HistoryEntrySchema),
  })
  .meta({ id: "ReturnData" });

export type ReturnData = z.infer<typeof ReturnDataSchema>;
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export type Resolution = z.infer<typeof ResolutionSchema>;
export type Shipment = z.infer<typeof ShipmentSchema>;
export type Grade = z.infer<typeof GradeSchema>;
export type ReturnOrderLine = z.infer<typeof ReturnOrderLineSchema>;

// ---- HAL links and HAL-FORMS templates ----

export const LinkSchema = z.object({ href: z.string() }).meta({ id: "Link" });

/** A HAL-FORMS property: one member of the body, pre-filled or constrained. */
export const TemplatePropertySchema = z
  .object({
    name: z.string().describe("The body member; a dotted path for a nested one (`line.sku`)."),
    value: z
      .union([z.string(), z.number()])
      .optional()
      .describe("The value to send, as its JSON type."),
    readOnly: z.boolean().optional(),
    required: z.boolean().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    options: z
      .object({ inline: z.array(z.string()) })
      .optional()
      .describe("The values the member may take."),
  })
  .meta({ id: "TemplateProperty" });

export const TemplateSchema = z
  .object({
    title: z.string(),
    method: z.enum(["POST", "PATCH"]),
    target: z.string(),
    contentType: z.literal("application/json"),
    schema: z.object({ $ref: z.string() }),
    requiredScopes: z.array(z.string()),
    properties: z
      .array(TemplatePropertySchema)
      .optional()
      .describe("Members pre-filled for this resource; `schema` has the full body."),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof TemplateSchema>;

export const ReturnSchema = ReturnDataSchema.extend({
  _links: z.record(z.string(), LinkSchema),
  _templates: z.record(z.string(), TemplateSchema),
}).meta({ id: "Return" });
export type ReturnResource = z.infer<typeof ReturnSchema>;

export const ReturnListSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(ReturnSchema),
    next_cursor: z.string().nullable(),
    _links: z.record(z.string(), LinkSchema),
  })
  .meta({ id: "ReturnList" });

export const ProblemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem" });

// ---- what an order can return ----

/** The problem types a return of one unit of a line would meet now, in the order they are checked. */
export const LINE_REFUSALS = [
  `${PROBLEM_TYPE_PREFIX}quantity-exceeds-returnable`,
  `${PROBLEM_TYPE_PREFIX}return-window-closed`,
  `${PROBLEM_TYPE_PREFIX}not-returnable`,
] as const;

export const ReturnableLineSchema = z
  .object({
    sku: z.string(),
    size: z.string().nullable(),
    purchased: z.int().min(1).describe("Units bought."),
    in_returns: z.int().min(0).describe("Units in returns that are not cancelled or rejected."),
    returnable_quantity: z.int().min(0).describe("Units a new return may take now."),
    returnable_until: z.iso.datetime(),
    final_sale: z.boolean(),
    unit_price: z.int().min(0).nullable().describe("In the currency's minor unit (cents)."),
    refusal: z
      .enum(LINE_REFUSALS)
      .nullable()
      .describe("The problem a return of this line would get now; null when it can be returned."),
    resolutions: z
      .array(ResolutionSchema)
      .describe("What the customer may ask for; empty when the line cannot be returned."),
    exchange_sizes: z
      .array(z.string())
      .nullable()
      .describe("Sizes an exchange may ask for; null when the shop does not say."),
  })
  .meta({ id: "ReturnableLine" });

/** What can be returned from one order, line by line (`returnableLines`). */
export const ReturnableOrderDataSchema = z
  .object({
    object: z.literal("returnable_order"),
    order_id: z.string(),
    currency: z.string().nullable(),
    placed_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    lines: z.array(ReturnableLineSchema),
  })
  .meta({ id: "ReturnableOrderData" });
export type ReturnableOrder = z.infer<typeof ReturnableOrderDataSchema>;
export type ReturnableLine = z.infer<typeof ReturnableLineSchema>;

export const ReturnableOrderSchema = ReturnableOrderDataSchema.extend({
  lines: z.array(
    ReturnableLineSchema.extend({
      _templates: z
        .record(z.string(), TemplateSchema)
        .describe("`create`, pre-filled for this line, when it can be returned."),
    }),
  ),
  _links: z.record(z.string(), LinkSchema),
}).meta({ id: "ReturnableOrder" });

// ---- the reason catalogue ----

export const ReasonSchema = z
  .object({
    code: z.string().describe("What a create or update body sends as `reason`."),
    kind: z.enum(["fit", "other"]),
    direction: z.enum(FIT_DIRECTIONS).nullable().describe("Which way a fit reason did not fit."),
    body_part: z.string().nullable().describe("Where, for fit reasons that say."),
    label: z.string().describe("An English label made from the code."),
  })
  .meta({ id: "Reason" });

export const ReasonListSchema = z
  .object({ object: z.literal("list"), data: z.array(ReasonSchema) })
  .meta({ id: "ReasonList" });

// ---- list queries ----

export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;
const limit = z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT);
const cursor = z.string().min(1).max(200).refine(isStorableText, STORABLE).optional();

export const PortalListQuerySchema = z.strictObject({
  order_id: text(1, 128).optional(),
  limit,
  cursor,
});
export const MerchantListQuerySchema = z.strictObject({
  state: ReturnStateSchema.optional(),
  order_id: text(1, 128).optional(),
  limit,
  cursor,
});
export type PortalListQuery = z.input<typeof PortalListQuerySchema>;
export type MerchantListQuery = z.input<typeof MerchantListQuerySchema>;

// ---- create / update, per reason catalogue ----

function reasonSchema(catalogue: ReasonCatalogue) {
  const allowed = catalogue.codes;
  return z
    .string()
    .refine((code) => catalogue.has(code), {
      message: `Unknown reason; allowed: ${allowed.join(", ")}`,
    })
    .meta({ description: "A reason code of the catalogue.", enum: [...allowed] });
}

const EXCHANGE_SIZE_MESSAGE = {
  required: "exchange_size is required when resolution is EXCHANGE",
  forbidden: "exchange_size is only allowed when resolution is EXCHANGE",
};

export function createReturnSchemas(catalogue: ReasonCatalogue = createReasonCatalogue()) {
  const reason = reasonSchema(catalogue);
  const CreateReturn = z
    .strictObject({
      order_id: text(1, 128),
      line: z.strictObject({
        sku: text(1, 64),
        quantity: z.int().min(1).max(10_000).default(1),
        size: text(1, 32).optional().describe("The size that was ordered."),
      }),
      reason,
      resolution: ResolutionSchema,
      exchange_size: text(1, 32).optional(),
    })
    .superRefine((input, ctx) => {
      if (input.resolution === "EXCHANGE" && input.exchange_size === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["exchange_size"],
          message: EXCHANGE_SIZE_MESSAGE.required,
        });
      }
      if (input.resolution !== "EXCHANGE" && input.exchange_size !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["exchange_size"],
          message: EXCHANGE_SIZE_MESSAGE.forbidden,
        });
      }
    })
    .meta({
      id: "CreateReturn",
      // The superRefine above, stated in JSON Schema so clients and agents can predict it.
      if: { properties: { resolution: { const: "EXCHANGE" } }, required: ["resolution"] },
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a thenable
      then: { required: ["exchange_size"] },
      else: { not: { required: ["exchange_size"] } },
    });

  // Cross-field rules of an update need the current draft, so the service checks them.
  const UpdateReturn = z
    .strictObject({
      reason: reason.optional(),
      resolution: ResolutionSchema.optional(),
      exchange_size: text(1, 32).nullable().optional(),
    })
    .refine((patch) => Object.keys(patch).length > 0, {
      message: "Send at least one field to change",
    })
    .meta({ id: "UpdateReturn" });

  return { CreateReturn, UpdateReturn };
}

export type ReturnSchemas = ReturnType<typeof createReturnSchemas>;
export type CreateReturnInput = z.input<ReturnSchemas["CreateReturn"]>;
export type CreateReturnParsed = z.output<ReturnSchemas["CreateReturn"]>;
export type UpdateReturnInput = z.input<ReturnSchemas["UpdateReturn"]>;

export { EXCHANGE_SIZE_MESSAGE };
