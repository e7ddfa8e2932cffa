/**
 * @module policy/published-policy — `publishedPolicy(settings)`: the return policy as the
 * service enforces it, in its own JSON and as schema.org `MerchantReturnPolicy` JSON-LD.
 *
 * Pure: it reads the same settings the order rules and the refund maths run with, and claims
 * nothing they do not enforce. The window and the final-sale rule are checked only against the
 * shop's orders, so without them both are published as null (and the JSON-LD names no window).
 * Fees are published with every waiver `computeRefund` applies, an exchange's included.
 */
import {
  currencyExponent,
  parseRefundPolicy,
  REFUND_RESOLUTIONS,
  type RefundPolicy,
  type RefundPolicyInput,
  type RefundResolution,
} from "../domain/refunds";
import { offeredMethods, type ReturnMethods } from "../domain/return-methods";
import { STANDARD_RELEASE } from "../returns/exchange-release";
import type { ExchangeReleaseSettings } from "../returns/orders/types";
import { merchantReturnPolicy, oneOrList } from "./merchant-return-policy";
import type { MerchantReturnPolicyJsonLd, ReturnPolicyDocument } from "./published-policy-schema";

export interface PublishedPolicySettings {
  /** Days of the window the order rules enforce; null when they enforce none. */
  windowDays: number | null;
  /** The refund policy `computeRefund` charges by (defaults filled in or not). */
  refund: RefundPolicyInput;
  /** Whether the service checks returns against the shop's orders (window, final sale). */
  ordersBound: boolean;
  /** ISO 3166-1 alpha-2 codes the policy applies to, when the shop says. */
  applicableCountry?: readonly string[];
  /** The methods the shop offers, with what it says about each; absent or null: by mail. */
  returnMethods?: ReturnMethods | null;
  /** How exchanges are released (the `exchanges` option); absent: standard, with the defaults. */
  exchanges?: Partial<ExchangeReleaseSettings> | null;
}

export interface PublishedPolicy {
  json: ReturnPolicyDocument;
  jsonLd: MerchantReturnPolicyJsonLd;
  /**
   * For the offer of a product sold as final sale: returns not permitted. Null when the
   * service does not check final sale (not connected to the orders).
   */
  finalSaleJsonLd: MerchantReturnPolicyJsonLd | null;
}

/** An exchange settles only its price difference: `computeRefund` charges it no fee of either kind. */
const NO_FEE_RESOLUTIONS = ["EXCHANGE"] as const;

export function publishedPolicy(settings: PublishedPolicySettings): PublishedPolicy {
  const refund = parseRefundPolicy(settings.refund);
  const enforced = settings.ordersBound;
  const window =
    enforced && settings.windowDays !== null
      ? { days: settings.windowDays, counted_from: "delivery" as const }
      : null;
  const json: ReturnPolicyDocument = {
    object: "return_policy",
    return_window: window,
    final_sale: enforced ? { returnable: false } : null,
    resolutions: [...REFUND_RESOLUTIONS],
    return_methods: offeredMethods(settings.returnMethods),
    return_method_details: structuredClone(settings.returnMethods ?? {}),
    fees: publishedFees(refund),
    exchanges: publishedExchanges({ ...STANDARD_RELEASE, ...settings.exchanges }),
    ...(settings.applicableCountry?.length
      ? { applicable_countries: [...settings.applicableCountry] }
      : {}),
  };
  const country = settings.applicableCountry?.length
    ? { applicableCountry: oneOrList(settings.applicableCountry) }
    : {};
  return {
    json,
    jsonLd: merchantReturnPolicy(json),
    finalSaleJsonLd: enforced
      ? {
          "@context": "https://schema.org",
          "@type": "MerchantReturnPolicy",
          ...country,
          returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
        }
      : null,
  };
}

function publishedFees(refund: RefundPolicy): ReturnPolicyDocument["fees"] {
  const restocking = refund.restocking_fee;
  const shipping = refund.return_shipping_fee;
  return {
    restocking_fee: {
      percent: restocking.percent,
      waived_for_reasons: [...restocking.waived_for_reasons],
      waived_for_resolutions: union(restocking.waived_for_resolutions, NO_FEE_RESOLUTIONS),
    },
    return_shipping_fee: {
      amount: { ...shipping.amount },
      currency_exponents: Object.fromEntries(
        Object.keys(shipping.amount).map((currency) => [currency, currencyExponent(currency)]),
      ),
      waived_for_reasons: [...shipping.waived_for_reasons],
      waived_for_resolutions: [...NO_FEE_RESOLUTIONS],
    },
    store_credit_bonus_percent: refund.store_credit_bonus_percent,
    condition_deductions: { ...refund.condition_deductions },
    exchange_bonus: publishedBonus(refund.exchange_bonus),
  };
}

function publishedBonus(
  bonus: RefundPolicy["exchange_bonus"],
): ReturnPolicyDocument["fees"]["exchange_bonus"] {
  if (!bonus) return null;
  if ("percent" in bonus) return { percent: bonus.percent };
  return {
    flat: { ...bonus.flat },
    currency_exponents: Object.fromEntries(
      Object.keys(bonus.flat).map((currency) => [currency, currencyExponent(currency)]),
    ),
  };
}

function publishedExchanges(release: ExchangeReleaseSettings): ReturnPolicyDocument["exchanges"] {
  return {
    mode: release.instant ? "instant" : "standard",
    hold_days: release.instant?.holdDays ?? null,
    payment_days: release.paymentDays,
    when_unpaid: release.whenUnpaid,
  };
}

/** The members of both lists, each once, in the domain's order of resolutions. */
function union(list: readonly RefundResolution[], more: readonly RefundResolution[]) {
  const members = new Set([...list, ...more]);
  return REFUND_RESOLUTIONS.filter((resolution) => members.has(resolution));
}
