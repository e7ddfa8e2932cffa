/**
 * @module money — EasyPost writes amounts as decimal strings ("5.93", "23.25"); the contract
 * counts integer minor units. Converted digit by digit, never through a float.
 */

import type { CarrierMoney } from "@returnkit/core";

/** The digits of the currency's minor unit (ISO 4217): 2 for USD, 0 for JPY. */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** "5.93" USD → 593; null when the text is not a plain non-negative decimal. */
export function toMinor(decimal: string, currency: string): CarrierMoney | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (match === null) return null;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return null;
  const amount = Number(`${match[1]}${fraction.slice(0, digits)}`);
  return Number.isSafeInteger(amount) ? { amount, currency: currency.toUpperCase() } : null;
}

/** 2325 USD → "23.25". */
export function toDecimal(money: CarrierMoney): string {
  const digits = minorDigits(money.currency);
  if (digits === 0) return String(money.amount);
  const text = String(money.amount).padStart(digits + 1, "0");
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
