import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencyExponent, isCurrencyCode, percentOf, toDecimalAmount } from "./money";

describe("currencies", () => {
  it("currencyExponent - gives the ISO 4217 minor-unit exponent", () => {
    expect(currencyExponent("JPY")).toBe(0);
    expect(currencyExponent("EUR")).toBe(2);
    expect(currencyExponent("KWD")).toBe(3);
  });

  it("toDecimalAmount - renders minor units in the major unit of each exponent", () => {
    expect(toDecimalAmount(1250, "EUR")).toBe("12.50");
    expect(toDecimalAmount(1250, "JPY")).toBe("1250");
    expect(toDecimalAmount(1250, "KWD")).toBe("1.250");
  });

  it("isCurrencyCode - knows ISO codes only, in upper case", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("eur")).toBe(false);
    expect(isCurrencyCode("EUX")).toBe(false);
    expect(() => currencyExponent("EUX")).toThrow(/EUX is not an ISO 4217 currency code/);
  });
});

describe("percentOf", () => {
  it("rounds an exact half down for a charge and up for a credit", () => {
    // 12.5 % of 1004 = 125.5
    expect(percentOf(1004, 12.5, "EUR", "charge")).toBe(125);
    expect(percentOf(1004, 12.5, "EUR", "credit")).toBe(126);
    // 10 % of 1005 = 100.5
    expect(percentOf(1005, 10, "JPY", "charge")).toBe(100);
    expect(percentOf(1005, 10, "JPY", "credit")).toBe(101);
  });

  it("rounds to the nearest minor unit when not a half, whatever the exponent", () => {
    // 33.33 % of 1000 = 333.3; 12.25 % of 999 = 122.3775
    for (const code of ["EUR", "JPY", "KWD"]) {
      expect(percentOf(1000, 33.33, code, "charge")).toBe(333);
      expect(percentOf(1000, 33.33, code, "credit")).toBe(333);
      expect(percentOf(999, 12.25, code, "charge")).toBe(122);
    }
  });

  it("stays exact at the largest safe integers, where floats would not", () => {
    const amount = Number.MAX_SAFE_INTEGER; // 9007199254740991
    // 12.5 % = 1125899906842623.875 → 1125899906842624 (not a half: nearest)
    expect(percentOf(amount, 12.5, "EUR", "charge")).toBe(1125899906842624);
    expect(percentOf(amount, 100, "EUR", "charge")).toBe(amount);
  });

  it("refuses a percent finer than hundredths", () => {
    expect(() => percentOf(1000, 12.125, "EUR", "charge")).toThrow(/more than two decimals/);
  });

  it("is the exact percent rounded to the nearest unit, ties to the customer (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, hundredths) => {
          const exact = BigInt(amount) * BigInt(hundredths); // in 1/10000 of a unit
          const charge = BigInt(percentOf(amount, hundredths / 100, "EUR", "charge"));
          const credit = BigInt(percentOf(amount, hundredths / 100, "EUR", "credit"));
          const chargeError = charge * 10_000n - exact;
          const creditError = credit * 10_000n - exact;
          expect(chargeError >= -5_000n && chargeError < 5_000n).toBe(true);
          expect(creditError > -5_000n && creditError <= 5_000n).toBe(true);
          expect(
            credit - charge === 0n || (credit - charge === 1n && chargeError === -5_000n),
          ).toBe(true);
        },
      ),
    );
  });
});
