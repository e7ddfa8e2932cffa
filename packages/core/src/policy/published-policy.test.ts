import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isProblemError } from "../domain/problems";
import {
  computeRefund,
  currencyCodes,
  currencyExponent,
  percentOf,
  type RefundInput,
  type RefundPolicyInput,
} from "../domain/refunds";
import { currencyArb, lineArb, policyArb } from "../domain/refunds/test-arbitraries";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService } from "../service";
import { publishedPolicy } from "./published-policy";
import { MerchantReturnPolicySchema, ReturnPolicySchema } from "./published-policy-schema";

const SHOP_POLICY: RefundPolicyInput = {
  restocking_fee: { percent: 12.5, waived_for_reasons: ["DAMAGED"] },
  return_shipping_fee: { amount: { EUR: 495, KWD: 1500 }, waived_for_reasons: ["DAMAGED"] },
  store_credit_bonus_percent: 10,
  condition_deductions: { USED: 20, DAMAGED: 100, UNSELLABLE: 100 },
};

describe("publishedPolicy - examples", () => {
  it("a shop without orders claims no window and no final-sale rule; refunds in full by default", () => {
    const { json, jsonLd, finalSaleJsonLd } = publishedPolicy({
      windowDays: null,
      refund: {},
      ordersBound: false,
    });
    expect(json).toMatchObject({ return_window: null, final_sale: null });
    expect(jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "MerchantReturnPolicy",
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/FreeReturn",
      refundType: [
        "https://schema.org/FullRefund",
        "https://schema.org/StoreCreditRefund",
        "https://schema.org/ExchangeRefund",
      ],
      itemCondition: [
        "https://schema.org/NewCondition",
        "https://schema.org/UsedCondition",
        "https://schema.org/DamagedCondition",
      ],
    });
    expect(finalSaleJsonLd).toBeNull();
  });

  it("a window the orders enforce, shipping fees per currency and a restocking percent", () => {
    const { json, jsonLd, finalSaleJsonLd } = publishedPolicy({
      windowDays: 30,
      refund: SHOP_POLICY,
      ordersBound: true,
      applicableCountry: ["DE", "AT"],
    });
    expect(json.return_window).toEqual({ days: 30, counted_from: "delivery" });
    expect(json.final_sale).toEqual({ returnable: false });
    expect(json.fees.restocking_fee.waived_for_resolutions).toEqual(["EXCHANGE"]);
    expect(jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "MerchantReturnPolicy",
      applicableCountry: ["DE", "AT"],
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnShippingFees",
      returnShippingFeesAmount: [
        { "@type": "MonetaryAmount", currency: "EUR", value: 4.95 },
        { "@type": "MonetaryAmount", currency: "KWD", value: 1.5 },
      ],
      restockingFee: 12.5,
      refundType: [
        "https://schema.org/FullRefund",
        "https://schema.org/StoreCreditRefund",
        "https://schema.org/ExchangeRefund",
      ],
      // A damaged or unsellable item is refunded nothing: not a condition accepted back.
      itemCondition: ["https://schema.org/NewCondition", "https://schema.org/UsedCondition"],
    });
    expect(finalSaleJsonLd).toMatchObject({
      applicableCountry: ["DE", "AT"],
      returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted",
    });
  });

  it("a restocking fee alone is not a free return, and no shipping fee type is claimed", () => {
    const { jsonLd } = publishedPolicy({
      windowDays: 14,
      refund: { restocking_fee: { percent: 5 } },
      ordersBound: true,
    });
    expect(jsonLd.returnFees).toBeUndefined();
    expect(jsonLd.restockingFee).toBe(5);
  });

  it("a shipping fee in every ISO 4217 currency: its value in the major unit, MRU and MGA in hundredths", () => {
    for (const currency of currencyCodes()) {
      const exponent = currencyExponent(currency);
      const { json, jsonLd } = publishedPolicy({
        windowDays: 30,
        refund: { return_shipping_fee: { amount: { [currency]: 495 * 10 ** exponent } } },
        ordersBound: true,
      });
      expect(jsonLd.returnShippingFeesAmount, currency).toEqual({
        "@type": "MonetaryAmount",
        currency,
        value: 495,
      });
      expect(json.fees.return_shipping_fee.currency_exponents, currency).toEqual({
        [currency]: exponent,
      });
    }
    const { jsonLd } = publishedPolicy({
      windowDays: 30,
      refund: { return_shipping_fee: { amount: { MRU: 495, MGA: 1234 } } },
      ordersBound: true,
    });
    expect(jsonLd.returnShippingFeesAmount).toEqual([
      { "@type": "MonetaryAmount", currency: "MRU", value: 4.95 },
      { "@type": "MonetaryAmount", currency: "MGA", value: 12.34 },
    ]);
  });

  it("publishedPolicy - by mail only, with no details, unless the shop configures its methods", () => {
    const { json, jsonLd } = publishedPolicy({ windowDays: null, refund: {}, ordersBound: false });
    expect(json.return_methods).toEqual(["by_mail"]);
    expect(json.return_method_details).toEqual({});
    expect(jsonLd.returnMethod).toBe("https://schema.org/ReturnByMail");
  });

  it("publishedPolicy - publishes how exchanges are released: standard by default, instant with its hold", () => {
    const standard = publishedPolicy({ windowDays: null, refund: {}, ordersBound: false });
    expect(standard.json.exchanges).toEqual({
      mode: "standard",
      hold_days: null,
      payment_days: 7,
      when_unpaid: "store_credit",
    });
    const instant = publishedPolicy({
      windowDays: 30,
      refund: {},
      ordersBound: true,
      exchanges: { instant: { holdDays: 14 }, paymentDays: 3, whenUnpaid: "refund" },
    });
    expect(instant.json.exchanges).toEqual({
      mode: "instant",
      hold_days: 14,
      payment_days: 3,
      when_unpaid: "refund",
    });
    expect(ReturnPolicySchema.parse(instant.json)).toEqual(instant.json);
  });

  it("publishedPolicy - publishes the configured methods and their details; drop-off is by mail in JSON-LD", () => {
    const returnMethods = {
      by_mail: {
        address: {
          name: "Shop Returns",
          lines: ["Lagerstr. 5"],
          postcode: "10115",
          city: "Berlin",
          country: "DE",
        },
      },
      drop_off: { instructions: "Hand it in at any DHL point.", carrier: "DHL" },
      in_store: { instructions: "Bring it to any of our stores.", locations: ["Berlin Mitte"] },
    };
    const { json, jsonLd } = publishedPolicy({
      windowDays: 30,
      refund: {},
      ordersBound: true,
      returnMethods,
    });
    expect(json.return_methods).toEqual(["by_mail", "drop_off", "in_store"]);
    expect(json.return_method_details).toEqual(returnMethods);
    expect(jsonLd.returnMethod).toEqual([
      "https://schema.org/ReturnByMail",
      "https://schema.org/ReturnInStore",
    ]);
    expect(ReturnPolicySchema.safeParse(json).success).toBe(true);
    expect(MerchantReturnPolicySchema.safeParse(jsonLd).success).toBe(true);
    const inStoreOnly = publishedPolicy({
      windowDays: 30,
      refund: {},
      ordersBound: true,
      returnMethods: { in_store: { instructions: "Bring it to the shop." } },
    });
    expect(inStoreOnly.json.return_methods).toEqual(["in_store"]);
    expect(inStoreOnly.jsonLd.returnMethod).toBe("https://schema.org/ReturnInStore");
  });

  it("rejects a refund policy computeRefund would reject", () => {
    expect(() =>
      publishedPolicy({
        windowDays: 30,
        refund: { restocking_fee: { percent: 150 } },
        ordersBound: true,
      }),
    ).toThrow();
  });
});

