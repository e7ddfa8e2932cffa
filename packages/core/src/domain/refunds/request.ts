/**
 * @module domain/refunds/request — the refund of a return request: the returns a customer sends
 * together (one order, one currency), which share one return shipping fee.
 */
import { z } from "zod";
import {
  carriesShippingFee,
  chargesBeforeShipping,
  MAX_LINE_AMOUNT,
  type Refund,
  RefundLineSchema,
  RefundSchema,
  RefundStatusSchema,
  settleRefund,
} from "./compute";
import { CurrencyCodeSchema, CurrencyExponentSchema, currencyExponent } from "./money";
import { parseRefundPolicy, type RefundPolicyInput, requestShippingFee } from "./policy";
import { shareRequestFee } from "./share";

const RefundRequestInputSchema = z
  .strictObject({
    currency: CurrencyCodeSchema,
    status: RefundStatusSchema,
    returns: z.array(RefundLineSchema).min(1).describe("One entry per return (order line)."),
  })
  .superRefine((request, ctx) => {
    // The sums must stay exact too, bonus included (see MAX_LINE_AMOUNT).
    const sum = request.returns.reduce((total, line) => total + line.unit_price * line.quantity, 0);
    if (sum > MAX_LINE_AMOUNT) {
      ctx.addIssue({
        code: "custom",
        path: ["returns"],
        message: `the returns' unit_price × quantity add up to more than ${MAX_LINE_AMOUNT} minor units`,
      });
    }
  })
  .meta({ id: "RefundRequestInput" });
export type RefundRequestInput = z.input<typeof RefundRequestInputSchema>;

const minorUnits = z.int().min(0);
const RequestRefundSchema = z
  .object({
    currency: z.string(),
    currency_exponent: CurrencyExponentSchema,
    status: RefundStatusSchema,
    returns: z.array(RefundSchema).describe("Each return's refund, in the order given."),
    totals: z
      .object({
        item_amount: minorUnits,
        restocking_fee: minorUnits,
        return_shipping_fee: minorUnits,
        total: minorUnits,
      })
      .describe("The sum of each amount over the returns."),
  })
  .meta({ id: "RequestRefund" });
export type RequestRefund = z.infer<typeof RequestRefundSchema>;

/**
 * The refunds of a request's returns and their totals. The policy's return shipping fee is
 * charged once, shared among the returns that bear it (`shareRequestFee`) in proportion to
 * what each can carry (its item amount less its restocking fee), so the request pays
 * min(fee, Σ what they can carry). Throws a `ZodError` naming each bad member.
 */
export function refundForRequest(
  input: RefundRequestInput,
  policy: RefundPolicyInput = {},
): RequestRefund {
  const { currency, status, returns } = RefundRequestInputSchema.parse(input);
  const parsedPolicy = parseRefundPolicy(policy);
  const context = { currency, status, policy: parsedPolicy };
  const lines = returns.map((line) => ({
    line,
    charges: chargesBeforeShipping(line, currency, parsedPolicy),
  }));
  const shares = shareRequestFee(
    requestShippingFee(parsedPolicy, currency),
    lines.map(({ line, charges }) => ({
      amount: charges.item_amount - charges.restocking_fee,
      waived: !carriesShippingFee(line, parsedPolicy),
    })),
  );
  const refunds = lines.map(({ line, charges }, index) =>
    settleRefund(line, charges, shares[index] ?? 0, context),
  );
  return {
    currency,
    currency_exponent: currencyExponent(currency),
    status,
    returns: refunds,
    totals: sumRefunds(refunds),
  };
}

function sumRefunds(refunds: readonly Refund[]): RequestRefund["totals"] {
  const totals = { item_amount: 0, restocking_fee: 0, return_shipping_fee: 0, total: 0 };
  for (const refund of refunds) {
    totals.item_amount += refund.item_amount;
    totals.restocking_fee += refund.restocking_fee;
    totals.return_shipping_fee += refund.return_shipping_fee;
    totals.total += refund.total;
  }
  return totals;
}
