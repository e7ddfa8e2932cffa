import { describe, expect, it } from "vitest";
import type { ReturnableLine, ReturnRequestEstimate } from "../api-schemas";
import { estimatedExchange, initialChoice } from "./choice";

const line = {
  sku: "JUMPER-NAVY",
  size: "M",
  resolutions: ["EXCHANGE"],
  _templates: {},
} as unknown as ReturnableLine;

const red = {
  kind: "offer",
  lines: [
    {
      sku: "JUMPER-RED-M",
      title: "Wool jumper",
      variant_title: "Red / M",
      image_url: null,
      quantity: 1,
      unit_price: 6900,
    },
  ],
  difference: { amount: 700, direction: "customer_pays" },
  bonus_credit: 300,
} as const;

const estimate = {
  lines: [
    {
      line: { sku: "JUMPER-NAVY", size: "M", quantity: 1 },
      reason: "CHANGED_MIND",
      resolution: "EXCHANGE",
      refund: null,
      exchange: red,
    },
  ],
} as unknown as ReturnRequestEstimate;

const chosen = (exchangeSize: string) => ({
  ...initialChoice(line),
  selected: true,
  reason: "CHANGED_MIND",
  resolution: "EXCHANGE",
  exchangeSize,
});

describe("estimatedExchange", () => {
  it("estimated exchange - the estimate's exchange for the line as chosen, its difference with it", () => {
    expect(estimatedExchange(estimate, line, chosen("JUMPER-RED-M"))).toEqual(red);
  });

  it("estimated exchange - none for another item than the one chosen now, nor without an answer", () => {
    expect(estimatedExchange(estimate, line, chosen("JUMPER-GRY-M"))).toBe(null);
    expect(estimatedExchange(estimate, line, { ...chosen("JUMPER-RED-M"), quantity: 2 })).toBe(
      null,
    );
    expect(estimatedExchange(null, line, chosen("JUMPER-RED-M"))).toBe(null);
  });
});
