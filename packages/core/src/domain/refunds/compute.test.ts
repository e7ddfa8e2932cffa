import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { computeRefund, MAX_LINE_AMOUNT, type RefundInput } from "./compute";
import { percentOf } from "./money";
import type { RefundPolicyInput } from "./policy";
import { currencyArb, lineArb, policyArb, statusArb } from "./test-arbitraries";

const shirt = {
  unit_price: 4000,
  currency: "EUR",
  quantity: 1,
  reason: "TOO_SMALL",
  resolution: "REFUND",
  status: "estimate",
} as const satisfies RefundInput;

const policy: RefundPolicyInput = {
  restocking_fee: {
    percent: 12.5,
    waived_for_reasons: ["DAMAGED", "WRONG_ITEM"],
    waived_for_resolutions: ["STORE_CREDIT"],
  },
  return_shipping_fee: {
    amount: { EUR: 495, USD: 595, JPY: 600, KWD: 1500 },
    waived_for_reasons: ["DAMAGED"],
  },
  store_credit_bonus_percent: 10,
  condition_deductions: { NEW: 0, LIKE_NEW: 0, USED: 20, DAMAGED: 50 },
};

describe("computeRefund - examples", () => {
  it("refunds in full under the default policy", () => {
    expect(computeRefund(shirt)).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 4000,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 4000,
      method: "original_payment",
      status: "estimate",
    });
  });

  it("EUR: takes 12.5 % restocking and the whole fee of a request of one", () => {
    // 12.5 % of €40.00 = €5.00; €40.00 − €5.00 − €4.95 = €30.05
    expect(computeRefund(shirt, policy)).toMatchObject({
      item_amount: 4000,
      restocking_fee: 500,
      return_shipping_fee: 495,
      total: 3005,
    });
  });

  it("EUR: rounds a half-cent fee down, in the customer's favour", () => {
    // 12.5 % of €10.04 = 125.5 cents → 125
    const refund = computeRefund({ ...shirt, unit_price: 1004 }, policy);
    expect(refund).toMatchObject({ restocking_fee: 125, return_shipping_fee: 495, total: 384 });
  });

  it("JPY (no decimals): rounds to the yen", () => {
    // ¥1,004 × 3 = ¥3,012; 12.5 % = ¥376.5 → ¥376; − ¥600 fee
    const refund = computeRefund(
      { ...shirt, currency: "JPY", unit_price: 1004, quantity: 3 },
      policy,
    );
    expect(refund).toEqual({
      currency: "JPY",
      currency_exponent: 0,
      item_amount: 3012,
      restocking_fee: 376,
      return_shipping_fee: 600,
      total: 2036,
      method: "original_payment",
      status: "estimate",
    });
  });

  it("KWD (three decimals): counts fils", () => {
    // 12.500 KWD = 12500 fils; 12.5 % = 1562.5 → 1562 fils; − 1.500 KWD fee
    const refund = computeRefund({ ...shirt, currency: "KWD", unit_price: 12500 }, policy);
    expect(refund).toMatchObject({
      currency: "KWD",
      currency_exponent: 3,
      item_amount: 12500,
      restocking_fee: 1562,
      return_shipping_fee: 1500,
      total: 9438,
    });
  });

  it("charges no fee in a currency the policy names no fee for", () => {
    const refund = computeRefund({ ...shirt, currency: "GBP" }, policy);
    expect(refund).toMatchObject({ restocking_fee: 500, return_shipping_fee: 0, total: 3500 });
  });

  it("waives both fees for a reason listed under each", () => {
    const refund = computeRefund({ ...shirt, reason: "DAMAGED" }, policy);
    expect(refund).toMatchObject({ restocking_fee: 0, return_shipping_fee: 0, total: 4000 });
  });

  it("waives only the restocking fee for a reason listed under it alone", () => {
    const refund = computeRefund({ ...shirt, reason: "WRONG_ITEM" }, policy);
    expect(refund).toMatchObject({ restocking_fee: 0, return_shipping_fee: 495, total: 3505 });
  });

  it("charges the request's fee share it is given, and none when its reason waives it", () => {
    expect(computeRefund({ ...shirt, return_shipping_share: 165 }, policy)).toMatchObject({
      return_shipping_fee: 165,
      total: 3335,
    });
    const waived = computeRefund(
      { ...shirt, reason: "DAMAGED", return_shipping_share: 165 },
      policy,
    );
    expect(waived).toMatchObject({ return_shipping_fee: 0, total: 4000 });
  });

  it("refunds only the units grading accepted: 1 of 3", () => {
    const refund = computeRefund(
      { ...shirt, quantity: 3, accepted_quantity: 1, status: "final" },
      policy,
    );
    // One shirt: €40.00 − 12.5 % (€5.00) − €4.95
    expect(refund).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 4000,
      restocking_fee: 500,
      return_shipping_fee: 495,
      total: 3005,
      method: "original_payment",
      status: "final",
    });
  });

  it("refunds nothing when grading accepted no unit", () => {
    const refund = computeRefund({ ...shirt, accepted_quantity: 0, status: "final" }, policy);
    expect(refund).toMatchObject({
      item_amount: 0,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 0,
    });
  });

  it("deducts for the graded condition, then takes restocking from what is left", () => {
    // 2 × €40.00 = €80.00, USED −20 % = €64.00; 12.5 % of €64.00 = €8.00; − €4.95
    const refund = computeRefund(
      { ...shirt, quantity: 2, condition: "USED", status: "final" },
      policy,
    );
    expect(refund).toMatchObject({
      item_amount: 6400,
      restocking_fee: 800,
      return_shipping_fee: 495,
      total: 5105,
    });
    const asNew = computeRefund({ ...shirt, quantity: 2, condition: "LIKE_NEW" }, policy);
    expect(asNew.item_amount).toBe(8000);
    // A condition the policy does not name deducts nothing.
    expect(computeRefund({ ...shirt, condition: "MISSING" }, policy).item_amount).toBe(4000);
  });

  it("rounds a condition deduction half down, in the customer's favour", () => {
    // 50 % of 1001 cents = 500.5 → 500 deducted, 501 left
    const refund = computeRefund({ ...shirt, unit_price: 1001, condition: "DAMAGED" }, policy);
    expect(refund.item_amount).toBe(501);
  });

  it("adds the store-credit bonus on the net credit, rounded half up", () => {
    // Restocking is waived for STORE_CREDIT: €40.00 − €4.95 = €35.05; +10 % = 350.5 → 351
    const refund = computeRefund({ ...shirt, resolution: "STORE_CREDIT" }, policy);
    expect(refund).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 4000,
      restocking_fee: 0,
      return_shipping_fee: 495,
      total: 3856,
      method: "store_credit",
      status: "estimate",
    });
  });

  it("moves no money for an exchange", () => {
    const refund = computeRefund({ ...shirt, resolution: "EXCHANGE", condition: "USED" }, policy);
    expect(refund).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 0,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 0,
      method: "exchange",
      status: "estimate",
    });
  });

  it("caps the fees at the item amount, so the total is never negative", () => {
    // A €3.00 item: 12.5 % = 37.5 → 37 cents; the €4.95 fee is capped at the 263 cents left.
    const refund = computeRefund({ ...shirt, unit_price: 300 }, policy);
    expect(refund).toMatchObject({
      item_amount: 300,
      restocking_fee: 37,
      return_shipping_fee: 263,
      total: 0,
    });
  });
});

