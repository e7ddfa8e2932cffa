/**
 * @module domain/schemas — zod v4 schemas: the single source of validation, TypeScript types and
 * the OpenAPI components (`.meta({ id })` names each component).
 *
 * Schemas that depend on the host's reason catalogue are built by `createReturnSchemas`;
 * the exported constants use the default catalogue.
 */
import { z } from "zod";
import { DESTINATION_RULES } from "./destination-rules";
import { EXCHANGE_MODES, EXCHANGE_STATUSES } from "./exchange-status";
import { MERCHANT_EVENTS, PORTAL_EVENTS, RETURN_STATES } from "./machine";
import {
  LABEL_STATUSES,
  LabelSchema,
  ShippingAddressSchema,
  TrackingSchema,
} from "./parcel-schemas";
import { ACTOR_KINDS } from "./principal";
import { PROBLEM_TYPE_PREFIX } from "./problems";
import {
  createReasonCatalogue,
  FIT_DIRECTIONS,
  REASON_CODE_PATTERN,
  type ReasonCatalogue,
} from "./reasons";
import { CurrencyExponentSchema, ExchangeDifferenceSchema, RefundSchema } from "./refunds";
import { RETURN_METHODS, type ReturnMethod, ReturnMethodSchema } from "./return-methods";
import { normaliseRma, RMA_PATTERN } from "./rma";
import { isStorableText, STORABLE_TEXT_RULE } from "./text";
import {
  GRADE_CONDITIONS,
  GRADE_DISPOSITIONS,
  REJECT_REASON_CODES,
  RESOLUTIONS,
} from "./vocabulary";

export { GRADE_CONDITIONS, RESOLUTIONS };

const NOTE_MAX = 500;

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
const ReturnStateSchema = z.enum(RETURN_STATES).meta({ id: "ReturnState" });
export const ReturnEventNameSchema = z.enum([...PORTAL_EVENTS, ...MERCHANT_EVENTS]);

// ---- event bodies (strict; an empty body is always fine) ----

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
    accepted_quantity: z
      .int()
      .min(0)
      .max(10_000)
      .optional()
      .describe(
        "Units accepted for a refund; the return's quantity when absent. More than the return's quantity is a 400.",
      ),
    note,
  })
  .meta({ id: "GradeReturn" });
export const CloseReturnSchema = z.strictObject({ note }).meta({ id: "CloseReturn" });

/** The most payouts one return keeps: partial payouts, not one per cent. */
export const PAYOUTS_MAX = 20;

/** A payout the host made (`POST …/returns/{id}/refunds`): what its payment system paid back. */
export const RecordRefundSchema = z
  .strictObject({
    amount: z
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .describe(
        "What was paid back, in the minor unit of the return's refund currency (cents for EUR). At most what the final refund has left to pay: `refund.total − refunded_amount`.",
      ),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional()
      .describe(
        "ISO 4217 code of `amount`; when sent, it must be the refund's currency (a check, never a conversion).",
      ),
    reference: text(1, 128).describe(
      "The host's reference of the payout in its payment system (a Stripe refund id `re_…`, a gift card number). One payout per reference: sending a reference again with the same amount records nothing more.",
    ),
    issued_at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("When the payout was issued (ISO 8601); when it is recorded if absent."),
  })
  .meta({ id: "RecordRefund" });
export type RecordRefundInput = z.input<typeof RecordRefundSchema>;

/** The body of `POST …/exchange-payments`: the customer's payment of the difference. */
export const RecordExchangePaymentSchema = z
  .strictObject({
    amount: z
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .describe(
        "What the customer paid, in the minor unit of the order's currency: exactly the exchange's `customer_pays` difference.",
      ),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional()
      .describe("ISO 4217 code of `amount`; when sent, it must be the order's currency."),
    reference: text(1, 128).describe(
      "The host's reference of the payment (a Stripe payment intent `pi_…`). Sending the same reference and amount again records nothing more.",
    ),
    paid_at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("When the customer paid (ISO 8601); when it is recorded if absent."),
  })
  .meta({ id: "RecordExchangePayment" });
export type RecordExchangePaymentInput = z.input<typeof RecordExchangePaymentSchema>;

/** The body of `POST …/exchange-order`: the host's order that sends the new items. */
export const RecordExchangeOrderSchema = z
  .strictObject({
    order_id: text(1, 128).describe(
      "The host's order that sends the exchange's new items. Sending it again records nothing more.",
    ),
  })
  .meta({ id: "RecordExchangeOrder" });
export type RecordExchangeOrderInput = z.input<typeof RecordExchangeOrderSchema>;

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

/**
 * An open set, so a new kind is no breaking change: a plain string whose known values are
 * listed (`examples`) rather than an enum, which generated clients would turn into a closed
 * union that a new kind breaks.
 */
const ActorKindSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/)
  .meta({ examples: [...ACTOR_KINDS] })
  .describe(
    "Who acted: `portal` (the customer), `merchant` (staff), `policy` (the shop's auto-approval rule); `carrier`, `privacy` and `system` are reserved for carriers' tracking, erasures and the service's timed work. More kinds may be added in any release: accept a kind you do not know and show it as it is.",
  );

const ActorSchema = z
  .object({
    kind: ActorKindSchema,
    id: z.string(),
    on_behalf_of: z
      .object({ kind: ActorKindSchema, id: z.string() })
      .optional()
      .describe(
        "Whom the actor acted for, when not on its own account (e.g. the staff member who asked for an erasure).",
      ),
  })
  .meta({ id: "Actor" });

export const HistoryEntrySchema = z
  .object({
    seq: z.int().min(1),
    event: z
      .enum(["create", ...PORTAL_EVENTS, ...MERCHANT_EVENTS, "erase"])
      .describe(
        "The event applied; `erase`: the customer's personal data was erased (`from` and `to` the state it stays in, actor `privacy`).",
      ),
    from: ReturnStateSchema.nullable(),
    to: ReturnStateSchema,
    at: z.iso.datetime(),
    actor: ActorSchema,
    note: z.string().optional(),
    reason_code: z.enum(REJECT_REASON_CODES).optional(),
  })
  .meta({ id: "HistoryEntry" });

