/**
 * @module policy/published-policy-schema — the two forms of the return policy the service
 * publishes (`GET /v1/return-policy`): its own JSON (`ReturnPolicy`) and schema.org
 * `MerchantReturnPolicy` JSON-LD. One zod schema each gives the type and the OpenAPI component.
 */
import { z } from "zod";
import { ReturnMethodDetailsSchema, ReturnMethodSchema } from "../domain/return-methods";
import { GRADE_CONDITIONS, RESOLUTIONS } from "../domain/vocabulary";

const percent = z.number().min(0).max(100);
const reasons = z.array(z.string()).describe("Return reason codes for which it is not charged.");
const resolutions = z.array(z.enum(RESOLUTIONS));

export const ReturnPolicySchema = z
  .object({
    object: z.literal("return_policy"),
    return_window: z
      .object({
        days: z.int().min(0).describe("Days a line can be returned."),
        counted_from: z
          .literal("delivery")
          .describe("The order's delivery, else its placing when no delivery is recorded."),
      })
      .nullable()
      .describe(
        "The window the service enforces on each return; a line's own `returnable_until` overrides it. Null when the service is not connected to the shop's orders and so enforces none.",
      ),
    final_sale: z
      .object({ returnable: z.literal(false) })
      .nullable()
      .describe(
        "Lines sold as final sale cannot be returned. Null when the service is not connected to the shop's orders and so cannot tell.",
      ),
    resolutions: z
      .array(z.enum(RESOLUTIONS))
      .describe(
        "What a customer may ask for: money back, store credit, or an exchange (which settles only the price difference, if any).",
      ),
    return_methods: z
      .array(ReturnMethodSchema)
      .min(1)
      .describe(
        "How items come back, in the order offered; a request names one as `return_method`.",
      ),
    return_method_details: ReturnMethodDetailsSchema.describe(
      "What the customer is told for each method of `return_methods` the shop described (the return address, drop-off instructions, the stores); `{}` when the shop gave none.",
    ),
    fees: z.object({
      restocking_fee: z
        .object({
          percent: percent.describe(
            "Percent of the refunded item amount kept back; rounded half down to the minor unit.",
          ),
          waived_for_reasons: reasons,
          waived_for_resolutions: resolutions.describe(
            "Resolutions for which it is not charged (always `EXCHANGE`: no fee is charged on an exchange).",
          ),
        })
        .describe("Taken from the item amount after the condition deduction."),
      return_shipping_fee: z
        .object({
          amount: z
            .record(z.string(), z.int().min(0))
            .describe(
              "Per currency, in its minor unit (`{ EUR: 495 }` is €4.95); none in a currency not named.",
            ),
          currency_exponents: z
            .record(z.string(), z.int().min(0))
            .describe(
              "Digits of the minor unit (ISO 4217) of each currency in `amount`: `{ EUR: 2 }`, so 495 is 4.95.",
            ),
          waived_for_reasons: reasons,
          waived_for_resolutions: resolutions.describe(
            "Resolutions that bear none of it (always `EXCHANGE`: no fee is charged on an exchange).",
          ),
        })
        .describe(
          "Charged once per request (the returns sent together), shared among its returns, and never more than they refund.",
        ),
      store_credit_bonus_percent: percent.describe(
        "Extra credit, in percent of the net refund, for store credit.",
      ),
      condition_deductions: z
        .partialRecord(z.enum(GRADE_CONDITIONS), percent)
        .describe("Percent of the accepted units' price deducted for the graded condition."),
      exchange_bonus: z
        .union([
          z.object({
            flat: z
              .record(z.string(), z.int().min(0))
              .describe("Per exchanged return, per currency, in its minor unit (`{ EUR: 500 }`)."),
            currency_exponents: z
              .record(z.string(), z.int().min(0))
              .describe("Digits of the minor unit (ISO 4217) of each currency in `flat`."),
          }),
          z.object({
            percent: percent.describe(
              "Percent of the returned units' value (price paid less any condition deduction).",
            ),
          }),
        ])
        .nullable()
        .describe(
          "Value given toward the new items when the customer chooses an exchange: it lowers what the customer pays for a dearer item, at most to nothing, and is never paid out. Null when the shop gives none.",
        ),
    }),
    exchanges: z
      .object({
        mode: z
          .enum(["standard", "instant"])
          .describe(
            "`standard`: the new items go out once the return is received; `instant`: at approval, against a hold of the price paid.",
          ),
        hold_days: z
          .int()
          .min(1)
          .nullable()
          .describe(
            "Instant: days after approval the hold falls due unless the return has shipped; null for standard.",
          ),
        payment_days: z
          .int()
          .min(1)
          .describe("Days after approval a difference the customer pays is awaited."),
        when_unpaid: z
          .enum(["refund", "store_credit"])
          .describe("What the return becomes when the difference is not paid in time."),
      })
      .describe("How exchanges go out, and what a difference not paid in time turns them into."),
    applicable_countries: z
      .array(z.string())
      .optional()
      .describe("ISO 3166-1 alpha-2 codes of the countries the policy applies to, when set."),
  })
  .meta({ id: "ReturnPolicy" });
