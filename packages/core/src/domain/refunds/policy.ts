/**
 * @module domain/refunds/policy — the shop's refund policy, declared as data: one zod schema gives its
 * validation, its type and its OpenAPI component. Every member has a default that charges
 * nothing, so `{}` is the policy of a shop that refunds in full.
 */
import { z } from "zod";
import { GRADE_CONDITIONS, RESOLUTIONS } from "../vocabulary";
import { CurrencyCodeSchema, percentInHundredths } from "./money";

/** A return's resolutions and grade conditions, as the rest of the domain names them. */
export const REFUND_RESOLUTIONS = RESOLUTIONS;
export const REFUND_CONDITIONS = GRADE_CONDITIONS;

export const RefundResolutionSchema = z.enum(REFUND_RESOLUTIONS);
export const RefundConditionSchema = z.enum(REFUND_CONDITIONS);
export type RefundResolution = z.infer<typeof RefundResolutionSchema>;
export type RefundCondition = z.infer<typeof RefundConditionSchema>;

/** 0 to 100, in hundredths at most (12.5 is fine). */
const PercentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((percent) => percentInHundredths(percent) !== null, {
    message: "a percent with at most two decimals, such as 12.5",
  });

const ReasonCodesSchema = z
  .array(z.string().min(1))
  .default([])
  .describe("Return reasons (`DAMAGED`, `WRONG_ITEM`, …) for which nothing is charged.");

export const RestockingFeeSchema = z
  .strictObject({
    percent: PercentSchema.default(0).describe(
      "Percent of the refunded item amount kept back; rounded half down to the minor unit.",
    ),
    waived_for_reasons: ReasonCodesSchema,
    waived_for_resolutions: z
      .array(RefundResolutionSchema)
      .default([])
      .describe("Resolutions for which no restocking fee is charged (often `STORE_CREDIT`)."),
  })
  .meta({ id: "RestockingFee" });

export const ReturnShippingFeeSchema = z
  .strictObject({
    amount: z
      .record(CurrencyCodeSchema, z.int().min(0))
      .default({})
      .describe(
        "The flat fee per return request, in the minor unit of each currency (`{ EUR: 495 }` is €4.95); none for a currency not named.",
      ),
    waived_for_reasons: ReasonCodesSchema,
  })
  .meta({ id: "ReturnShippingFee" });

/** A bonus for choosing an exchange: a flat amount per currency, or a percent of the returned value. */
const ExchangeBonusSchema = z
  .union([
    z.strictObject({
      flat: z
        .record(CurrencyCodeSchema, z.int().min(0))
        .describe(
          "Per exchanged return, in the minor unit of each currency (`{ EUR: 500 }` is €5); none for a currency not named.",
        ),
    }),
    z.strictObject({
      percent: PercentSchema.describe(
        "Percent of the returned units' value (price paid less any condition deduction); rounded half up.",
      ),
    }),
  ])
  .meta({ id: "ExchangeBonus" });

export const RefundPolicySchema = z
  .strictObject({
    restocking_fee: RestockingFeeSchema.prefault({}),
    return_shipping_fee: ReturnShippingFeeSchema.prefault({}).describe(
      "Charged once per request (the returns a customer sends together), shared among its returns.",
    ),
    store_credit_bonus_percent: PercentSchema.default(0).describe(
      "Extra credit, in percent of the net refund, when the resolution is `STORE_CREDIT`; rounded half up.",
    ),
    exchange_bonus: ExchangeBonusSchema.optional().describe(
      "Value given toward the new items when the customer chooses an exchange: it lowers what the customer pays for a dearer item, at most to nothing, and is never paid out. None when absent.",
    ),
    condition_deductions: z
      .partialRecord(RefundConditionSchema, PercentSchema)
      .default({})
      .describe(
        "Percent of the accepted units' price deducted for the graded condition (`{ USED: 20 }`); none for a condition not named.",
      ),
  })
  .meta({ id: "RefundPolicy" });

/** A policy as the host writes it: every member optional. */
export type RefundPolicyInput = z.input<typeof RefundPolicySchema>;
/** A policy with its defaults filled in. */
export type RefundPolicy = z.output<typeof RefundPolicySchema>;

/** Checks a policy and fills in its defaults; throws a `ZodError` naming each bad member. */
export function parseRefundPolicy(input: RefundPolicyInput = {}): RefundPolicy {
  return RefundPolicySchema.parse(input);
}

/** The policy's return shipping fee for a whole request in `currency` (0 when not set). */
export function requestShippingFee(policy: RefundPolicy, currency: string): number {
  return policy.return_shipping_fee.amount[currency] ?? 0;
}
