import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { computeRefund, type RefundLineInput } from "./compute";
import { computeRefund as computeRefundFromIndex, refundForRequest } from "./index";
import type { RefundPolicyInput } from "./policy";
import { currencyArb, lineArb, policyArb, statusArb } from "./test-arbitraries";

const policy: RefundPolicyInput = {
  restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED"] },
  return_shipping_fee: { amount: { EUR: 495, JPY: 600 }, waived_for_reasons: ["WRONG_ITEM"] },
  store_credit_bonus_percent: 5,
};

const line = (change: Partial<RefundLineInput>): RefundLineInput => ({
  unit_price: 4000,
  quantity: 1,
  reason: "TOO_SMALL",
  resolution: "REFUND",
  ...change,
});

describe("refundForRequest - examples", () => {
  it("works out the module documentation's example", () => {
    const request = refundForRequest(
      {
        currency: "EUR",
        status: "estimate",
        returns: [line({}), line({ unit_price: 2000, reason: "DAMAGED" })],
      },
      {
        restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED"] },
        return_shipping_fee: { amount: { EUR: 495 } },
      },
    );
    expect(request.totals).toEqual({
      item_amount: 6000,
      restocking_fee: 400,
      return_shipping_fee: 495,
      total: 5105,
    });
    // Shared by what each carries: 3600 and 2000 of 5600.
    expect(request.returns.map((refund) => refund.return_shipping_fee)).toEqual([318, 177]);
  });

  it("charges a request of one line like computeRefund", () => {
    const alone = refundForRequest(
      { currency: "EUR", status: "final", returns: [line({ quantity: 3, accepted_quantity: 1 })] },
      policy,
    );
    const direct = computeRefundFromIndex(
      { ...line({ quantity: 3, accepted_quantity: 1 }), currency: "EUR", status: "final" },
      policy,
    );
    expect(alone.returns).toEqual([direct]);
    expect(alone).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      status: "final",
      returns: [
        {
          currency: "EUR",
          currency_exponent: 2,
          item_amount: 4000,
          restocking_fee: 400,
          return_shipping_fee: 495,
          total: 3105,
          method: "original_payment",
          status: "final",
        },
      ],
      totals: { item_amount: 4000, restocking_fee: 400, return_shipping_fee: 495, total: 3105 },
    });
  });

  it("puts no share on a waived return or an exchange; the others bear the whole fee", () => {
    const request = refundForRequest(
      {
        currency: "JPY",
        status: "estimate",
        returns: [
          line({ unit_price: 3000, reason: "WRONG_ITEM" }),
          line({ unit_price: 5000, resolution: "EXCHANGE" }),
          line({ unit_price: 1000, quantity: 2 }),
          line({ unit_price: 1500, resolution: "STORE_CREDIT" }),
        ],
      },
      policy,
    );
    // Carried: ¥1,800 and ¥1,350 (after 10 % restocking); ¥600 × 1800/3150 = 342.86,
    // × 1350/3150 = 257.14 → 342 + 257, and the leftover yen goes to the .86.
    expect(request.returns.map((refund) => refund.return_shipping_fee)).toEqual([0, 0, 343, 257]);
    expect(request.returns.map((refund) => refund.method)).toEqual([
      "original_payment",
      "exchange",
      "original_payment",
      "store_credit",
    ]);
    // Store credit: ¥1,500 − ¥150 − ¥257 = ¥1,093, + 5 % = 54.65 → ¥55
    expect(request.returns[3]?.total).toBe(1148);
    expect(request.totals).toEqual({
      item_amount: 3000 + 0 + 2000 + 1500,
      restocking_fee: 300 + 0 + 200 + 150,
      return_shipping_fee: 600,
      total: 2700 + 0 + 1457 + 1148,
    });
  });

  it("charges no fee when every return is waived", () => {
    const request = refundForRequest(
      {
        currency: "EUR",
        status: "estimate",
        returns: [line({ reason: "WRONG_ITEM" }), line({ resolution: "EXCHANGE" })],
      },
      policy,
    );
    expect(request.totals.return_shipping_fee).toBe(0);
    // WRONG_ITEM waives the shipping fee only: €40.00 − 10 % restocking.
    expect(request.totals.total).toBe(3600);
  });

  it("collects no more of the fee than the refunds can carry", () => {
    // Two €1.00 items, 10 % restocking: they carry 90 + 90 cents of the €4.95.
    const request = refundForRequest(
      {
        currency: "EUR",
        status: "estimate",
        returns: [line({ unit_price: 100 }), line({ unit_price: 100 })],
      },
      policy,
    );
    expect(request.totals).toEqual({
      item_amount: 200,
      restocking_fee: 20,
      return_shipping_fee: 180,
      total: 0,
    });
  });

  it.each([
    ["no returns", { returns: [] }, ["returns"]],
    ["an unknown currency", { currency: "EUX" }, ["currency"]],
    ["a bad line", { returns: [line({ quantity: 0 })] }, ["returns", 0, "quantity"]],
    [
      "lines worth more than can be counted exactly",
      { returns: [line({ unit_price: 3e15 }), line({ unit_price: 3e15 })] },
      ["returns"],
    ],
  ])("rejects %s, naming where", (_, change, path) => {
    const input = { currency: "EUR", status: "estimate" as const, returns: [line({})], ...change };
    const call = () => refundForRequest(input, policy);
    expect(call).toThrow(ZodError);
    try {
      call();
    } catch (error) {
      expect((error as ZodError).issues.map((issue) => issue.path)).toContainEqual(path);
    }
  });
});

