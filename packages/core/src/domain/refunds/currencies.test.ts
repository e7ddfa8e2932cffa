/**
 * Every ISO 4217 currency dinero.js knows, through the refund maths and their rendering: the
 * amounts count minor units in base 10, with ISO 4217's minor-unit digits, in every one of them
 * (MGA and MRU included, whose minor unit dinero.js counts as a fifth).
 */
import * as dineroCurrencies from "dinero.js/bigint/currencies";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeRefund, MAX_LINE_AMOUNT, REFUND_METHODS } from "./compute";
import { currencyCodes, currencyExponent, percentOf, toDecimalAmount } from "./money";
import type { RefundPolicyInput } from "./policy";
import { refundForRequest } from "./request";
import { lineArb, statusArb } from "./test-arbitraries";

const DINERO = Object.values(dineroCurrencies);
const CODES = DINERO.map((currency) => currency.code).sort();
/** ISO 4217 lists both with 2 minor-unit digits; dinero.js counts them in fifths (base 5, exponent 1). */
const NON_DECIMAL = ["MGA", "MRU"];

/** The exact decimal of `amount` minor units with `exponent` digits, by string arithmetic alone. */
function decimalOf(amount: number, exponent: number): string {
  if (exponent === 0) return String(amount);
  const digits = String(amount).padStart(exponent + 1, "0");
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

describe("every ISO 4217 currency dinero.js knows", () => {
  it("currencyCodes - lists every one, A to Z", () => {
    expect(CODES.length).toBeGreaterThan(150);
    expect(currencyCodes()).toEqual(CODES);
  });

  it("currencyExponent - the ISO 4217 minor-unit digits, base 10: MGA and MRU have 2", () => {
    for (const { code, base, exponent } of DINERO) {
      const expected = NON_DECIMAL.includes(code) ? 2 : Number(exponent);
      if (!NON_DECIMAL.includes(code)) expect(base, code).toBe(10n);
      expect(currencyExponent(code), code).toBe(expected);
    }
    expect(currencyExponent("MGA")).toBe(2);
    expect(currencyExponent("MRU")).toBe(2);
  });

  it("toDecimalAmount - 10^exponent minor units is one major unit, in every currency", () => {
    for (const code of CODES) {
      const exponent = currencyExponent(code);
      expect(toDecimalAmount(10 ** exponent, code), code).toBe(decimalOf(10 ** exponent, exponent));
      expect(toDecimalAmount(10 ** exponent, code), code).toMatch(/^1(\.0+)?$/);
      expect(toDecimalAmount(0, code), code).toBe(decimalOf(0, exponent));
      for (const amount of [7, 1234, Number.MAX_SAFE_INTEGER]) {
        expect(toDecimalAmount(amount, code), code).toBe(decimalOf(amount, exponent));
      }
    }
    expect(toDecimalAmount(1234, "MRU")).toBe("12.34");
    expect(toDecimalAmount(1234, "MGA")).toBe("12.34");
  });

  it("percentOf - the same rounding in every currency: nearest minor unit, ties to the customer", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 10_000 }),
        (code, amount, hundredths) => {
          // The exact percent, in 1/10000 of a minor unit, rounded half down and half up.
          const exact = BigInt(amount) * BigInt(hundredths);
          const halfDown = (exact + 4_999n) / 10_000n;
          const halfUp = (exact + 5_000n) / 10_000n;
          expect(BigInt(percentOf(amount, hundredths / 100, code, "charge"))).toBe(halfDown);
          expect(BigInt(percentOf(amount, hundredths / 100, code, "credit"))).toBe(halfUp);
        },
      ),
      { numRuns: 2_000 },
    );
    for (const code of CODES) {
      expect(percentOf(1004, 12.5, code, "charge"), code).toBe(125);
      expect(percentOf(1004, 12.5, code, "credit"), code).toBe(126);
      expect(percentOf(1234, 10, code, "charge"), code).toBe(123);
    }
  });

  it("computeRefund - MRU 1234 with a 10 % restocking fee: a fee of 123, none negative", () => {
    // The case of the issue: counted in fifths, the fee was 1974 and the shipping fee −740.
    const refund = computeRefund(
      {
        unit_price: 1234,
        quantity: 1,
        reason: "TOO_SMALL",
        resolution: "REFUND",
        currency: "MRU",
        status: "estimate",
      },
      { restocking_fee: { percent: 10 }, return_shipping_fee: { amount: { MRU: 500 } } },
    );
    expect(refund).toMatchObject({
      currency: "MRU",
      item_amount: 1234,
      restocking_fee: 123,
      return_shipping_fee: 500,
      total: 611,
    });
    expect(toDecimalAmount(refund.total, refund.currency)).toBe("6.11");
  });

  it("refundForRequest - keeps the refund's rules in every currency", () => {
    const percent = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);
    const requestArb = fc.constantFrom(...CODES).chain((currency) =>
      fc.record({
        currency: fc.constant(currency),
        status: statusArb,
        returns: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        policy: fc.record({
          restocking_fee: fc.record({ percent }),
          return_shipping_fee: fc.record({
            amount: fc.record({ [currency]: fc.integer({ min: 0, max: 100_000 }) }),
          }),
          store_credit_bonus_percent: percent,
          condition_deductions: fc.record({ USED: percent }),
        }) satisfies fc.Arbitrary<RefundPolicyInput>,
      }),
    );
    fc.assert(
      fc.property(requestArb, ({ policy, ...input }) => {
        const request = refundForRequest(input, policy);
        const fee = policy.return_shipping_fee.amount[input.currency] ?? 0;
        expect(request.totals.return_shipping_fee).toBeLessThanOrEqual(fee);
        for (const refund of request.returns) {
          const fees = refund.restocking_fee + refund.return_shipping_fee;
          expect(refund.restocking_fee).toBeGreaterThanOrEqual(0);
          expect(refund.return_shipping_fee).toBeGreaterThanOrEqual(0);
          expect(fees).toBeLessThanOrEqual(refund.item_amount);
          expect(refund.total).toBeGreaterThanOrEqual(refund.item_amount - fees);
          if (refund.method !== "store_credit")
            expect(refund.total).toBe(refund.item_amount - fees);
          expect(refund.total).toBeLessThanOrEqual(MAX_LINE_AMOUNT * 2);
          expect(REFUND_METHODS).toContain(refund.method);
          // Every amount renders in the currency's major unit.
          expect(toDecimalAmount(refund.total, input.currency)).toBe(
            decimalOf(refund.total, currencyExponent(input.currency)),
          );
        }
      }),
      { numRuns: 1_000 },
    );
  });
});
