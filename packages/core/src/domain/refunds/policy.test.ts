import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  parseRefundPolicy,
  RefundPolicySchema,
  RestockingFeeSchema,
  ReturnShippingFeeSchema,
  requestShippingFee,
} from "./policy";

describe("RefundPolicySchema", () => {
  it("defaults to a policy that charges nothing", () => {
    expect(parseRefundPolicy({})).toEqual({
      restocking_fee: { percent: 0, waived_for_reasons: [], waived_for_resolutions: [] },
      return_shipping_fee: { amount: {}, waived_for_reasons: [] },
      store_credit_bonus_percent: 0,
      condition_deductions: {},
    });
    expect(parseRefundPolicy()).toEqual(parseRefundPolicy({}));
  });

  it("fills in the members a partial policy leaves out", () => {
    const policy = parseRefundPolicy({ restocking_fee: { percent: 12.5 } });
    expect(policy.restocking_fee).toEqual({
      percent: 12.5,
      waived_for_reasons: [],
      waived_for_resolutions: [],
    });
    expect(requestShippingFee(policy, "EUR")).toBe(0);
  });

  it("gives the per-request fee of the order's currency", () => {
    const policy = parseRefundPolicy({ return_shipping_fee: { amount: { EUR: 495, USD: 595 } } });
    expect(requestShippingFee(policy, "USD")).toBe(595);
    expect(requestShippingFee(policy, "JPY")).toBe(0);
  });

  it.each([
    ["a percent above 100", { restocking_fee: { percent: 101 } }, ["restocking_fee", "percent"]],
    ["a percent below 0", { store_credit_bonus_percent: -1 }, ["store_credit_bonus_percent"]],
    [
      "a percent finer than hundredths",
      { restocking_fee: { percent: 12.125 } },
      ["restocking_fee", "percent"],
    ],
    [
      "a fee in an unknown currency",
      { return_shipping_fee: { amount: { EUX: 495 } } },
      ["return_shipping_fee", "amount", "EUX"],
    ],
    [
      "a fractional fee",
      { return_shipping_fee: { amount: { EUR: 4.95 } } },
      ["return_shipping_fee", "amount", "EUR"],
    ],
    ["an unknown condition", { condition_deductions: { SCRATCHED: 10 } }, ["condition_deductions"]],
    [
      "an unknown resolution",
      { restocking_fee: { waived_for_resolutions: ["REFUND_LATER"] } },
      ["restocking_fee", "waived_for_resolutions", 0],
    ],
    ["an unknown member", { handling_fee: 100 }, []],
  ])("rejects %s, naming where", (_, policy, path) => {
    const result = RefundPolicySchema.safeParse(policy);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(path);
  });

  it("names its OpenAPI components", () => {
    expect(z.globalRegistry.get(RestockingFeeSchema)?.id).toBe("RestockingFee");
    expect(z.globalRegistry.get(ReturnShippingFeeSchema)?.id).toBe("ReturnShippingFee");
    expect(z.globalRegistry.get(RefundPolicySchema)?.id).toBe("RefundPolicy");
  });
});