const ReturnLineSchema = z
  .object({ sku: z.string(), quantity: z.int().min(1), size: z.string().nullable() })
  .meta({ id: "ReturnLine" });

const ShipmentSchema = z
  .object({ carrier: z.string().nullable(), tracking_number: z.string().nullable() })
  .meta({ id: "Shipment" });

const GradeSchema = z
  .object({
    condition: z.enum(GRADE_CONDITIONS).nullable(),
    disposition: z.enum(GRADE_DISPOSITIONS).nullable(),
    accepted_quantity: z
      .int()
      .min(0)
      .describe(
        "Units grading accepted (at most the return's quantity); the others refund nothing.",
      ),
  })
  .meta({ id: "Grade" });

/** What the customer recognises of an order line's product, as the shop's order data gave it. */
export const ProductSchema = z
  .object({
    title: z.string().nullable().describe("The product's name, e.g. `Organic cotton tee`."),
    variant_title: z
      .string()
      .nullable()
      .describe("The variant bought, e.g. `Black / M`; null when the product has one variant."),
    options: z
      .array(z.object({ name: z.string(), value: z.string() }))
      .describe("The variant's option values, e.g. `[{ name: 'Colour', value: 'Black' }]`."),
    image_url: z.string().nullable().describe("A picture of the variant (the shop's URL)."),
    product_url: z.string().nullable().describe("The product's page in the shop."),
    product_type: z
      .string()
      .nullable()
      .describe("The shop's product type, e.g. `T-shirt`, which reason rules can use."),
    tags: z.array(z.string()).describe("The shop's tags of the product."),
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof ProductSchema>;

/** Who placed the order, for the shop's staff (personal data: optional, erasable). */
const OrderCustomerSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: "OrderCustomer" });
export type OrderCustomer = z.infer<typeof OrderCustomerSchema>;
/** One payout of a return's refund, as the host recorded it. */
const PayoutSchema = z
  .object({
    id: z.string().regex(/^pay_[0-9A-HJKMNP-TV-Z]{26}$/),
    amount: z.int().min(1).describe("Paid back, in the minor unit of `currency`."),
    currency: z.string().describe("ISO 4217 code: the refund's currency."),
    currency_exponent: CurrencyExponentSchema,
    method: z
      .enum(["original_payment", "store_credit"])
      .describe("How it was paid back: the refund's method (to the card, or as store credit)."),
    reference: z.string().describe("The host's reference of the payout in its payment system."),
    issued_at: z.iso.datetime().describe("When the host issued it."),
    recorded_at: z.iso.datetime().describe("When it was recorded here."),
    actor: ActorSchema,
  })
  .meta({ id: "Payout" });

/** The order line a return was checked against, as the shop's order system gave it. */
export const ReturnOrderLineSchema = z
  .object({
    order_number: z
      .string()
      .nullable()
      .describe(
        "The order number the customer and staff know, e.g. `#1001`; null when the shop gives none.",
      ),
    product: ProductSchema.describe("What the customer saw when the return was checked."),
    customer: OrderCustomerSchema.nullable().describe(
      "Who placed the order, when the shop says; for staff.",
    ),
    purchased: z.int().min(1).describe("Units bought on the order line."),
    unit_price: z
      .int()
      .min(0)
      .nullable()
      .describe("Price of one unit in the currency's minor unit (cents)."),
    currency: z.string().nullable().describe("ISO 4217 code of the order's prices."),
    currency_exponent: CurrencyExponentSchema.nullable().describe(
      "Digits of the currency's minor unit (ISO 4217): `unit_price / 10^currency_exponent` is the price. Null when the order names no ISO 4217 currency.",
    ),
    placed_at: z.iso.datetime(),
    delivered_at: z.iso.datetime().nullable(),
    returnable_until: z.iso.datetime().describe("The end of the line's return window."),
    shipping_address: ShippingAddressSchema.nullable().describe(
      "Where the order was delivered, when the shop says: a return label is bought from it.",
    ),
  })
  .meta({ id: "ReturnOrderLine" });

/** One item the customer gets in exchange for a return's units. */
const ExchangeLineSchema = z
  .object({
    sku: z.string(),
    title: z.string().nullable(),
    variant_title: z.string().nullable(),
    image_url: z.string().nullable(),
    quantity: z.int().min(1).describe("As many units as are returned."),
    unit_price: z
      .int()
      .min(0)
      .nullable()
      .describe(
        "The new item's price per unit when it was chosen, in the order currency's minor unit (the shop's offer, never the client's); null when the order line has no price.",
      ),
  })
  .meta({ id: "ExchangeLine" });

/** The customer's payment of a `customer_pays` difference, as the host recorded it. */
const ExchangePaymentSchema = z
  .object({
    amount: z.int().min(1).describe("The difference paid, in the order currency's minor unit."),
    currency: z.string().describe("ISO 4217 code of `amount`: the order's currency."),
    reference: z
      .string()
      .describe("The host's reference of the payment in its payment system (one per exchange)."),
    paid_at: z.iso
      .datetime()
      .describe("When the customer paid, as the host said; else when recorded."),
    recorded_at: z.iso.datetime(),
    actor: ActorSchema,
  })
  .meta({ id: "ExchangePayment" });

/** What an instant exchange holds on the customer's payment method until the return arrives. */
const ExchangeHoldSchema = z
  .object({
    amount: z
      .int()
      .min(0)
      .describe(
        "The price paid for the returned units (order line `unit_price` × quantity), in the order currency's minor unit.",
      ),
    currency: z.string().describe("ISO 4217 code of `amount`."),
    due_at: z.iso
      .datetime()
      .describe("When the hold falls due (is captured) if the return has not shipped by then."),
    status: z
      .enum(["held", "due", "released"])
      .describe(
        "`held`: the host holds the amount; `due`: the return was not shipped in time, or was cancelled or rejected, so the host captures it; `released`: the return arrived, so the host releases it.",
      ),
  })
  .meta({ id: "ExchangeHold" });

