/**
 * Amounts are integers of the currency's minor unit, counted with ISO 4217's digits; every
 * answer that carries amounts says how many digits (`currency_exponent`), so a client renders
 * them exactly without a table of its own (Intl's digits differ: HUF 0 there, 2 in ISO 4217).
 */
import {
  makeOutboxEvent,
  makeStoredReturn,
  T0,
  testAuthenticate,
  testToken,
} from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";

const BASE = "https://shop.test";
const placed = "2026-11-20T10:00:00Z";
const orders = inMemoryOrders([
  {
    id: "ord_huf",
    customer_id: "user-1",
    placed_at: placed,
    currency: "HUF",
    lines: [{ sku: "TEE-BLK", quantity: 2, unit_price: 1_234_500 }],
  },
  {
    id: "ord_iqd",
    customer_id: "user-1",
    placed_at: placed,
    currency: "IQD",
    lines: [{ sku: "TEE-BLK", quantity: 1, unit_price: 12_345 }],
  },
  {
    // Three letters, but no ISO 4217 currency: nothing can be counted in it.
    id: "ord_zzz",
    customer_id: "user-1",
    placed_at: placed,
    currency: "ZZZ",
    lines: [{ sku: "TEE-BLK", quantity: 1, unit_price: 1_000 }],
  },
]);

function shop(store = memoryStore()) {
  const service = createReturnsService({
    store,
    baseUrl: BASE,
    auth: { authenticate: testAuthenticate },
    idempotency: { required: false },
    clock: () => T0,
    orders: { source: orders },
    policy: { refund: { return_shipping_fee: { amount: { HUF: 99_000, IQD: 1_500, MRU: 495 } } } },
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are read by their JSON members.
  const call = async (path: string, body?: unknown): Promise<any> => {
    const response = await service.fetch(
      new Request(`${BASE}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          authorization: testToken("portal", "user-1"),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json();
  };
  return { service, call };
}

const requestOf = (orderId: string) => ({
  order_id: orderId,
  lines: [{ line: { sku: "TEE-BLK" }, reason: "TOO_SMALL", resolution: "REFUND" }],
});

describe("the API's amounts and their currency's exponent", () => {
  it("returnable - the order and each estimate say HUF counts 2 digits (Intl says 0)", async () => {
    const { call } = shop();
    const order = await call("/v1/portal/orders/ord_huf/returnable");
    expect(order).toMatchObject({ currency: "HUF", currency_exponent: 2 });
    expect(order.lines[0].unit_price).toBe(1_234_500);
    for (const estimate of Object.values(order.lines[0].refund_estimates)) {
      expect(estimate).toMatchObject({ currency: "HUF", currency_exponent: 2 });
    }
    const iqd = await call("/v1/portal/orders/ord_iqd/returnable");
    expect(iqd).toMatchObject({ currency: "IQD", currency_exponent: 3 });
  });

  it("returnable - a currency ISO 4217 does not know has no exponent and no estimate", async () => {
    const { call } = shop();
    const order = await call("/v1/portal/orders/ord_zzz/returnable");
    expect(order).toMatchObject({ currency: "ZZZ", currency_exponent: null });
    expect(order.lines[0].refund_estimates).toBeNull();
  });

  it("estimate and create - each refund, the request's and each order line say the exponent", async () => {
    const { call } = shop();
    const estimate = await call("/v1/portal/return-requests/estimate", requestOf("ord_iqd"));
    expect(estimate.refund).toMatchObject({
      currency: "IQD",
      currency_exponent: 3,
      total: 12_345 - 1_500,
    });
    expect(estimate.lines[0].refund).toMatchObject({ currency: "IQD", currency_exponent: 3 });

    const request = await call("/v1/portal/return-requests", requestOf("ord_iqd"));
    expect(request.refund).toEqual(estimate.refund);
    const [created] = request.returns;
    expect(created.refund).toEqual(estimate.lines[0].refund);
    expect(created.order_line).toMatchObject({ currency: "IQD", currency_exponent: 3 });
    const read = await call(`/v1/portal/returns/${created.id}`);
    expect(read.refund).toEqual(created.refund);
    expect(read.order_line.currency_exponent).toBe(3);
  });

  it("get - a return stored before amounts carried the exponent (or orders a product) gets them", async () => {
    const store = memoryStore();
    const { call } = shop(store);
    const draft = makeStoredReturn({ customer_id: "user-1", order_id: "ord_iqd" });
    // As an earlier version stored it: the same amounts, no exponent beside them.
    const stored = {
      ...draft,
      record: {
        ...draft.record,
        order_line: {
          purchased: 1,
          unit_price: 12_345,
          currency: "IQD",
          placed_at: "2026-11-20T10:00:00.000Z",
          delivered_at: null,
          returnable_until: "2026-12-20T10:00:00.000Z",
        },
        refund: {
          currency: "IQD",
          item_amount: 12_345,
          restocking_fee: 0,
          return_shipping_fee: 1_500,
          total: 10_845,
          method: "original_payment",
          status: "estimate",
        },
      },
    } as unknown as typeof draft;
    await store.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(stored)] });
    const read = await call(`/v1/portal/returns/${stored.record.id}`);
    expect(read.order_line).toMatchObject({ currency: "IQD", currency_exponent: 3 });
    expect(read.refund).toMatchObject({ currency: "IQD", currency_exponent: 3, total: 10_845 });
    // Nor did orders carry products then: the snapshot reads as an empty one.
    expect(read.order_line).toMatchObject({
      order_number: null,
      customer: null,
      product: { title: null, variant_title: null, options: [], image_url: null, tags: [] },
    });
  });

  it("return-policy - the shipping fee's currencies and their exponents", async () => {
    const { call } = shop();
    const policy = await call("/v1/return-policy");
    expect(policy.fees.return_shipping_fee).toMatchObject({
      amount: { HUF: 99_000, IQD: 1_500, MRU: 495 },
      currency_exponents: { HUF: 2, IQD: 3, MRU: 2 },
    });
  });

  it("openapi - the schemas say where the exponent is", async () => {
    const { call } = shop();
    const { components } = await call("/v1/openapi.json");
    const { schemas } = components;
    for (const id of ["Refund", "ReturnRequestRefund", "ReturnableOrder", "ReturnOrderLine"]) {
      expect(schemas[id]?.properties?.currency_exponent, id).toBeDefined();
    }
    expect(schemas.Refund.required).toContain("currency_exponent");
    expect(schemas.ReturnPolicy.properties.fees.properties.return_shipping_fee).toMatchObject({
      required: expect.arrayContaining(["currency_exponents"]),
    });
  });
});
