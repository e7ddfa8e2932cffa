/**
 * @module policy/merchant-return-policy — the published policy as schema.org
 * `MerchantReturnPolicy` JSON-LD, for product pages and merchant listings.
 *
 * Enumeration values are given as full schema.org URLs. How each member is chosen:
 * - `returnPolicyCategory`: a finite window with `merchantReturnDays` when one is enforced;
 *   absent otherwise (the service enforces no window, so it claims none).
 * - `returnFees`: `FreeReturn` only when no fee of either kind is ever charged;
 *   `ReturnShippingFees` with `returnShippingFeesAmount` (one `MonetaryAmount` per currency the
 *   policy names) when a shipping fee is; absent when only a restocking fee is charged.
 * - `restockingFee`: the percent, as a Number (schema.org: a Number is a percentage of the
 *   price), when above 0. Waivers only lower what is charged, so they are left to the JSON form.
 * - `returnMethod`: `ReturnByMail` for `by_mail` and for `drop_off` (a carrier's drop-off point
 *   takes the parcel on by mail: schema.org's `ReturnAtKiosk` is a kiosk the merchant runs,
 *   which no option describes), `ReturnInStore` for `in_store`; each once, in the order offered.
 * - `refundType`: one per resolution offered (money back, store credit, exchange).
 * - `itemCondition`: the conditions a return is refunded something for (a deduction under 100 %
 *   for at least one of the grades that condition covers).
 */

import { toDecimalAmount } from "../domain/refunds";
import type { ReturnMethod } from "../domain/return-methods";
import type { GRADE_CONDITIONS, RESOLUTIONS } from "../domain/vocabulary";
import type { MerchantReturnPolicyJsonLd, ReturnPolicyDocument } from "./published-policy-schema";

type Grade = (typeof GRADE_CONDITIONS)[number];
type Resolution = (typeof RESOLUTIONS)[number];

const REFUND_TYPES = {
  REFUND: "https://schema.org/FullRefund",
  STORE_CREDIT: "https://schema.org/StoreCreditRefund",
  EXCHANGE: "https://schema.org/ExchangeRefund",
} as const satisfies Record<Resolution, string>;

const RETURN_METHODS = {
  by_mail: "https://schema.org/ReturnByMail",
  drop_off: "https://schema.org/ReturnByMail",
  in_store: "https://schema.org/ReturnInStore",
} as const satisfies Record<ReturnMethod, string>;

/** schema.org item conditions and the grades of a returned item each covers. */
const ITEM_CONDITIONS = [
  ["https://schema.org/NewCondition", ["NEW"]],
  ["https://schema.org/UsedCondition", ["LIKE_NEW", "USED"]],
  ["https://schema.org/DamagedCondition", ["DAMAGED", "UNSELLABLE"]],
] as const satisfies readonly (readonly [string, readonly Grade[]])[];

export function merchantReturnPolicy(policy: ReturnPolicyDocument): MerchantReturnPolicyJsonLd {
  const { fees } = policy;
  const shippingAmounts = Object.entries(fees.return_shipping_fee.amount);
  const chargesShipping = shippingAmounts.some(([, amount]) => amount > 0);
  const chargesRestocking = fees.restocking_fee.percent > 0;
  const ld: MerchantReturnPolicyJsonLd = {
    "@context": "https://schema.org",
    "@type": "MerchantReturnPolicy",
  };
  if (policy.applicable_countries?.length) {
    ld.applicableCountry = oneOrList(policy.applicable_countries);
  }
  if (policy.return_window) {
    ld.returnPolicyCategory = "https://schema.org/MerchantReturnFiniteReturnWindow";
    ld.merchantReturnDays = policy.return_window.days;
  }
  ld.returnMethod = oneOrList([
    ...new Set(policy.return_methods.map((method) => RETURN_METHODS[method])),
  ]);
  if (chargesShipping) {
    ld.returnFees = "https://schema.org/ReturnShippingFees";
    ld.returnShippingFeesAmount = oneOrList(
      shippingAmounts.map(([currency, amount]) => ({
        "@type": "MonetaryAmount" as const,
        currency,
        value: Number(toDecimalAmount(amount, currency)),
      })),
    );
  } else if (!chargesRestocking) {
    ld.returnFees = "https://schema.org/FreeReturn";
  }
  if (chargesRestocking) ld.restockingFee = fees.restocking_fee.percent;
  ld.refundType = oneOrList(policy.resolutions.map((resolution) => REFUND_TYPES[resolution]));
  const deductions = fees.condition_deductions;
  const refunded = ITEM_CONDITIONS.filter(([, grades]) =>
    grades.some((grade) => (deductions[grade] ?? 0) < 100),
  ).map(([condition]) => condition);
  if (refunded.length) ld.itemCondition = oneOrList(refunded);
  return ld;
}

/** One value as itself, several as a list (JSON-LD takes either). */
export function oneOrList<T>(values: readonly T[]): T | T[] {
  return values.length === 1 ? (values[0] as T) : [...values];
}
