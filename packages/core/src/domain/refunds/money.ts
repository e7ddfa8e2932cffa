/**
 * @module domain/refunds/money — amounts as integers in the minor unit of an ISO 4217 currency, and
 * the one rounding step a refund takes: a percent of an amount, to the nearest minor unit.
 *
 * dinero.js 2 does the arithmetic (stable since 2.0.0, no dependencies, with the ISO 4217
 * table of exponents: JPY 0, EUR 2, KWD 3, …). Its bigint calculator is used so that
 * `amount × percent` is exact for every safe integer, where floats would drift.
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

const CURRENCIES: ReadonlyMap<string, DineroCurrency<bigint>> = new Map(
  Object.values(isoCurrencies).map((currency) => [currency.code, currency]),
);

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

/** How many decimals a major unit has: 2 for EUR (100 cents), 0 for JPY, 3 for KWD (1000 fils). */
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
