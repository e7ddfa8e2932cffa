/**
 * @module client/shared/exchange-words — an exchange's price difference in words: each offer
 * against the price paid while the customer chooses ("+€10.00 to pay", "€5.00 back", "same
 * price"), the figure the API worked out for the customer ("€7.00 to pay") and for the back
 * office ("Customer pays €7.00").
 */
import type { components } from "../api-types";
import type { I18n } from "../i18n";
import type { CurrencyUnit } from "../money";
import { exchangedFor } from "./product";

type Difference = components["schemas"]["ExchangeDifference"];

/**
 * The offer's price for `quantity` units less what was paid for them, in minor units (positive:
 * the customer would pay); null without a price paid or in another currency than `currency`.
 */
export function offerDifference(
  line: { unit_price: number | null },
  offer: { unit_price: number; currency: string },
  quantity: number,
  currency: string = offer.currency,
): number | null {
  if (line.unit_price === null || offer.currency !== currency) return null;
  return (offer.unit_price - line.unit_price) * quantity;
}

/** A signed difference of an offer in words: "+€10.00 to pay", "€5.00 back", "same price". */
export function offerDifferenceWords(i18n: I18n, signed: number, unit: CurrencyUnit): string {
  if (signed === 0) return i18n.t("exchange.samePrice");
  const amount = i18n.money(Math.abs(signed), unit);
  return i18n.t(signed > 0 ? "exchange.offerToPay" : "exchange.back", { amount });
}

/** The API's difference as the customer reads it: "€7.00 to pay", "€5.00 back"; null for 0. */
export function customerDifference(
  i18n: I18n,
  difference: Difference | null | undefined,
  unit: CurrencyUnit | null,
): string | null {
  if (!difference || difference.amount === 0 || !unit) return null;
  const amount = i18n.money(difference.amount, unit);
  return i18n.t(difference.direction === "customer_pays" ? "exchange.toPay" : "exchange.back", {
    amount,
  });
}

/** The API's difference as the back office reads it: "Customer pays €7.00"; null for 0. */
export function staffDifference(
  i18n: I18n,
  difference: Difference | null | undefined,
  unit: CurrencyUnit | null,
): string | null {
  if (!difference || difference.amount === 0 || !unit) return null;
  const amount = i18n.money(difference.amount, unit);
  const key = difference.direction === "customer_pays" ? "staff.customerPays" : "staff.shopRefunds";
  return i18n.t(key, { amount });
}

/** A return's exchange for the back office: "Wool jumper (Red / M) · Customer pays €7.00". */
export function exchangeWords(
  i18n: I18n,
  record: { exchange: components["schemas"]["Exchange"] | null; refund: CurrencyUnit | null },
): string {
  const item = exchangedFor(record.exchange) ?? "";
  const difference = staffDifference(i18n, record.exchange?.difference, record.refund);
  return difference ? `${item} · ${difference}` : item;
}
