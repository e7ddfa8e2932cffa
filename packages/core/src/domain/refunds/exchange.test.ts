import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exchangeDifference, netDifference, signedDifference } from "./exchange";
import { parseRefundPolicy } from "./policy";

const plain = parseRefundPolicy({});

describe("exchangeDifference", () => {
  it("a dearer variant: the customer pays the new price less the price paid", () => {
    const settled = exchangeDifference(
      { paid_unit_price: 4000, quantity: 2, new_unit_price: 4500, currency: "EUR" },
      plain,
    );
    expect(settled).toEqual({
      difference: { amount: 1000, direction: "customer_pays" },
      bonus_credit: null,
    });
  });

  it("a cheaper variant: the shop refunds what the customer overpaid", () => {
    const settled = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 3200, currency: "EUR" },
      plain,
    );
    expect(settled.difference).toEqual({ amount: 800, direction: "shop_refunds" });
  });

  it("the same price settles at 0, refunded by the shop (nothing to pay)", () => {
    const settled = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 4000, currency: "EUR" },
      plain,
    );
    expect(settled.difference).toEqual({ amount: 0, direction: "shop_refunds" });
  });

  it("a graded condition's deduction is taken off the returned units' value", () => {
    const policy = parseRefundPolicy({ condition_deductions: { USED: 20 } });
    const settled = exchangeDifference(
      {
        paid_unit_price: 4000,
        quantity: 1,
        new_unit_price: 4000,
        currency: "EUR",
        condition: "USED",
      },
      policy,
    );
    expect(settled.difference).toEqual({ amount: 800, direction: "customer_pays" });
  });

  it("a flat bonus takes off what the customer pays, never below 0", () => {
    const policy = parseRefundPolicy({ exchange_bonus: { flat: { EUR: 500 } } });
    const dearer = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 4700, currency: "EUR" },
      policy,
    );
    expect(dearer).toEqual({
      difference: { amount: 200, direction: "customer_pays" },
      bonus_credit: 500,
    });
    const slightly = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 4300, currency: "EUR" },
      policy,
    );
    expect(slightly).toEqual({
      difference: { amount: 0, direction: "shop_refunds" },
      bonus_credit: 300,
    });
    const cheaper = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 3000, currency: "EUR" },
      policy,
    );
    expect(cheaper).toEqual({
      difference: { amount: 1000, direction: "shop_refunds" },
      bonus_credit: 0,
    });
  });

  it("a percent bonus is a percent of the returned units' value, rounded half up", () => {
    const policy = parseRefundPolicy({ exchange_bonus: { percent: 12.5 } });
    const settled = exchangeDifference(
      { paid_unit_price: 1004, quantity: 1, new_unit_price: 2000, currency: "EUR" },
      policy,
    );
    // 12.5 % of 1004 is 125.5: 126 of credit; 2000 − 1004 − 126 = 870.
    expect(settled).toEqual({
      difference: { amount: 870, direction: "customer_pays" },
      bonus_credit: 126,
    });
  });

  it("a flat bonus in no named currency gives none", () => {
    const policy = parseRefundPolicy({ exchange_bonus: { flat: { EUR: 500 } } });
    const settled = exchangeDifference(
      { paid_unit_price: 4000, quantity: 1, new_unit_price: 4700, currency: "USD" },
      policy,
    );
    expect(settled).toEqual({
      difference: { amount: 700, direction: "customer_pays" },
      bonus_credit: 0,
    });
  });
});

const amount = fc.integer({ min: 0, max: 1_000_000 });
const exchangeArb = fc.record({
  paid_unit_price: amount,
  new_unit_price: amount,
  quantity: fc.integer({ min: 1, max: 5 }),
  currency: fc.constantFrom("EUR", "JPY", "KWD"),
});
const bonusArb = fc.oneof(
  fc.constant(undefined),
  fc.record({ percent: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100) }),
  fc.record({ flat: fc.record({ EUR: amount, JPY: amount, KWD: amount }) }),
);

describe("exchangeDifference, for any prices (property)", () => {
  it("the per-return differences add up to the request's net", () => {
    fc.assert(
      fc.property(
        fc.array(exchangeArb, { minLength: 1, maxLength: 6 }),
        bonusArb,
        (lines, bonus) => {
          const policy = parseRefundPolicy(bonus ? { exchange_bonus: bonus } : {});
          const each = lines.map((line) => exchangeDifference(line, policy).difference);
          const net = netDifference(each);
          const sum = each.reduce((total, difference) => total + signedDifference(difference), 0);
          expect(signedDifference(net)).toBe(sum);
          expect(net.amount).toBe(Math.abs(sum));
        },
      ),
    );
  });

  it("swapping the prices flips the direction and keeps the amount (no bonus)", () => {
    fc.assert(
      fc.property(exchangeArb, (line) => {
        fc.pre(line.paid_unit_price !== line.new_unit_price);
        const there = exchangeDifference(line, plain).difference;
        const back = exchangeDifference(
          { ...line, paid_unit_price: line.new_unit_price, new_unit_price: line.paid_unit_price },
          plain,
        ).difference;
        expect(back.amount).toBe(there.amount);
        expect(back.direction).not.toBe(there.direction);
      }),
    );
  });

  it("a bonus never makes the customer pay more nor turns into money the shop would not refund", () => {
    fc.assert(
      fc.property(exchangeArb, bonusArb, (line, bonus) => {
        const policy = parseRefundPolicy(bonus ? { exchange_bonus: bonus } : {});
        const without = signedDifference(exchangeDifference(line, plain).difference);
        const settled = exchangeDifference(line, policy);
        const withBonus = signedDifference(settled.difference);
        expect(withBonus).toBeLessThanOrEqual(without);
        expect(withBonus).toBe(
          without > 0 ? Math.max(0, without - (settled.bonus_credit ?? 0)) : without,
        );
        expect(Number.isInteger(settled.difference.amount)).toBe(true);
        expect(settled.difference.amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
