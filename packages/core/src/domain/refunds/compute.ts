/**
 * @module domain/refunds/compute — the refund of one return (one order line), from its price, what
 * grading accepted, and the policy. The maths and its rounding are in `./index.ts`.
 */
import { z } from "zod";
import { CurrencyCodeSchema, CurrencyExponentSchema, currencyExponent, percentOf } from "./money";
import {
  parseRefundPolicy,
  RefundConditionSchema,
  type RefundPolicy,
  type RefundPolicyInput,
  type RefundResolution,
  RefundResolutionSchema,
  requestShippingFee,
} from "./policy";

/** `estimate`: worked out before grading, to show the customer; `final`: after grading. */
export const REFUND_STATUSES = ["estimate", "final"] as const;
/** How the total is paid back: to the original payment, as store credit, or in goods. */
export const REFUND_METHODS = ["original_payment", "store_credit", "exchange"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const RefundStatusSchema = z.enum(REFUND_STATUSES);

const METHOD_OF: Record<RefundResolution, RefundMethod> = {
  REFUND: "original_payment",
  STORE_CREDIT: "store_credit",
  EXCHANGE: "exchange",
};

/**
 * The largest `unit_price × quantity` of a line: half the largest safe integer, so that even
 * a 100 % store-credit bonus on it stays exact.
 */
export const MAX_LINE_AMOUNT = Math.floor(Number.MAX_SAFE_INTEGER / 2);

const lineShape = {
  unit_price: z.int().min(0).describe("Price of one unit, in the currency's minor unit."),
  quantity: z.int().min(1).describe("Units returned."),
  accepted_quantity: z
    .int()
    .min(0)
    .optional()
    .describe("Units grading accepted (the others are refunded nothing); the quantity if absent."),
  reason: z.string().min(1).describe("The return's reason code."),
  resolution: RefundResolutionSchema,
  condition: RefundConditionSchema.nullish().describe("The graded condition, once graded."),
};

type LineBounds = { unit_price: number; quantity: number; accepted_quantity?: number | undefined };

function checkLine(line: LineBounds, ctx: z.RefinementCtx) {
  if (line.accepted_quantity !== undefined && line.accepted_quantity > line.quantity) {
    ctx.addIssue({
      code: "custom",
      path: ["accepted_quantity"],
      message: `at most the ${line.quantity} units returned`,
    });
  }
  if (line.unit_price * line.quantity > MAX_LINE_AMOUNT) {
    ctx.addIssue({
      code: "custom",
      path: ["unit_price"],
      message: `unit_price × quantity above ${MAX_LINE_AMOUNT} minor units`,
    });
  }
}

/** One return of a request: the order line's price and what is returned. */
export const RefundLineSchema = z
  .strictObject(lineShape)
  .superRefine(checkLine)
  .meta({ id: "RefundLine" });
export type RefundLineInput = z.input<typeof RefundLineSchema>;
export type RefundLine = z.output<typeof RefundLineSchema>;

/** A return on its own: its line, the order's currency, and its share of the request's fee. */
export const RefundInputSchema = z
  .strictObject({
    ...lineShape,
    currency: CurrencyCodeSchema,
    status: RefundStatusSchema,
    return_shipping_share: z
      .int()
      .min(0)
      .optional()
      .describe(
        "This return's share of its request's return shipping fee (see `shareRequestFee`); the policy's whole fee when absent, as for a request of one.",
      ),
  })
  .superRefine(checkLine)
  .meta({ id: "RefundInput" });
export type RefundInput = z.input<typeof RefundInputSchema>;

const minorUnits = z.int().min(0);
export const RefundSchema = z
  .object({
    currency: z.string(),
    currency_exponent: CurrencyExponentSchema,
    item_amount: minorUnits.describe(
      "The accepted units' price less the condition deduction (0 for an exchange).",
    ),
    restocking_fee: minorUnits,
    return_shipping_fee: minorUnits.describe("This return's share of its request's fee."),
    total: minorUnits.describe(
      "item_amount − restocking_fee − return_shipping_fee, plus the store-credit bonus.",
    ),
    method: z.enum(REFUND_METHODS),
    status: RefundStatusSchema,
  })
  .meta({ id: "Refund" });
export type Refund = z.infer<typeof RefundSchema>;

/** A return's amounts before its request's shipping fee is shared out. */
interface LineCharges {
  item_amount: number;
  restocking_fee: number;
}

/** Condition deduction, then restocking fee, on the accepted units. An exchange moves no money. */
export function chargesBeforeShipping(
  line: RefundLine,
  currency: string,
  policy: RefundPolicy,
): LineCharges {
  if (line.resolution === "EXCHANGE") return { item_amount: 0, restocking_fee: 0 };
  const accepted_price = line.unit_price * (line.accepted_quantity ?? line.quantity);
  const deduction_percent = line.condition ? (policy.condition_deductions[line.condition] ?? 0) : 0;
  const item_amount =
    accepted_price - percentOf(accepted_price, deduction_percent, currency, "charge");
  const fee = policy.restocking_fee;
  const waived =
    fee.waived_for_reasons.includes(line.reason) ||
    fee.waived_for_resolutions.includes(line.resolution);
  const restocking_fee = waived ? 0 : percentOf(item_amount, fee.percent, currency, "charge");
  return { item_amount, restocking_fee };
}

/** Whether the return bears a share of its request's shipping fee (an exchange refunds nothing to take it from). */
export function carriesShippingFee(line: RefundLine, policy: RefundPolicy): boolean {
  return (
    line.resolution !== "EXCHANGE" &&
    !policy.return_shipping_fee.waived_for_reasons.includes(line.reason)
  );
}

interface RefundContext {
  currency: string;
  status: RefundStatus;
  policy: RefundPolicy;
}

/** The refund, once the return's share of the shipping fee is known; the share is capped so the total stays ≥ 0. */
export function settleRefund(
  line: RefundLine,
  charges: LineCharges,
  shipping_share: number,
  { currency, status, policy }: RefundContext,
): Refund {
  const { item_amount, restocking_fee } = charges;
  const return_shipping_fee = carriesShippingFee(line, policy)
    ? Math.min(shipping_share, item_amount - restocking_fee)
    : 0;
  const net = item_amount - restocking_fee - return_shipping_fee;
  const bonus =
    line.resolution === "STORE_CREDIT"
      ? percentOf(net, policy.store_credit_bonus_percent, currency, "credit")
      : 0;
  return {
    currency,
    currency_exponent: currencyExponent(currency),
    item_amount,
    restocking_fee,
    return_shipping_fee,
    total: net + bonus,
    method: METHOD_OF[line.resolution],
    status,
  };
}

/**
 * The refund of one return. Throws a `ZodError` naming each bad member of `input` or `policy`.
 * For several returns sent together, use `refundForRequest`, which shares the shipping fee.
 */
export function computeRefund(input: RefundInput, policy: RefundPolicyInput = {}): Refund {
  const { currency, status, return_shipping_share, ...line } = RefundInputSchema.parse(input);
  const parsedPolicy = parseRefundPolicy(policy);
  const share = return_shipping_share ?? requestShippingFee(parsedPolicy, currency);
  return settleRefund(line, chargesBeforeShipping(line, currency, parsedPolicy), share, {
    currency,
    status,
    policy: parsedPolicy,
  });
}