export type ReturnPolicyDocument = z.infer<typeof ReturnPolicySchema>;

const schemaOrg = (member: string) => z.literal(`https://schema.org/${member}`);
const oneOrMore = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

const MonetaryAmountSchema = z
  .object({
    "@type": z.literal("MonetaryAmount"),
    currency: z.string().describe("ISO 4217 code."),
    value: z.number().min(0).describe("In the currency's major unit (4.95 for €4.95)."),
  })
  .meta({ id: "MonetaryAmount" });

export const MerchantReturnPolicySchema = z
  .object({
    "@context": z.literal("https://schema.org"),
    "@type": z.literal("MerchantReturnPolicy"),
    applicableCountry: oneOrMore(z.string()).optional(),
    returnPolicyCategory: z
      .union([
        schemaOrg("MerchantReturnFiniteReturnWindow"),
        schemaOrg("MerchantReturnNotPermitted"),
      ])
      .optional()
      .describe("Absent when the service enforces no window (not connected to the orders)."),
    merchantReturnDays: z.int().min(0).optional(),
    returnMethod: oneOrMore(z.union([schemaOrg("ReturnByMail"), schemaOrg("ReturnInStore")]))
      .optional()
      .describe(
        "`by_mail` and `drop_off` (a carrier's point takes the parcel on by mail) are ReturnByMail; `in_store` is ReturnInStore.",
      ),
    returnFees: z.union([schemaOrg("FreeReturn"), schemaOrg("ReturnShippingFees")]).optional(),
    returnShippingFeesAmount: oneOrMore(MonetaryAmountSchema).optional(),
    restockingFee: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe("A percentage of the product price (schema.org: a Number is a percentage)."),
    refundType: oneOrMore(
      z.union([
        schemaOrg("FullRefund"),
        schemaOrg("StoreCreditRefund"),
        schemaOrg("ExchangeRefund"),
      ]),
    ).optional(),
    itemCondition: oneOrMore(
      z.union([
        schemaOrg("NewCondition"),
        schemaOrg("UsedCondition"),
        schemaOrg("DamagedCondition"),
      ]),
    ).optional(),
  })
  .meta({ id: "MerchantReturnPolicy" });
export type MerchantReturnPolicyJsonLd = z.infer<typeof MerchantReturnPolicySchema>;

/** The format query of `GET /v1/return-policy`: `jsonld` for the JSON-LD form. */
export const ReturnPolicyQuerySchema = z.strictObject({
  format: z
    .enum(["json", "jsonld"])
    .optional()
    .describe(
      "`jsonld` for schema.org `MerchantReturnPolicy` JSON-LD; `json` (default) otherwise.",
    ),
});