/** What a return of resolution `EXCHANGE` gives the customer, and the money it settles. */
export const ExchangeSchema = z
  .object({
    kind: z
      .enum(["offer", "like_for_like"])
      .describe(
        "`offer`: an item the shop offered (the `exchanges` option), priced by it; `like_for_like`: the same item again at the price paid (a shop without `exchanges`), settled in goods with a difference of 0.",
      ),
    lines: z.array(ExchangeLineSchema).min(1),
    difference: ExchangeDifferenceSchema.nullable().describe(
      "The new items' price against the returned units' value (less any condition deduction once graded, less the exchange bonus). A `shop_refunds` amount is this return's `refund.total`; a `customer_pays` amount leaves `refund.total` 0. Null when the order line has no price.",
    ),
    bonus_credit: z
      .int()
      .min(0)
      .nullable()
      .describe(
        "What the policy's exchange bonus took off the customer's payment; null when the policy gives none.",
      ),
    mode: z
      .enum(EXCHANGE_MODES)
      .describe(
        "`standard`: the new items go out once the return is received; `instant`: at approval, against a hold on the price paid (the `exchanges.instant` option). Fixed when the exchange is created.",
      ),
    status: z
      .enum(EXCHANGE_STATUSES)
      .describe(
        "`pending`: not released yet; `awaiting_payment`: approved, the customer's payment of the difference awaited until `payment_due_at`; `released`: the host may send the new items (`return.exchange_released`); `fallen_back`: the payment never came, so the return became a refund or store credit (this object stays to show what was asked); `withdrawn`: the return was rejected or cancelled before release.",
      ),
    payment: ExchangePaymentSchema.nullable().describe(
      "The customer's payment of a `customer_pays` difference (`POST …/exchange-payments`); null until recorded.",
    ),
    payment_due_at: z.iso
      .datetime()
      .nullable()
      .describe(
        "Until when the payment is awaited (approval + `exchanges.paymentDays`); null when nothing is awaited.",
      ),
    released_at: z.iso.datetime().nullable().describe("When the exchange was released."),
    order_id: z
      .string()
      .nullable()
      .describe(
        "The host's order that sends the new items (`POST …/exchange-order`); null until recorded.",
      ),
    hold: ExchangeHoldSchema.nullable().describe(
      "An instant exchange's hold, from its release; null for a standard one.",
    ),
  })
  .meta({ id: "Exchange" });
export type Exchange = z.infer<typeof ExchangeSchema>;

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
    refund: RefundSchema.nullable().describe(
      "What the return refunds, in the order's currency: an estimate until graded, then final. Null when the order line has no price (no `orders`, or the shop gave none).",
    ),
    payouts: z
      .array(PayoutSchema)
      .max(PAYOUTS_MAX)
      .describe(
        "What the host recorded as paid back (`POST …/refunds`), in the order recorded; empty until then.",
      ),
    refunded_amount: z
      .int()
      .min(0)
      .describe(
        "The payouts' amounts added up, in the refund's minor unit: never more than `refund.total`.",
      ),
    reason: z.string(),
    resolution: ResolutionSchema,
    exchange: ExchangeSchema.nullable().describe(
      "What the customer gets in exchange and the difference it settles; null unless the resolution is `EXCHANGE`, or was until its payment lapsed (`status: fallen_back`).",
    ),
    state: ReturnStateSchema,
    flagged_from: ReturnStateSchema.nullable(),
    grade: GradeSchema.nullable(),
    shipment: ShipmentSchema.nullable(),
    label: LabelSchema.nullable().describe(
      "The return label bought for its parcel (the `carriers` option); null when none is bought.",
    ),
    tracking: TrackingSchema.nullable().describe(
      "What the carrier's scans of its parcel said; null before the first scan.",
    ),
    customer_id: z.string(),
    request_id: z
      .string()
      .regex(/^rrq_[0-9A-HJKMNP-TV-Z]{26}$/)
      .nullable()
      .describe(
        "The return request it was created in (`POST /v1/portal/return-requests`), with the order's other lines; null for a return created on its own.",
      ),
    return_method: ReturnMethodSchema.describe(
      "How the customer sends it back, chosen when it was created among the policy's `return_methods` (`GET /v1/return-policy` says what to do for each).",
    ),
    rma: z
      .string()
      .regex(RMA_PATTERN)
      .nullable()
      .describe(
        "The RMA number of its return request (`RMA-7KQ3-X9TD`), the same on each of the request's returns; null for a return created on its own, or in a request created before RMA numbers.",
      ),
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
export type Payout = z.infer<typeof PayoutSchema>;

// ---- HAL links and HAL-FORMS templates ----

export const LinkSchema = z.object({ href: z.string() }).meta({ id: "Link" });

