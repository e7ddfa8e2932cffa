import { currencyCodes, currencyExponent } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import { currencyUnit, decimalOf, formatMoney } from "./money";

/** Every ISO 4217 currency the API counts in, with the exponent it counts with. */
const UNITS = currencyCodes().map((currency) => ({
  currency,
  currency_exponent: currencyExponent(currency),
}));

/** Intl's own rendering of a decimal `value`, with its usual digits or `digits` exactly. */
function intl(locale: string, currency: string, value: `${number}`, digits?: number): string {
  const exact =
    digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return new Intl.NumberFormat(locale, { style: "currency", currency, ...exact }).format(value);
}

/** The named cases, with Intl's no-break space as a plain one. */
const plainMoney = (...args: Parameters<typeof formatMoney>) =>
  formatMoney(...args).replace(/\u00a0/g, " ");

describe("money in every ISO 4217 currency, against Intl", () => {
  for (const locale of ["en", "de", "ar-EG"]) {
    it(`formatMoney - 10^exponent minor units is one unit of the currency (${locale})`, () => {
      expect(UNITS.length).toBeGreaterThan(150);
      for (const unit of UNITS) {
        const one = 10 ** unit.currency_exponent;
        expect(formatMoney(locale, one, unit), unit.currency).toBe(
          intl(locale, unit.currency, "1"),
        );
        expect(formatMoney(locale, 250 * one, unit), unit.currency).toBe(
          intl(locale, unit.currency, "250"),
        );
      }
    });

    it(`formatMoney - an amount finer than Intl's digits shows every ISO digit, unrounded (${locale})`, () => {
      for (const unit of UNITS) {
        const { currency, currency_exponent: exponent } = unit;
        if (exponent === 0) continue;
        // One unit and one minor unit: 1.01 EUR, 1.01 HUF, 1.001 IQD.
        const amount = 10 ** exponent + 1;
        expect(formatMoney(locale, amount, unit), currency).toBe(
          intl(locale, currency, decimalOf(amount, exponent), exponent),
        );
      }
    });
  }

  it("formatMoney - HUF, IDR and IQD, whose digits Intl and ISO 4217 disagree on", () => {
    const huf = { currency: "HUF", currency_exponent: 2 };
    expect(plainMoney("en", 123_400, huf)).toBe("HUF 1,234");
    expect(plainMoney("en", 1_234, huf)).toBe("HUF 12.34");
    expect(plainMoney("en", 1_230, huf)).toBe("HUF 12.30");
    expect(plainMoney("en", 100_000, { currency: "IDR", currency_exponent: 2 })).toBe("IDR 1,000");
    const iqd = { currency: "IQD", currency_exponent: 3 };
    expect(plainMoney("en", 1_000, iqd)).toBe("IQD 1");
    expect(plainMoney("en", 1_250, iqd)).toBe("IQD 1.250");
    // The MRU: 1234 minor units is 12.34 ouguiya, counted in hundredths.
    expect(plainMoney("en", 1_234, { currency: "MRU", currency_exponent: 2 })).toBe("MRU 12.34");
    expect(plainMoney("en", 1_234, { currency: "MGA", currency_exponent: 2 })).toBe("MGA 12.34");
  });

  it("formatMoney - exact for the largest safe amount, where a float would round", () => {
    const eur = { currency: "EUR", currency_exponent: 2 };
    expect(formatMoney("en", Number.MAX_SAFE_INTEGER, eur)).toBe("€90,071,992,547,409.91");
  });

  it("i18n.money - renders through the page's locale", () => {
    const i18n = createI18n("de-DE");
    expect(i18n.money(123_456, { currency: "EUR", currency_exponent: 2 })).toBe(
      intl("de-DE", "EUR", "1234.56"),
    );
    expect(i18n.money(123_400, { currency: "HUF", currency_exponent: 2 })).toBe(
      intl("de-DE", "HUF", "1234"),
    );
  });

  it("currencyUnit - none without a currency the API can count in", () => {
    expect(currencyUnit({ currency: "HUF", currency_exponent: 2 })).toEqual({
      currency: "HUF",
      currency_exponent: 2,
    });
    expect(currencyUnit({ currency: "ZZZ", currency_exponent: null })).toBeNull();
    expect(currencyUnit({ currency: null, currency_exponent: null })).toBeNull();
    expect(currencyUnit(null)).toBeNull();
  });
});
