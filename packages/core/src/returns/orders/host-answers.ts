/**
 * @module returns/orders/host-answers — calling the host's order hooks and checking what they answer.
 * A hook that throws cannot be told from an order system that is down: 502
 * `orders-unavailable`, retry. An answer no rule can read is the host's defect: 502
 * `order-source-invalid`. Either carries the host's error or the issues as its `cause`,
 * which the error reporter receives; the client sees neither.
 */
import { z } from "zod";
import type { Principal } from "../../domain/principal";
import { problems } from "../../domain/problems";
import { allowedReasons, bothAllow, unknownReasonEntries } from "../../domain/reason-narrowing";
import type { ReasonCatalogue } from "../../domain/reasons";
import { MAX_LINE_AMOUNT } from "../../domain/refunds";
import type { ExchangeOfferData } from "../../domain/schemas";
import { isStorableText } from "../../domain/text";
import type { OrderLine } from "./order-schema";
import { type Order, OrderSchema, orderIssues } from "./order-schema";
import type {
  Eligibility,
  EligibilityQuery,
  EligibilityRule,
  ExchangeSettings,
  LineReasonSettings,
  OrderSource,
} from "./types";

export async function callHost<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw problems.ordersUnavailable(error);
  }
}

export function invalidAnswer(message: string): never {
  throw problems.orderSourceInvalid(new Error(message));
}

/**
 * The order as `principal` may see it. An unknown order and another customer's answer the
 * same 404, so a caller never learns that an order id exists. Ownership is checked first, on
 * the raw answer, and is all either path does: another customer's order is neither validated
 * (its defects are not the caller's business, and a 502 would tell it exists) nor read beyond
 * its owner, so its size and shape do not show in the time the 404 takes.
 */
export async function loadOrder(
  source: OrderSource,
  orderId: string,
  principal: Principal,
): Promise<Order> {
  // A guest may see its one order only: any other is unknown, without asking the host.
  if (principal.orderId !== undefined && principal.orderId !== orderId) {
    throw problems.orderNotFound(orderId);
  }
  const answer = await callHost(() => source.load(orderId, { principal }));
  if (ownerOf(answer) !== principal.id) throw problems.orderNotFound(orderId);
  const parsed = OrderSchema.safeParse(answer);
  if (!parsed.success) {
    invalidAnswer(
      `orders.load(${JSON.stringify(orderId)}) answered something that is not an order: ${orderIssues(parsed.error)}`,
    );
  }
  if (parsed.data.id !== orderId) {
    invalidAnswer(
      `orders.load(${JSON.stringify(orderId)}) answered order ${JSON.stringify(parsed.data.id)}`,
    );
  }
  return parsed.data;
}

/** The answer's `customer_id` as the host gave it; undefined for no order (null, `rows[0]` of none). */
function ownerOf(answer: unknown): unknown {
  return typeof answer === "object" && answer !== null
    ? (answer as { customer_id?: unknown }).customer_id
    : undefined;
}

const EligibilitySchema = z.union([
  z.literal(true),
  z.object({ code: z.string().min(1).max(64), detail: z.string().min(1).max(500) }),
]);

/** The host's own rule: `true`, or its `{ code, detail }`. */
export async function askEligible(
  rule: EligibilityRule,
  order: Order,
  line: OrderLine,
  request: EligibilityQuery,
): Promise<Eligibility> {
  const answer = await callHost(() => rule(order, line, request));
  const parsed = EligibilitySchema.safeParse(answer);
  if (!parsed.success) {
    invalidAnswer(
      `policy.eligible answered ${describe(answer)}; expected true or { code, detail } (strings of 1-64 and 1-500 characters)`,
    );
  }
  return parsed.data;
}

const OfferSchema = z.object({
  sku: z.string().min(1).max(64).refine(isStorableText),
  title: z.string().max(500).refine(isStorableText).nullish(),
  variant_title: z.string().max(500).refine(isStorableText).nullish(),
  image_url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
  unit_price: z.int().min(0).max(MAX_LINE_AMOUNT),
  currency: z.string(),
  available: z.boolean(),
});
const OffersSchema = z.array(OfferSchema).max(200);

/**
 * What `line` can be exchanged for, as the host's `exchanges.offers` answers, one offer per sku
 * (the first kept). An offer in another currency than the order's is the host's defect (a 502),
 * never a price the customer would be charged in the wrong currency.
 */
export async function askOffers(
  exchanges: Pick<ExchangeSettings, "offers" | "whenUnavailable">,
  line: OrderLine,
  order: Order,
): Promise<ExchangeOfferData[]> {
  const answer = await callHost(() => exchanges.offers(line, order));
  const parsed = OffersSchema.safeParse(answer);
  const call = `exchanges.offers(${JSON.stringify(line.sku)})`;
  if (!parsed.success) {
    invalidAnswer(
      `${call} answered ${describe(answer)}; expected an array of { sku, unit_price, currency, available } (unit_price an integer of minor units)`,
    );
  }
  const foreign = parsed.data.find((offer) => offer.currency !== order.currency);
  if (foreign) {
    invalidAnswer(
      `${call} offered ${foreign.sku} in ${foreign.currency}; the order is in ${order.currency ?? "no currency"}`,
    );
  }
  const seen = new Set<string>();
  return parsed.data.flatMap((offer) => {
    if (seen.has(offer.sku)) return [];
    seen.add(offer.sku);
    return [
      {
        sku: offer.sku,
        title: offer.title ?? null,
        variant_title: offer.variant_title ?? null,
        image_url: offer.image_url ?? null,
        unit_price: offer.unit_price,
        currency: offer.currency,
        available: offer.available,
      },
    ];
  });
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array holding something else";
  if (value === null || typeof value !== "object") return String(JSON.stringify(value) ?? value);
  return "an object of another shape";
}

const ReasonEntriesSchema = z.array(z.string()).nullable();

/**
 * The reasons `line` allows under `orders.reasons`, in the catalogue's order; null for every
 * reason. `forLine` answering codes the catalogue does not have is the host's defect (a 502),
 * never a line that quietly allows fewer reasons.
 */
export async function askLineReasons(
  settings: LineReasonSettings | null,
  catalogue: ReasonCatalogue,
  order: Order,
  line: OrderLine,
): Promise<readonly string[] | null> {
  if (!settings) return null;
  const type = line.product.product_type;
  const byType = (type !== null && settings.byProductType.get(type)) || null;
  const { forLine } = settings;
  if (!forLine) return byType;
  const answer = await callHost(() => forLine(line, order));
  const parsed = ReasonEntriesSchema.safeParse(answer ?? null);
  const unknown = parsed.success ? unknownReasonEntries(catalogue, parsed.data ?? []) : [];
  if (!parsed.success || unknown.length) {
    invalidAnswer(
      `orders.reasons.forLine(${JSON.stringify(line.sku)}) answered ${
        unknown.length
          ? `codes the catalogue does not have (${unknown.join(", ")})`
          : describe(answer)
      }; expected reason codes or body parts of the catalogue, or null`,
    );
  }
  return bothAllow(byType, parsed.data && allowedReasons(catalogue, parsed.data));
}