/** A HAL-FORMS property: one member of the body, pre-filled or constrained. */
export const TemplatePropertySchema = z
  .object({
    name: z
      .string()
      .describe(
        "The body member; a dotted path for a nested one (`line.sku`), `lines[i].` for a member of the i-th entry of an array (`lines[0].reason`).",
      ),
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
    schema: LinkSchema.describe(
      "A link to the JSON Schema of the body, in the OpenAPI document (`…/openapi.json#/components/requestBodies/<Id>/content/application~1json/schema`).",
    ),
    requiredScopes: z.array(z.string()),
    properties: z
      .array(TemplatePropertySchema)
      .optional()
      .describe("Members pre-filled for this resource; `schema` has the full body."),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof TemplateSchema>;
export type TemplateProperty = z.infer<typeof TemplatePropertySchema>;

export const ReturnSchema = ReturnDataSchema.extend({
  _links: z.record(z.string(), LinkSchema),
  _templates: z.record(z.string(), TemplateSchema),
}).meta({ id: "Return" });
export type ReturnResource = z.infer<typeof ReturnSchema>;

/** The returns a request holds: one per order line, at most this many. */
export const REQUEST_LINES_MAX = 50;

/** What a request refunds: its returns' refunds added up (one order, one currency). */
export const ReturnRequestRefundSchema = z
  .object({
    currency: z.string().describe("ISO 4217 code of the order's currency."),
    currency_exponent: CurrencyExponentSchema,
    item_amount: z.int().min(0),
    restocking_fee: z.int().min(0),
    return_shipping_fee: z
      .int()
      .min(0)
      .describe("The request's return shipping fee: its returns' shares, added up."),
    total: z.int().min(0),
    status: z
      .enum(["estimate", "final"])
      .describe("`final` once every return's refund is final (graded, rejected or cancelled)."),
  })
  .meta({ id: "ReturnRequestRefund" });
export type ReturnRequestRefund = z.infer<typeof ReturnRequestRefundSchema>;

/** A return request as stored for replays and carried in-process: its returns, in line order. */
export const ReturnRequestDataSchema = z
  .object({
    id: z.string().regex(/^rrq_[0-9A-HJKMNP-TV-Z]{26}$/),
    object: z.literal("return_request"),
    order_id: z.string(),
    customer_id: z.string(),
    rma: z
      .string()
      .regex(RMA_PATTERN)
      .nullable()
      .describe(
        "A short code for the parcel (`RMA-7KQ3-X9TD`) that staff search (`GET /v1/merchant/returns?rma=`) and a customer reads out; unique in the store. Null for a request created before RMA numbers.",
      ),
    return_method: ReturnMethodSchema.describe("How the parcel travels back."),
    created_at: z.iso.datetime(),
    returns: z
      .array(ReturnDataSchema)
      .describe("One return per line, in the order the lines were sent, each in its own state."),
    refund: ReturnRequestRefundSchema.nullable().describe(
      "Its returns' refunds added up, in minor units; null when no return has a price.",
    ),
    exchange_difference: ExchangeDifferenceSchema.nullable().describe(
      "Its exchanges' differences netted: the one payment or the one refund that settles all of them, for a host that settles the request at once. Each return keeps its own difference (a `shop_refunds` one as its `refund.total`, which `refund.total` here adds up gross). Null when it has no priced exchange.",
    ),
  })
  .meta({ id: "ReturnRequestData" });
export type ReturnRequestData = z.infer<typeof ReturnRequestDataSchema>;

export const ReturnRequestSchema = ReturnRequestDataSchema.extend({
  returns: z.array(ReturnSchema),
  _links: z
    .record(z.string(), z.union([LinkSchema, z.array(LinkSchema)]))
    .describe("`self`, `returns` (the list filtered to this request) and `item`: each return."),
  _templates: z
    .record(z.string(), TemplateSchema)
    .describe(
      "`submit` (a customer, while drafts remain) and `ship` (the back office, while returns are approved).",
    ),
}).meta({ id: "ReturnRequest" });
export type ReturnRequestResource = z.infer<typeof ReturnRequestSchema>;

/** What a return request would refund, worked out without creating anything. */
export const ReturnRequestEstimateDataSchema = z
  .object({
    object: z.literal("return_request_estimate"),
    order_id: z.string(),
    lines: z
      .array(
        z.object({
          line: ReturnLineSchema,
          reason: z.string(),
          resolution: ResolutionSchema,
          refund: RefundSchema.nullable().describe(
            "What this line's return would refund if the request were created now, its share of the return shipping fee included (status `estimate`); null when the order line has no price.",
          ),
          exchange: ExchangeSchema.nullable().describe(
            "The exchange the line would get, with its difference; null unless its resolution is `EXCHANGE` (a line the shop's `whenUnavailable` turned into store credit says `STORE_CREDIT`).",
          ),
        }),
      )
      .describe("One entry per line sent, in the order sent."),
    refund: ReturnRequestRefundSchema.nullable().describe(
      "The lines' refunds added up, in minor units; null when no line has a price.",
    ),
    exchange_difference: ExchangeDifferenceSchema.nullable().describe(
      "The exchanges' differences netted: the one payment the customer would make, or the one refund, for all of them (each line keeps its own; `refund.total` adds up the `shop_refunds` ones gross). Null when no line is a priced exchange.",
    ),
  })
  .meta({ id: "ReturnRequestEstimateData" });
export type ReturnRequestEstimate = z.infer<typeof ReturnRequestEstimateDataSchema>;

export const ReturnRequestEstimateSchema = ReturnRequestEstimateDataSchema.extend({
  _links: z
    .record(z.string(), LinkSchema)
    .describe("`returnable`: the order's returnable lines, whose `create_request` creates it."),
}).meta({ id: "ReturnRequestEstimate" });

export const SubmitReturnRequestSchema = z
  .strictObject({ note })
  .meta({ id: "SubmitReturnRequest" });
export const ShipReturnRequestSchema = z
  .strictObject({ carrier: text(1, 64).optional(), tracking_number: text(1, 128).optional(), note })
  .describe("One parcel: every approved return of the request is recorded as shipped in it.")
  .meta({ id: "ShipReturnRequest" });

export const ReturnListSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(ReturnSchema),
    next_cursor: z.string().nullable(),
    _links: z.record(z.string(), LinkSchema),
  })
  .meta({ id: "ReturnList" });

/**
 * An RFC 9457 problem. Besides the four standard members, each extension member a problem of
 * the catalogue (`problems.ts`) carries is named here, so clients read them typed; the
 * description says which problem types carry it. More members may come (the object is open).
 */