/** The fees of one return worked out by hand from the published JSON, as its README describes. */
function feesByHand(fees: ReturnType<typeof publishedPolicy>["json"]["fees"], line: RefundInput) {
  const accepted = line.unit_price * (line.accepted_quantity ?? line.quantity);
  const deduction = line.condition ? (fees.condition_deductions[line.condition] ?? 0) : 0;
  const itemAmount = accepted - percentOf(accepted, deduction, line.currency, "charge");
  const restocking = fees.restocking_fee;
  const restockingWaived =
    restocking.waived_for_reasons.includes(line.reason) ||
    restocking.waived_for_resolutions.includes(line.resolution);
  const restockingFee = restockingWaived
    ? 0
    : percentOf(itemAmount, restocking.percent, line.currency, "charge");
  const shipping = fees.return_shipping_fee;
  const shippingWaived =
    shipping.waived_for_reasons.includes(line.reason) ||
    shipping.waived_for_resolutions.includes(line.resolution);
  const shippingFee = shippingWaived
    ? 0
    : Math.min(shipping.amount[line.currency] ?? 0, itemAmount - restockingFee);
  return { restocking_fee: restockingFee, return_shipping_fee: shippingFee };
}

describe("publishedPolicy - publication and enforcement agree", () => {
  it("the published fees, applied by hand, are what computeRefund charges", () => {
    fc.assert(
      fc.property(policyArb, lineArb, currencyArb, (refund, line, currency) => {
        const { json, jsonLd } = publishedPolicy({ windowDays: 30, refund, ordersBound: true });
        expect(ReturnPolicySchema.safeParse(json).success).toBe(true);
        expect(MerchantReturnPolicySchema.safeParse(jsonLd).success).toBe(true);
        const input = { ...line, currency, status: "estimate" as const };
        const charged = computeRefund(input, refund);
        expect(feesByHand(json.fees, input)).toEqual({
          restocking_fee: charged.restocking_fee,
          return_shipping_fee: charged.return_shipping_fee,
        });
      }),
    );
  });

  it("the JSON-LD states the same percent and the same amounts as the JSON", () => {
    fc.assert(
      fc.property(policyArb, (refund) => {
        const { json, jsonLd } = publishedPolicy({ windowDays: 30, refund, ordersBound: true });
        const { percent } = json.fees.restocking_fee;
        expect(jsonLd.restockingFee).toBe(percent > 0 ? percent : undefined);
        const amounts = [jsonLd.returnShippingFeesAmount ?? []].flat();
        const byCurrency = Object.fromEntries(
          amounts.map(({ currency, value }) => [
            currency,
            Math.round(value * 10 ** currencyExponent(currency)),
          ]),
        );
        const shipping = json.fees.return_shipping_fee.amount;
        const charges = Object.values(shipping).some((amount) => amount > 0);
        expect(byCurrency).toEqual(charges ? shipping : {});
        expect(jsonLd.returnFees === "https://schema.org/FreeReturn").toBe(
          !charges && percent === 0,
        );
      }),
    );
  });

  it("the published window is the one the order rules enforce; final sale is refused as published", async () => {
    const DAY_MS = 86_400_000;
    const now = Date.parse("2026-03-01T12:00:00Z");
    const portal = {
      principal: {
        kind: "portal" as const,
        id: "user-42",
        scopes: ["portal:returns.read", "portal:returns.write"],
      },
    };
    let keys = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 400 }), policyArb, async (days, refund) => {
        const deliveredDaysAgo = (ago: number) => new Date(now - ago * DAY_MS).toISOString();
        const order = (id: string, ago: number, final_sale = false) => ({
          id,
          customer_id: "user-42",
          placed_at: deliveredDaysAgo(ago + 2),
          delivered_at: deliveredDaysAgo(ago),
          currency: "EUR",
          lines: [{ sku: "TEE", quantity: 1, unit_price: 2_000, final_sale }],
        });
        const service = createReturnsService({
          orders: {
            source: inMemoryOrders([
              order("ord_inside", days - 1),
              order("ord_outside", days + 1),
              order("ord_final", 0, true),
            ]),
            returnWindowDays: days,
          },
          policy: { refund },
          clock: () => now,
        });
        const { json } = service.returnPolicy;
        expect(json.return_window?.days).toBe(days);
        expect(json.final_sale).toEqual({ returnable: false });
        const create = (order_id: string) =>
          service.createReturn(
            {
              order_id,
              line: { sku: "TEE", quantity: 1 },
              reason: "CHANGED_MIND",
              resolution: "REFUND",
            },
            { ...portal, idempotencyKey: `key-${++keys}` },
          );
        expect((await create("ord_inside")).status).toBe(201);
        const refusal = async (order_id: string) => {
          const error = await create(order_id).catch((caught: unknown) => caught);
          return isProblemError(error) ? [error.status, error.slug] : error;
        };
        expect(await refusal("ord_outside")).toEqual([422, "return-window-closed"]);
        expect(await refusal("ord_final")).toEqual([422, "not-returnable"]);
        await service.close();
      }),
      { numRuns: 25 },
    );
  });
});
