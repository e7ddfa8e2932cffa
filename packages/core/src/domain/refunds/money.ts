/**
 * @module domain/refunds/money — amounts as integers in the minor unit of an ISO 4217 currency, and
 * the one rounding step a refund takes: a percent of an amount, to the nearest minor unit.
 *
 * dinero.js 2 does the arithmetic (stable since 2.0.0, no dependencies, with the ISO 4217
 * table of exponents: JPY 0, EUR 2, KWD 3, …). Its bigint calculator is used so that
 * `amount × percent` is exact for every safe integer, where floats would drift.
 *
 * Every currency counts its minor unit in base 10 with ISO 4217's minor-unit digits. Two do not
 * divide by ten in cash: the Malagasy ariary (MGA) and the Mauritanian ouguiya (MRU) are worth
 * five iraimbilanja or khoums, and dinero.js's table says so (base 5, exponent 1). ISO 4217 lists
 * both with 2 digits, as Stripe and most payment systems count MRU; Intl (CLDR) formats MRU
 * with 2 and MGA with 0. Here both are base 10 with 2 digits, like every other currency: 1234
 * is 12.34, and a percent of it is worked out in hundredths like a percent of euros.
 */
import {
  type DineroCurrency,
  type DineroDivideOperation,
  dinero,
  halfDown,
  halfUp,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
} from "dinero.js/bigint";
import * as isoCurrencies from "dinero.js/bigint/currencies";
import { z } from "zod";

/** ISO 4217's minor-unit digits of the currencies dinero.js counts in a base other than 10. */
const ISO_DIGITS_OF_NON_DECIMAL: Readonly<Record<string, number>> = { MGA: 2, MRU: 2 };

/** `currency` counted in base 10 with ISO 4217's digits. */
function decimalCurrency(currency: DineroCurrency<bigint>): DineroCurrency<bigint> {
  if (currency.base === 10n) return currency;
  const digits = ISO_DIGITS_OF_NON_DECIMAL[currency.code];
  // A new non-decimal currency in dinero.js's table must be decided on, not counted in its base.
  if (digits === undefined) throw new Error(`${currency.code} has no decimal minor unit`);
  return { code: currency.code, base: 10n, exponent: BigInt(digits) };
}

const CURRENCIES: ReadonlyMap<string, DineroCurrency<bigint>> = new Map(
  Object.values(isoCurrencies)
    .map(decimalCurrency)
    .sort((a, b) => (a.code < b.code ? -1 : 1))
    .map((currency) => [currency.code, currency]),
);

/** Every ISO 4217 code an amount can be counted in, A to Z. */
export function currencyCodes(): string[] {
  return [...CURRENCIES.keys()];
}

/** Whether `code` is an ISO 4217 currency code (upper case, as the order gives it). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCIES.has(code);
}

function currencyOf(code: string): DineroCurrency<bigint> {
  const currency = CURRENCIES.get(code);
  if (!currency) throw new RangeError(`${code} is not an ISO 4217 currency code`);
  return currency;
}

export const CurrencyCodeSchema = z
  .string()
  .refine(isCurrencyCode, { message: "an ISO 4217 currency code such as EUR" })
  .describe("ISO 4217 code of the amounts; they count its minor unit (cents for EUR).");

/** The currency's exponent, or null when `code` is none (or no ISO 4217 currency). */
export function currencyExponentOrNull(code: string | null): number | null {
  return code !== null && isCurrencyCode(code) ? currencyExponent(code) : null;
}

export const CurrencyExponentSchema = z
  .int()
  .min(0)
  .describe(
    "Digits of the currency's minor unit, as ISO 4217 lists them and the amounts count them: an amount of 10^currency_exponent is one unit of the currency (2 for EUR and HUF, 0 for JPY, 3 for KWD and IQD, 2 for MGA and MRU). Render from it, not from a formatter's own digits (Intl shows HUF with 0).",
  );

/**
 * How many decimals a major unit has (ISO 4217's minor-unit digits): 2 for EUR (100 cents), 0
 * for JPY, 3 for KWD (1000 fils), 2 for HUF and IDR (where Intl shows 0), 2 for MGA and MRU.
 */
export function currencyExponent(code: string): number {
  return Number(currencyOf(code).exponent);
}

/** An amount of minor units as a decimal of the major unit: (1500, "KWD") → "1.500". */
export function toDecimalAmount(amount: number, code: string): string {
  return toDecimal(dinero({ amount: BigInt(amount), currency: currencyOf(code) }));
}

/**
 * Which way an exact half goes. Both round to the nearest minor unit; the names say who an
 * exact half favours: a charge rounds half down, a credit half up, so the customer wins ties.
 */
export type Rounding = "charge" | "credit";
const DIVIDE: Record<Rounding, DineroDivideOperation> = { charge: halfDown, credit: halfUp };

/** Percents are kept to hundredths (12.5 and 12.25 are fine, 12.125 is not). */
const PERCENT_DECIMALS = 2;
const PERCENT_SCALE = 10 ** PERCENT_DECIMALS;

/** The percent in hundredths of a percent, when it has at most two decimals. */
export function percentInHundredths(percent: number): number | null {
  const hundredths = Math.round(percent * PERCENT_SCALE);
  // A tolerance, not equality: 12.34 * 100 is 1234.0000000000002 in binary floating point.
  return Math.abs(percent * PERCENT_SCALE - hundredths) < 1e-6 ? hundredths : null;
}

/**
 * `percent` % of `amount` (minor units of `code`), rounded once to the nearest minor unit.
 * 12.5 % of 1004 is 125.5: 125 as a charge, 126 as a credit.
 */
export function percentOf(amount: number, percent: number, code: string, rounding: Rounding) {
  const hundredths = percentInHundredths(percent);
  if (hundredths === null) throw new RangeError(`${percent} has more than two decimals`);
  const currency = currencyOf(code);
  const money = dinero({ amount: BigInt(amount), currency });
  // percent / 100 = hundredths / 10^4: a scaled factor keeps the product exact.
  const scaled = multiply(money, { amount: BigInt(hundredths), scale: 4n });
  const rounded = transformScale(scaled, currency.exponent, DIVIDE[rounding]);
  return Number(toSnapshot(rounded).amount);
}