export const ProblemSchema = z
  .looseObject({
    type: z.string().describe("`urn:returnkit:problem:<slug>`; the slug names the problem."),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    request_id: z
      .string()
      .optional()
      .describe("The request's id, as in its `Request-Id` header: quote it when asking about it."),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("invalid-body, invalid-query: each issue, at its path in the body or query."),
    return_id: z
      .string()
      .optional()
      .describe(
        "not-found, concurrent-update, and the payout problems (refund-…, payout-…): the return asked for.",
      ),
    return_request_id: z
      .string()
      .optional()
      .describe("not-found, nothing-to-do: the return request asked for."),
    carrier: z
      .string()
      .optional()
      .describe(
        "not-found, tracking-signature-invalid, tracking-event-malformed: the carrier named in the path.",
      ),
    lines: z
      .array(
        z.looseObject({
          index: z.int().min(0).describe("The line's place in the request (0 first)."),
          return_id: z.string().optional().describe("The line's return, once it has one."),
          type: z.string(),
          title: z.string(),
          status: z.int(),
          detail: z.string(),
        }),
      )
      .optional()
      .describe(
        "return-request-refused: each refused line, with the problem a return of it alone would get (its members as that problem has them), except that a line-not-on-order line leaves out `returnable_lines`: the refusal lists them once.",
      ),
    event: z
      .string()
      .optional()
      .describe("invalid-transition, unknown-event, history-limit-reached: the event sent."),
    state: ReturnStateSchema.optional().describe(
      "invalid-transition, refund-not-payable: the return's state.",
    ),
    allowed_events: z
      .array(ReturnEventNameSchema)
      .optional()
      .describe("invalid-transition: the events this caller may send now."),
    known_events: z
      .array(ReturnEventNameSchema)
      .optional()
      .describe("unknown-event: the events this caller's path takes."),
    required_scopes: z
      .array(z.string())
      .optional()
      .describe("insufficient-scope: any one of these scopes allows the operation."),
    portal_scopes: z
      .array(z.string())
      .optional()
      .describe("forbidden (mixed scope families): the token's portal scopes."),
    merchant_scopes: z
      .array(z.string())
      .optional()
      .describe("forbidden (mixed scope families): the token's merchant scopes."),
    allowed_methods: z
      .array(z.string())
      .optional()
      .describe("method-not-allowed: the methods the path takes (as in `Allow`)."),
    current_version: z
      .int()
      .min(1)
      .optional()
      .describe("precondition-failed: the return's version now; its ETag is this in quotes."),
    current_etag: z
      .string()
      .optional()
      .describe("document-changed: the document's entity tag now."),
    history_entries: z.int().min(0).optional().describe("history-limit-reached: entries kept."),
    // ---- payouts recorded on a return (`POST …/returns/{id}/refunds`)
    refund_refusal: z
      .enum(["not-final", "no-refund", "exchange", "nothing-to-pay"])
      .optional()
      .describe(
        "refund-not-payable: why — not graded yet, no priced refund, an exchange, or a final refund of 0.",
      ),
    amount: z
      .int()
      .optional()
      .describe(
        "refund-exceeds-total: the payout refused; payout-reference-conflict, exchange-payment-conflict: the amount recorded under the reference; exchange-payment-mismatch: the difference owed.",
      ),
    currency: z
      .string()
      .optional()
      .describe(
        "refund-exceeds-total, refund-currency-mismatch: the refund's currency; exchange-payment-mismatch: the order's.",
      ),
    refund_total: z.int().optional().describe("refund-exceeds-total: the final refund."),
    refunded_amount: z
      .int()
      .optional()
      .describe("refund-exceeds-total: what payouts recorded already."),
    refundable_amount: z
      .int()
      .optional()
      .describe(
        "refund-exceeds-total: the most a payout may be now (`refund_total − refunded_amount`).",
      ),
    reference: z
      .string()
      .optional()
      .describe(
        "payout-reference-conflict: the reference sent again; exchange-payment-conflict: the reference recorded.",
      ),
    exchange_refusal: z
      .enum([...EXCHANGE_STATUSES, "no-exchange", "nothing-owed", "draft"])
      .optional()
      .describe(
        "exchange-payment-not-expected: why — the return has no exchange, the customer owes nothing, it is still a draft, or the exchange's status (paid for, released, fallen back or withdrawn).",
      ),
    exchange_status: z
      .enum(EXCHANGE_STATUSES)
      .nullable()
      .optional()
      .describe("exchange-not-released: the exchange's status, null when the return has none."),
    exchange_order_id: z
      .string()
      .optional()
      .describe("exchange-order-conflict: the exchange order recorded already."),
    label_status: z
      .enum(LABEL_STATUSES)
      .nullable()
      .optional()
      .describe("label-not-reissuable: the label's status, null when the return has none."),
    payout_id: z
      .string()
      .optional()
      .describe("payout-reference-conflict: the payout recorded under the reference."),
    max_payouts: z.int().optional().describe("payout-limit-reached: the most a return keeps."),
    max_history_entries: z
      .int()
      .min(1)
      .optional()
      .describe("history-limit-reached: the most a return keeps."),
    limit_bytes: z.int().min(0).optional().describe("payload-too-large: the body size limit."),
    base_url: z
      .string()
      .optional()
      .describe("route-not-found outside the service's path: where the service is mounted."),
    endpoint_id: z
      .string()
      .optional()
      .describe(
        "endpoint-not-found, endpoint-exists, endpoint-managed-in-code, endpoint-concurrent-update, test-event-in-flight: the endpoint.",
      ),
    managed_by: z
      .enum(["subscriber", "options"])
      .optional()
      .describe("endpoint-managed-in-code: a subscriber, or an endpoint from the options."),
    event_id: z
      .string()
      .optional()
      .describe("event-not-found, redelivery-out-of-order: the event asked for."),
    dead_ahead: z
      .array(
        z.object({
          event_id: z.string(),
          endpoint_id: z.string(),
          dead_at: z.string().nullable(),
        }),
      )
      .optional()
      .describe(
        "redelivery-out-of-order: the earlier events of the return, dead to the same endpoints, that it would overtake.",
      ),
    rule: z
      .enum(DESTINATION_RULES)
      .optional()
      .describe(
        "webhook-destination-refused: why the URL was refused (an address inside the network, a cloud metadata service, credentials in the URL).",
      ),
    // ---- a return checked against the shop's order
    order_id: z.string().optional().describe("The order the refused request named."),
    sku: z.string().optional().describe("The order line's sku."),
    size: z.string().nullable().optional().describe("The order line's size, null for none."),
    returnable_lines: z
      .array(
        z.object({
          sku: z.string(),
          size: z.string().nullable(),
          returnable_quantity: z.int().min(0).optional(),
        }),
      )
      .optional()
      .describe(
        "line-not-on-order: the lines that can be returned now. return-request-refused: the same list, once, when a refused line is not on the order.",
      ),
    quantity: z.int().optional().describe("quantity-exceeds-returnable: units asked for."),
    purchased: z.int().optional().describe("quantity-exceeds-returnable: units bought."),
    in_returns: z
      .int()
      .optional()
      .describe("quantity-exceeds-returnable: units of the line in the order's other returns."),
    returnable_quantity: z
      .int()
      .optional()
      .describe("quantity-exceeds-returnable: units a return may take now."),
    returnable_until: z
      .string()
      .optional()
      .describe("return-window-closed: when the line's return window closed."),
    final_sale: z.boolean().optional().describe("not-returnable: the line was sold as final."),
    code: z.string().optional().describe("refused-by-policy: the shop's own reason code."),
    reason: z.string().optional().describe("reason-not-allowed: the reason asked for."),
    allowed_reasons: z
      .array(z.string())
      .optional()
      .describe(
        "reason-not-allowed: the reasons the line allows, in the catalogue's order (its returnable view offers them structured).",
      ),
    exchange_for: z
      .string()
      .optional()
      .describe(
        "exchange-not-offered, exchange-unavailable, exchange-no-longer-available: the sku asked for in exchange.",
      ),
    offers: z
      .array(z.string())
      .optional()
      .describe(
        "exchange-not-offered, exchange-unavailable: the skus the line can be exchanged for now (available).",
      ),
  })
  .meta({ id: "Problem" });

