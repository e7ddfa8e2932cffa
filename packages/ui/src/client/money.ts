/**
 * @module client/money — an amount of the API, in minor units, as the customer reads it.
 *
 * The API counts minor units with ISO 4217's digits and says how many (`currency_exponent`);
 * Intl has digits of its own that differ for some currencies (HUF and IDR 2 in ISO 4217, 0 in
 * Intl; IQD 3 and 0). So the amount is turned into its exact decimal from the API's exponent
 * and only then handed to Intl, which never sees a number it could scale or round:
 * - in the locale's usual digits when the amount fits them (123400 HUF minor units: HUF 1,234);
 * - else with every digit ISO 4217 gives the currency (1234: HUF 12.34, not HUF 12).
 */

/** What an amount is counted in: the currency and the digits of its minor unit. */
export interface CurrencyUnit {
  currency: string;
  currency_exponent: number;
}

/** The exact decimal of `minorUnits` with `exponent` digits: (1234, 2) → "12.34". */
export function decimalOf(minorUnits: number, exponent: number): `${number}` {
  const sign = minorUnits < 0 ? "-" : "";
  const digits = String(Math.abs(minorUnits));
  if (exponent === 0) return `${sign}${digits}` as `${number}`;
  const padded = digits.padStart(exponent + 1, "0");
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}` as `${number}`;
}

export function formatMoney(locale: string, minorUnits: number, unit: CurrencyUnit): string {
  const { currency, currency_exponent: exponent } = unit;
  const usual = new Intl.NumberFormat(locale, { style: "currency", currency });
  const usualDigits = usual.resolvedOptions().maximumFractionDigits ?? exponent;
  const fitsUsual = usualDigits >= exponent || minorUnits % 10 ** (exponent - usualDigits) === 0;
  const digits = fitsUsual ? usualDigits : exponent;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimalOf(minorUnits, exponent));
}

/**
 * The unit of an answer of the API that names a currency (an order, an order line), or null
 * when its amounts cannot be counted: no currency, or none ISO 4217 knows.
 */
export function currencyUnit(
  answer: { currency: string | null; currency_exponent: number | null } | null | undefined,
): CurrencyUnit | null {
  if (!answer || answer.currency === null || answer.currency_exponent === null) return null;
  return { currency: answer.currency, currency_exponent: answer.currency_exponent };
}