describe("computeRefund - bad input", () => {
  it.each([
    [
      "more units accepted than returned",
      { quantity: 2, accepted_quantity: 3 },
      "accepted_quantity",
    ],
    ["an unknown currency", { currency: "EUX" }, "currency"],
    ["a lower-case currency", { currency: "eur" }, "currency"],
    ["a fractional price", { unit_price: 40.5 }, "unit_price"],
    ["a negative fee share", { return_shipping_share: -1 }, "return_shipping_share"],
    ["an unknown resolution", { resolution: "REPAIR" }, "resolution"],
    ["an unknown condition", { condition: "SCRATCHED" }, "condition"],
    ["an unknown status", { status: "draft" }, "status"],
    [
      "a line worth more than can be counted exactly",
      { unit_price: MAX_LINE_AMOUNT, quantity: 3 },
      "unit_price",
    ],
  ])("rejects %s, naming the member", (_, change, member) => {
    const call = () => computeRefund({ ...shirt, ...change } as RefundInput, policy);
    expect(call).toThrow(ZodError);
    try {
      call();
    } catch (error) {
      expect((error as ZodError).issues.map((issue) => issue.path[0])).toContain(member);
    }
  });

  it("rejects a bad policy", () => {
    expect(() => computeRefund(shirt, { restocking_fee: { percent: 150 } })).toThrow(ZodError);
  });
});

