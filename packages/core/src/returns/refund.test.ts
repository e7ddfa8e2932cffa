import { makeStoredReturn } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { parseRefundPolicy } from "../domain/refunds";
import type { ReturnData } from "../domain/schemas";
import { type RefundedRecord, refundEstimates, refundOf, requestRefunds } from "./refund";

const policy = parseRefundPolicy({
  restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED"] },
  return_shipping_fee: { amount: { EUR: 495 }, waived_for_reasons: ["DAMAGED"] },
  store_credit_bonus_percent: 10,
  condition_deductions: { USED: 20 },
});

const orderLine = (unit_price: number | null, currency: string | null) => ({
  order_number: null,
  product: {
    title: null,
    variant_title: null,
    options: [],
    image_url: null,
    product_url: null,
    product_type: null,
    tags: [],
  },
  customer: null,
  purchased: 3,
  unit_price,
  currency,
  currency_exponent: currency === "EUR" ? 2 : null,
  placed_at: "2026-11-20T10:00:00.000Z",
  delivered_at: null,
  returnable_until: "2026-12-20T10:00:00.000Z",
  shipping_address: null,
});

/** A draft of `quantity` units at `unit_price` EUR, for `reason`, refunded to the payment. */
function draft(unit_price: number, reason = "TOO_BIG", quantity = 1): ReturnData {
  const { record } = makeStoredReturn({ line: { sku: `SKU-${unit_price}`, quantity, size: null } });
  return {
    ...record,
    order_line: orderLine(unit_price, "EUR"),
    reason,
    resolution: "REFUND",
    exchange: null,
  };
}

/** `record` as a member of a request, graded: what a later version works out again. */
function gradedInRequest(record: ReturnData, refund: ReturnData["refund"]): RefundedRecord {
  return Object.assign(
    {
      ...record,
      state: "graded" as const,
      grade: { condition: "USED" as const, disposition: null, accepted_quantity: 1 },
      refund,
    },
    { request_id: "rrq_01KAQ7Z5D2M8X4C6B9N3P7Q1RS" },
  );
}

describe("requestRefunds", () => {
  it("shares the one shipping fee among the returns that bear it, adding up to it exactly", () => {
    const returns = [draft(4_000), draft(2_000), draft(2_000, "DAMAGED")];
    const refunds = requestRefunds(returns, policy);
    // What each can carry: 3600 and 1800 (DAMAGED bears none): 495 split 2 : 1.
    expect(refunds.map((refund) => refund?.return_shipping_fee)).toEqual([330, 165, 0]);
    expect(refunds.map((refund) => refund?.total)).toEqual([3_270, 1_635, 2_000]);
    expect(refunds.every((refund) => refund?.status === "estimate")).toBe(true);
  });

  it("gives a return without a price no refund and no share", () => {
    const unpriced = { ...draft(1_000), order_line: orderLine(null, "EUR") };
    const refunds = requestRefunds([unpriced, draft(4_000)], policy);
    expect(refunds[0]).toBeNull();
    expect(refunds[1]?.return_shipping_fee).toBe(495);
  });
});

describe("refundOf", () => {
  it("a return of a request keeps its share on later versions; one alone bears the whole fee", () => {
    const returns = [draft(4_000), draft(2_000)];
    const [first] = requestRefunds(returns, policy);
    expect(first?.return_shipping_fee).toBe(330);

    // Graded USED: 4000 less 800 = 3200, restocking 320, the share 330 kept.
    expect(refundOf(gradedInRequest(returns[0] as ReturnData, first ?? null), policy)).toEqual({
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 3_200,
      restocking_fee: 320,
      return_shipping_fee: 330,
      total: 2_550,
      method: "original_payment",
      status: "final",
    });
    const alone = { ...(returns[0] as ReturnData), refund: first ?? null };
    expect(refundOf(alone, policy)?.return_shipping_fee).toBe(495);
  });

  it("no refund for a currency the ISO 4217 table does not know, or a line without one", () => {
    expect(refundOf({ ...draft(4_000), order_line: orderLine(4_000, "XYZ") }, policy)).toBeNull();
    expect(refundOf({ ...draft(4_000), order_line: orderLine(4_000, null) }, policy)).toBeNull();
    expect(refundOf({ ...draft(4_000), order_line: null }, policy)).toBeNull();
  });
});

describe("refundEstimates", () => {
  it("estimates each resolution on offer for the whole returnable quantity, no fee waived", () => {
    const line = {
      unit_price: 4_000,
      returnable_quantity: 2,
      resolutions: ["REFUND", "STORE_CREDIT"] as const,
    };
    const estimates = refundEstimates(line, "EUR", policy);
    const base = {
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 8_000,
      restocking_fee: 800,
      status: "estimate",
    };
    expect(estimates).toEqual({
      REFUND: { ...base, return_shipping_fee: 495, total: 6_705, method: "original_payment" },
      // 10 % of 6705 is 670.5, rounded half up.
      STORE_CREDIT: { ...base, return_shipping_fee: 495, total: 7_376, method: "store_credit" },
    });
  });

  it("is null without a price, or when nothing can be returned", () => {
    const line = { unit_price: 4_000, returnable_quantity: 2, resolutions: ["REFUND"] as const };
    expect(refundEstimates({ ...line, unit_price: null }, "EUR", policy)).toBeNull();
    expect(refundEstimates(line, null, policy)).toBeNull();
    expect(refundEstimates({ ...line, returnable_quantity: 0 }, "EUR", policy)).toBeNull();
    expect(refundEstimates({ ...line, resolutions: [] }, "EUR", policy)).toBeNull();
  });
});