// ---- RFC 9728 protected resource metadata ----

/** What `/.well-known/oauth-protected-resource…` serves when returnkit checks tokens itself. */
export const ProtectedResourceMetadataSchema = z
  .object({
    resource: z.string().describe("The resource identifier: the service's baseUrl."),
    authorization_servers: z.array(z.string()).describe("Issuers of tokens for this resource."),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.tuple([z.literal("header")]),
    resource_name: z.string(),
    resource_documentation: z.string().describe("This OpenAPI document's URL."),
  })
  .meta({ id: "ProtectedResourceMetadata" });

// ---- health ----

export const HealthStatusSchema = z.enum(["pass", "warn", "fail"]).meta({ id: "HealthStatus" });

/** One measurement of a health check, in the shape of the IETF API health check draft. */
export const HealthCheckResultSchema = z
  .object({
    status: HealthStatusSchema,
    componentType: z.string().optional(),
    observedValue: z.union([z.number(), z.boolean()]).optional(),
    observedUnit: z.string().optional(),
    time: z.string().describe("When the check ran (ISO 8601)."),
    output: z.string().optional().describe("Why the check did not pass."),
  })
  .meta({ id: "HealthCheckResult" });

export const HealthReportSchema = z
  .object({
    status: HealthStatusSchema.describe(
      "`fail` (503) when the store cannot be reached or its migrations are not current; `warn` (still 200) when the outbox lags or no dispatcher runs in this process.",
    ),
    description: z.string(),
    checks: z
      .record(z.string(), z.array(HealthCheckResultSchema))
      .describe(
        "`store:reachable`, `store:migrations`, `dispatcher:running`, `outbox:lag` (seconds).",
      ),
  })
  .meta({ id: "HealthReport" });

export type HealthStatus = z.infer<typeof HealthStatusSchema>;
export type HealthCheckResult = z.infer<typeof HealthCheckResultSchema>;
export type HealthReport = z.infer<typeof HealthReportSchema>;

// ---- what an order can return ----

/** The problem types a return of one unit of a line would meet now, in the order they are checked. */
export const LINE_REFUSALS = [
  `${PROBLEM_TYPE_PREFIX}quantity-exceeds-returnable`,
  `${PROBLEM_TYPE_PREFIX}return-window-closed`,
  `${PROBLEM_TYPE_PREFIX}not-returnable`,
] as const;

/** A refund estimate for each resolution a line offers (a resolution not on offer is absent). */
export const RefundEstimatesSchema = z
  .object({
    REFUND: RefundSchema.optional(),
    STORE_CREDIT: RefundSchema.optional(),
    EXCHANGE: RefundSchema.optional(),
  })
  .meta({ id: "RefundEstimates" });
export type RefundEstimates = z.infer<typeof RefundEstimatesSchema>;

/** The reasons one line allows, for a choice in two steps (what was wrong; for fit, which way and where). */
const LineReasonsSchema = z
  .object({
    codes: z
      .array(z.string())
      .describe(
        "Every reason a return of this line may give, in the catalogue's order (the shop may narrow them by product).",
      ),
    categories: z
      .array(z.string())
      .describe(
        "The first step, what was wrong: `FIT` for the fit reasons when any is allowed, then each other reason code allowed (`DEFECTIVE`, `DAMAGED`, `CHANGED_MIND`, …), in the catalogue's order.",
      ),
    fit: z
      .object({
        directions: z
          .array(z.enum(FIT_DIRECTIONS))
          .describe("Which ways it may not have fit, in the catalogue's order."),
        body_parts: z
          .array(z.string())
          .describe("Where it may not have fit, in the catalogue's order."),
        reasons: z
          .array(
            z.object({
              code: z.string(),
              direction: z.enum(FIT_DIRECTIONS),
              body_part: z.string().nullable().describe("Null for a bare direction (`TOO_SMALL`)."),
            }),
          )
          .describe("Each fit reason allowed: the code a direction and a body part make."),
      })
      .nullable()
      .describe("The second step for `FIT`; null when no fit reason is allowed."),
  })
  .meta({ id: "LineReasons" });

