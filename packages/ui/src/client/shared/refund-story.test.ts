import { describe, expect, it } from "vitest";
import type { Return } from "../api-schemas";
import { createI18n } from "../i18n";
import { gradeExplanation, payoutSentence } from "./refund-story";

const en = createI18n("en-GB");
const de = createI18n("de-DE");

/** A graded return of `quantity` T-shirts at €29.00 (only what the sentences read). */
function graded(
  quantity: number,
  grade: { accepted_quantity: number; condition: string | null },
  item_amount = 2_900 * grade.accepted_quantity,
): Return {
  return {
    line: { sku: "TEE-BLK", quantity, size: "M" },
    order_line: { unit_price: 2_900, currency: "EUR", currency_exponent: 2 },
    grade: { disposition: null, ...grade },
    refund: {
      currency: "EUR",
      currency_exponent: 2,
      item_amount,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: item_amount,
      method: "original_payment",
      status: "final",
    },
  } as unknown as Return;
}

describe("gradeExplanation", () => {
  it("gradeExplanation - says nothing when every unit was accepted at full price", () => {
    expect(gradeExplanation(graded(2, { accepted_quantity: 2, condition: "NEW" }), en)).toEqual([]);
  });

  it("gradeExplanation - names the refused units and why, in the plural forms of each language", () => {
    const oneOfThree = graded(3, { accepted_quantity: 1, condition: "MISSING" });
    expect(gradeExplanation(oneOfThree, en)).toEqual([
      "We accepted 1 of the 3 items you sent: the other 2 were missing from the parcel.",
    ]);
    expect(gradeExplanation(oneOfThree, de)).toEqual([
      "Wir haben 1 der 3 zurückgesendeten Artikel angenommen: Die anderen 2 fehlten im Paket.",
    ]);
    const none = graded(1, { accepted_quantity: 0, condition: "WRONG_ITEM" });
    expect(gradeExplanation(none, en)).toEqual([
      "We could not accept the item you sent: it was not the item we sent.",
    ]);
  });

  it("gradeExplanation - says what the condition took off the price", () => {
    const used = graded(1, { accepted_quantity: 1, condition: "USED" }, 2_320);
    expect(gradeExplanation(used, en)).toEqual([
      "The item came back used, so €5.80 was taken off its price.",
    ]);
  });
});

describe("payoutSentence", () => {
  it("payoutSentence - says the method: to the card, or as store credit", () => {
    const payout = {
      id: "pay_01KB0000000000000000000000",
      amount: 2_900,
      currency: "EUR",
      currency_exponent: 2,
      method: "store_credit" as const,
      reference: "gift_1",
      issued_at: "2026-11-28T12:00:00.000Z",
      recorded_at: "2026-11-28T12:00:00.000Z",
      actor: { kind: "merchant", id: "staff-1" },
    };
    expect(payoutSentence(payout, en)).toBe("€29.00 issued as store credit on 28 Nov");
    expect(payoutSentence({ ...payout, method: "original_payment" }, en)).toBe(
      "€29.00 refunded to your card on 28 Nov",
    );
  });
});