describe("computeRefund - properties over generated policies", () => {
  const caseArb = fc.record({
    line: lineArb,
    currency: currencyArb,
    status: statusArb,
    share: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
    policy: policyArb,
  });
  type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
  const refundOf = ({ line, currency, status, share, policy }: Case) =>
    computeRefund({ ...line, currency, status, return_shipping_share: share }, policy);

  it("keeps the fees within the item amount and the total at 0 or more", () => {
    fc.assert(
      fc.property(caseArb, (example) => {
        const refund = refundOf(example);
        expect(refund.restocking_fee + refund.return_shipping_fee).toBeLessThanOrEqual(
          refund.item_amount,
        );
        expect(refund.total).toBeGreaterThanOrEqual(0);
        for (const amount of [
          refund.item_amount,
          refund.restocking_fee,
          refund.return_shipping_fee,
          refund.total,
        ]) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        }
      }),
    );
  });

  it("total = item_amount − restocking_fee − return_shipping_fee + bonus (bonus: store credit only)", () => {
    fc.assert(
      fc.property(caseArb, (example) => {
        const refund = refundOf(example);
        const net = refund.item_amount - refund.restocking_fee - refund.return_shipping_fee;
        const bonus =
          example.line.resolution === "STORE_CREDIT"
            ? percentOf(
                net,
                example.policy.store_credit_bonus_percent ?? 0,
                example.currency,
                "credit",
              )
            : 0;
        expect(refund.total).toBe(net + bonus);
        expect(refund.method).toBe(
          { REFUND: "original_payment", STORE_CREDIT: "store_credit", EXCHANGE: "exchange" }[
            example.line.resolution
          ],
        );
        expect(refund.currency).toBe(example.currency);
        expect(refund.status).toBe(example.status);
      }),
    );
  });

  it("takes the deduction and restocking fee from the accepted units only", () => {
    fc.assert(
      fc.property(caseArb, (example) => {
        const { line, currency, policy } = example;
        const refund = refundOf(example);
        if (line.resolution === "EXCHANGE") {
          expect(refund.item_amount + refund.total).toBe(0);
          return;
        }
        const accepted = line.unit_price * (line.accepted_quantity ?? line.quantity);
        const deduction = line.condition ? (policy.condition_deductions?.[line.condition] ?? 0) : 0;
        expect(refund.item_amount).toBe(
          accepted - percentOf(accepted, deduction, currency, "charge"),
        );
        const fee = policy.restocking_fee ?? {};
        const waived =
          (fee.waived_for_reasons ?? []).includes(line.reason) ||
          (fee.waived_for_resolutions ?? []).includes(line.resolution);
        expect(refund.restocking_fee).toBe(
          waived ? 0 : percentOf(refund.item_amount, fee.percent ?? 0, currency, "charge"),
        );
      }),
    );
  });

  it("never refunds more for fewer accepted units", () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), (example, drop) => {
        const accepted = example.line.accepted_quantity ?? example.line.quantity;
        const fewer = accepted === 0 ? 0 : accepted - 1 - (drop % accepted);
        const less = refundOf({ ...example, line: { ...example.line, accepted_quantity: fewer } });
        expect(less.total).toBeLessThanOrEqual(refundOf(example).total);
      }),
    );
  });
});