/** An item the shop offers in exchange for a returned line. */
export const ExchangeOfferSchema = z
  .object({
    sku: z.string(),
    title: z.string().nullable(),
    variant_title: z.string().nullable(),
    image_url: z.string().nullable(),
    unit_price: z.int().min(0).describe("In the order currency's minor unit."),
    currency: z.string().describe("The order's currency (ISO 4217)."),
    available: z.boolean().describe("Whether it can be chosen now (in stock)."),
  })
  .meta({ id: "ExchangeOffer" });
export type ExchangeOfferData = z.infer<typeof ExchangeOfferSchema>;

export const ReturnableLineSchema = z
  .object({
    sku: z.string(),
    size: z.string().nullable(),
    product: ProductSchema,
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
    exchange_offers: z
      .array(ExchangeOfferSchema)
      .nullable()
      .describe(
        "What the line can be exchanged for (`exchange_for.sku`), with its price now; null when the shop gives no `exchanges` (an exchange is then like for like, at the price paid).",
      ),
    reasons: LineReasonsSchema,
    refund_estimates: RefundEstimatesSchema.nullable().describe(
      "What a return of the line's whole returnable quantity would refund, per resolution on offer, before a reason is chosen (so no fee is waived by reason); null when the line has no price or nothing can be returned.",
    ),
  })
  .meta({ id: "ReturnableLine" });

/** What can be returned from one order, line by line (`returnableLines`). */
export const ReturnableOrderDataSchema = z
  .object({
    object: z.literal("returnable_order"),
    order_id: z.string(),
    order_number: z
      .string()
      .nullable()
      .describe(
        "The order number the customer knows, e.g. `#1001`; null when the shop gives none.",
      ),
    currency: z.string().nullable(),
    currency_exponent: CurrencyExponentSchema.nullable().describe(
      "Digits of the currency's minor unit (ISO 4217), for `unit_price`; null when the order names no ISO 4217 currency.",
    ),
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
  _templates: z
    .record(z.string(), TemplateSchema)
    .describe(
      "`create_request`, when at least one line can be returned: one request of several lines. Its properties name each returnable line's members as `lines[i].<member>` (`lines[0].line.sku`); send the entries of the lines to return, leave the others out.",
    ),
}).meta({ id: "ReturnableOrder" });

// ---- the reason catalogue ----

const ReasonSchema = z
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
/** A page's size in a list query: 1 to `LIST_LIMIT_MAX`, `LIST_LIMIT_DEFAULT` when absent. */
export const listLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIST_LIMIT_MAX)
  .default(LIST_LIMIT_DEFAULT);
const cursor = z.string().min(1).max(200).refine(isStorableText, STORABLE).optional();

/** Customer ids are the host's (a token's `sub`): bounded only so a query stays small. */
export const CustomerIdSchema = text(1, 255);

/** The body of `POST …/erasure`: why the staff member asks (kept in the erasure's event). */
export const ErasureRequestSchema = z
  .strictObject({
    reason: text(1, 500).describe(
      "Why the data is erased (e.g. `customers/redact`); sent in `customer.erased`. Write no personal data in it.",
    ),
  })
  .meta({ id: "ErasureRequest" });
export type ErasureRequest = z.infer<typeof ErasureRequestSchema>;

/** Where an erasure stands: no mapping to the erased id is kept, so this is all there is. */
export const ErasureSchema = z
  .object({
    object: z.literal("erasure"),
    scope: z.enum(["customer", "order"]),
    status: z
      .enum(["pending", "completed"])
      .describe(
        "`pending`: returns with the customer's (or the order's) personal data remain, the job erases them; `completed`: none remains.",
      ),
  })
  .meta({ id: "Erasure" });
export type Erasure = z.infer<typeof ErasureSchema>;

const requestFilter = text(1, 128)
  .optional()
  .describe("Only the returns of this return request (`rrq_…`).");

export const PortalListQuerySchema = z.strictObject({
  order_id: text(1, 128).optional(),
  request_id: requestFilter,
  limit: listLimit,
  cursor,
});
const createdBound = (which: string) =>
  z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      `Only returns created ${which} this instant (ISO 8601, e.g. \`2026-11-28T00:00:00Z\`).`,
    );

/**
 * The back office's filters. A bad value (an unknown state or resolution, a reason that is not
 * a code, a time that is not ISO 8601, a window that ends before it starts) is a 400, never an
 * empty page that looks like "no returns".
 */
export const MerchantListQuerySchema = z
  .strictObject({
    state: ReturnStateSchema.optional(),
    order_id: text(1, 128).optional(),
    request_id: requestFilter,
    reason: z
      .string()
      .max(128)
      .regex(REASON_CODE_PATTERN, "Not a reason code: upper-case words joined by _")
      .optional()
      .describe("Only returns with this reason code (`GET /v1/reasons` lists them)."),
    resolution: ResolutionSchema.optional().describe("Only returns with this resolution."),
    created_from: createdBound("at or after"),
    created_to: createdBound("before"),
    rma: z
      .string()
      .max(32)
      .refine((rma) => normaliseRma(rma) !== null, {
        message: "expected an RMA number (RMA-7KQ3-X9TD; case, spaces and dashes do not matter)",
      })
      .optional()
      .describe(
        "Only the returns of the return request with this RMA number; typed as staff hear it (`rma-7kq3 x9td`, an O for a 0) it is found all the same.",
      ),
    tracking_number: text(1, 128)
      .optional()
      .describe("Only the returns of the parcel with this tracking number."),
    stalled: z
      .enum(["true", "false"])
      .optional()
      .describe(
        "`true`: only the approved returns whose label was bought longer ago than the `carriers.stalledAfterDays` option (14 days by default) and that no carrier scan has moved since: parcels to chase.",
      ),
    limit: listLimit,
    cursor,
  })
  .refine(
    ({ created_from, created_to }) =>
      !created_from || !created_to || Date.parse(created_from) <= Date.parse(created_to),
    { message: "created_to is before created_from", path: ["created_to"] },
  )
  .refine(({ stalled, state }) => stalled !== "true" || !state || state === "approved", {
    message: "a stalled return is approved: stalled=true takes no other state",
    path: ["state"],
  });
