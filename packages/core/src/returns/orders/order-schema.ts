/**
 * @module returns/orders/order-schema — the order a host's `orders.load` answers with, checked by one
 * zod schema before any rule reads it. Instants may be ISO 8601 strings with an offset or
 * `Date`s (what `pg` gives for `timestamptz`); both come out as UTC ISO strings. Members the
 * schema does not name (other columns of the host's rows) are dropped.
 */
import { z } from "zod";
import { ShippingAddressSchema } from "../../domain/parcel-schemas";
import { isStorableText, STORABLE_TEXT_RULE } from "../../domain/text";

/** An instant: an ISO 8601 string with an offset, or a valid `Date`; out as a UTC ISO string. */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.date()])
  .transform((value) => new Date(value).toISOString());

/** Text from the host that every store keeps exactly, bounded. */
const hostText = (max: number) =>
  z.string().max(max).refine(isStorableText, { message: STORABLE_TEXT_RULE });
/** An absolute http(s) URL: the pages only ever load or link the shop's own. */
const webUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** What the customer recognises of the line: all optional, absent as null or empty. */
const productFields = {
  title: hostText(500).nullish(),
  variant_title: hostText(500).nullish(),
  options: z
    .array(z.object({ name: hostText(200), value: hostText(200) }))
    .max(20)
    .nullish(),
  image_url: webUrl.nullish(),
  product_url: webUrl.nullish(),
  product_type: hostText(200).nullish(),
  tags: z.array(hostText(200)).max(100).nullish(),
};

const OrderLineSchema = z
  .object({
    ...productFields,
    sku: z.string().min(1),
    /** The size bought, when the product comes in sizes. */
    size: z.string().min(1).nullish(),
    /** Units bought on this line. */
    quantity: z.int().min(1),
    /** Price of one unit in the currency's minor unit (cents), as Stripe counts amounts. */
    unit_price: z.int().min(0).nullish(),
    /** Sold as final sale: never returnable. */
    final_sale: z.boolean().optional(),
    /** Overrides the policy's window for this line (later or earlier). */
    returnable_until: instant.nullish(),
  })
  .transform((line) => ({
    sku: line.sku,
    size: line.size ?? null,
    quantity: line.quantity,
    unit_price: line.unit_price ?? null,
    final_sale: line.final_sale ?? false,
    returnable_until: line.returnable_until ?? null,
    product: {
      title: line.title ?? null,
      variant_title: line.variant_title ?? null,
      options: line.options ?? [],
      image_url: line.image_url ?? null,
      product_url: line.product_url ?? null,
      product_type: line.product_type ?? null,
      tags: line.tags ?? [],
    },
  }));

/** Who placed the order: for staff, and to find a guest's order. Personal data, all optional. */
const OrderCustomerInputSchema = z
  .object({
    name: hostText(500).nullish(),
    email: hostText(320).nullish(),
    /** The postcode the order was delivered to. */
    postcode: hostText(32).nullish(),
  })
  .transform((customer) => ({
    name: customer.name ?? null,
    email: customer.email ?? null,
    postcode: customer.postcode ?? null,
  }));

export const OrderSchema = z
  .object({
    id: z.string().min(1),
    /** The order number the customer and staff know (e.g. `#1001`), when it is not the id. */
    number: hostText(100).nullish(),
    /** The customer the order belongs to: a portal caller's principal id. */
    customer_id: z.string().min(1),
    placed_at: instant,
    /** When the order reached the customer; the return window counts from here when known. */
    delivered_at: instant.nullish(),
    /** ISO 4217 code of the order's prices. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "an ISO 4217 code such as EUR")
      .nullish(),
    customer: OrderCustomerInputSchema.nullish(),
    /** Where the order was delivered: a return label is bought from it (the `carriers` option). */
    shipping_address: ShippingAddressSchema.nullish(),
    lines: z.array(OrderLineSchema),
  })
  .superRefine((order, ctx) => {
    // A return names its line by sku and size, so two lines with both alike would be one.
    const seen = new Set<string>();
    order.lines.forEach((line, index) => {
      const key = JSON.stringify([line.sku, line.size]);
      if (seen.has(key)) {
        ctx.addIssue({
          code: "custom",
          path: ["lines", index],
          message: `a second line of sku ${line.sku}${line.size ? ` in size ${line.size}` : ""}: give one line per sku and size, with the units added up`,
        });
      }
      seen.add(key);
    });
  })
  .transform((order) => ({
    id: order.id,
    number: order.number ?? null,
    customer_id: order.customer_id,
    customer: order.customer ?? null,
    shipping_address: order.shipping_address ?? null,
    placed_at: order.placed_at,
    delivered_at: order.delivered_at ?? null,
    currency: order.currency ?? null,
    lines: order.lines,
  }));

/** An order as `orders.load` may answer it. */
export type OrderInput = z.input<typeof OrderSchema>;
/** An order as the rules read it: checked, instants as UTC ISO strings, absent fields null. */
export type Order = z.output<typeof OrderSchema>;
export type OrderLine = Order["lines"][number];

/** The order line a return names: its sku, and its size (null when the line has none). */
export function findOrderLine(
  order: Order,
  line: { sku: string; size: string | null },
): OrderLine | undefined {
  return order.lines.find(
    (candidate) => candidate.sku === line.sku && candidate.size === line.size,
  );
}

/** The issues of an answer that is not an order, one line each, for the error report. */
export function orderIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}