describe("refundForRequest - properties over generated policies", () => {
  const requestArb = fc.record({
    currency: currencyArb,
    status: statusArb,
    returns: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    policy: policyArb,
  });

  it("sums each amount into the totals, and keeps every return's rules", () => {
    fc.assert(
      fc.property(requestArb, ({ policy, ...input }) => {
        const request = refundForRequest(input, policy);
        expect(request.returns).toHaveLength(input.returns.length);
        for (const member of [
          "item_amount",
          "restocking_fee",
          "return_shipping_fee",
          "total",
        ] as const) {
          const sum = request.returns.reduce((total, refund) => total + refund[member], 0);
          expect(request.totals[member]).toBe(sum);
        }
        for (const refund of request.returns) {
          expect(refund.restocking_fee + refund.return_shipping_fee).toBeLessThanOrEqual(
            refund.item_amount,
          );
          expect(refund.total).toBeGreaterThanOrEqual(0);
          expect(refund.currency).toBe(input.currency);
        }
      }),
    );
  });

  it("collects min(fee, what the returns carry) of the shipping fee: the shares add up", () => {
    fc.assert(
      fc.property(requestArb, ({ policy, ...input }) => {
        const request = refundForRequest(input, policy);
        const shipping = policy.return_shipping_fee ?? {};
        const fee = shipping.amount?.[input.currency] ?? 0;
        const carried = request.returns
          .filter((_, index) => {
            const { reason, resolution } = input.returns[index] ?? line({});
            return (
              resolution !== "EXCHANGE" && !(shipping.waived_for_reasons ?? []).includes(reason)
            );
          })
          .reduce((total, refund) => total + refund.item_amount - refund.restocking_fee, 0);
        expect(request.totals.return_shipping_fee).toBe(Math.min(fee, carried));
      }),
    );
  });

  it("gives each return what computeRefund gives it with its share of the fee", () => {
    fc.assert(
      fc.property(requestArb, ({ policy, ...input }) => {
        const request = refundForRequest(input, policy);
        request.returns.forEach((refund, index) => {
          const single = computeRefund(
            {
              ...(input.returns[index] ?? line({})),
              currency: input.currency,
              status: input.status,
              return_shipping_share: refund.return_shipping_fee,
            },
            policy,
          );
          expect(single).toEqual(refund);
        });
      }),
    );
  });
});