export type PortalListQuery = z.input<typeof PortalListQuerySchema>;
export type MerchantListQuery = z.input<typeof MerchantListQuerySchema>;

// ---- create / update, per reason catalogue ----

/**
 * The refusal links the catalogue rather than listing it: a catalogue of ~80 codes, listed in
 * `detail` and again in `errors`, made a 400 of several kilobytes.
 */
function reasonSchema(catalogue: ReasonCatalogue, catalogueHref: string) {
  return z
    .string()
    .refine((code) => catalogue.has(code), {
      message: `Not a reason code of the catalogue; GET ${catalogueHref} lists the codes`,
    })
    .meta({
      description: "A reason code of the catalogue (`GET /v1/reasons` lists them).",
      enum: [...catalogue.codes],
    });
}

const EXCHANGE_FOR_MESSAGE = {
  required: "exchange_for is required when resolution is EXCHANGE (the shop offers exchanges)",
  forbidden: "exchange_for is only allowed when resolution is EXCHANGE",
};

/** What a customer asks for in exchange: an offer of the line's (`exchange_offers`), by sku. */
const exchangeFor = z
  .strictObject({ sku: text(1, 64).describe("An offer's sku (`exchange_offers` of the line).") })
  .describe(
    "With `resolution: EXCHANGE`: the item wanted instead, one of the line's `exchange_offers`, as many units as are returned, priced by the shop. Required when the shop offers exchanges; without them the exchange is like for like (the same item again) and this may be left out.",
  );

/** `exchange_for` only with `EXCHANGE` (whether it is required depends on the shop's offers). */
function checkExchangeFor(
  input: { resolution: string; exchange_for?: unknown },
  ctx: z.RefinementCtx,
) {
  if (input.resolution !== "EXCHANGE" && input.exchange_for !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["exchange_for"],
      message: EXCHANGE_FOR_MESSAGE.forbidden,
    });
  }
}

/**
 * The method a customer chooses among the shop's (`policy.returnMethods`): optional when the
 * shop offers one (that one); required to create when it offers several, which the create
 * operations check (`returns/return-method.ts`), so an estimate can be asked before choosing.
 */
function returnMethodSchema(methods: readonly ReturnMethod[]) {
  return z
    .enum(methods as [ReturnMethod, ...ReturnMethod[]])
    .optional()
    .describe(
      methods.length === 1
        ? `How the parcel travels back; the shop offers only \`${methods[0]}\`, the default.`
        : "How the parcel travels back: one of the shop's methods (`GET /v1/return-policy`). Required to create (the shop offers several); an estimate does without.",
    );
}

/**
 * `catalogueHref`: where the catalogue is served, for the message that refuses an unknown
 * reason; `methods`: the return methods the shop offers (by mail alone by default).
 */
export function createReturnSchemas(
  catalogue: ReasonCatalogue = createReasonCatalogue(),
  catalogueHref = "/v1/reasons",
  methods: readonly ReturnMethod[] = ["by_mail"],
) {
  const reason = reasonSchema(catalogue, catalogueHref);
  const return_method = returnMethodSchema(methods.length > 0 ? methods : RETURN_METHODS);
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
      exchange_for: exchangeFor.optional(),
      return_method,
    })
    .superRefine(checkExchangeFor)
    .meta({
      id: "CreateReturn",
      // The superRefine above, stated in JSON Schema so clients and agents can predict it.
      oneOf: [
        { properties: { resolution: { const: "EXCHANGE" } }, required: ["resolution"] },
        {
          properties: {
            resolution: { enum: RESOLUTIONS.filter((resolution) => resolution !== "EXCHANGE") },
            exchange_for: false,
          },
          required: ["resolution"],
        },
      ],
    });

  // Cross-field rules of an update need the current draft, so the service checks them.
  const UpdateReturn = z
    .strictObject({
      reason: reason.optional(),
      resolution: ResolutionSchema.optional(),
      exchange_for: exchangeFor.nullable().optional(),
    })
    .refine((patch) => Object.keys(patch).length > 0, {
      message: "Send at least one field to change",
    })
    .meta({ id: "UpdateReturn" });

  const requestLine = z
    .strictObject({
      line: z.strictObject({
        sku: text(1, 64),
        size: text(1, 32).optional().describe("The size that was ordered."),
      }),
      quantity: z.int().min(1).max(10_000).default(1),
      reason,
      resolution: ResolutionSchema,
      exchange_for: exchangeFor.optional(),
    })
    .superRefine(checkExchangeFor);
  const CreateReturnRequest = z
    .strictObject({
      order_id: text(1, 128),
      lines: z
        .array(requestLine)
        .min(1)
        .max(REQUEST_LINES_MAX)
        .describe("One entry per order line (a line at most once): each becomes a draft return."),
      return_method,
      note,
    })
    .superRefine((input, ctx) => {
      const seen = new Set<string>();
      input.lines.forEach(({ line }, index) => {
        const key = JSON.stringify([line.sku, line.size ?? null]);
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: ["lines", index, "line"],
            message: `order line ${line.sku}${line.size ? ` in size ${line.size}` : ""} is named twice; send its units as one line`,
          });
        }
        seen.add(key);
      });
    })
    .meta({ id: "CreateReturnRequest" });

  return { CreateReturn, UpdateReturn, CreateReturnRequest };
}

export type ReturnSchemas = ReturnType<typeof createReturnSchemas>;
export type CreateReturnInput = z.input<ReturnSchemas["CreateReturn"]>;
export type UpdateReturnInput = z.input<ReturnSchemas["UpdateReturn"]>;
export type CreateReturnRequestInput = z.input<ReturnSchemas["CreateReturnRequest"]>;
export type CreateReturnRequestParsed = z.output<ReturnSchemas["CreateReturnRequest"]>;

export { EXCHANGE_FOR_MESSAGE };
