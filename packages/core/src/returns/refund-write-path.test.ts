/**
 * The refund a return carries, through the service's write path: estimated at create and on
 * each change, final at grade, zero when rejected or cancelled, and on every event.
 */

import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { SubscriberEvent } from "../delivery/dispatcher";
import type { Principal } from "../domain/principal";
import { isProblemError, type ProblemError } from "../domain/problems";
import type { RefundPolicyInput } from "../domain/refunds";
import type { ReturnData } from "../domain/schemas";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";
import { inMemoryOrders } from "./orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const asCustomer = { principal: customer };
const asStaff = { principal: staff };

const POLICY: RefundPolicyInput = {
  restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED", "WRONG_ITEM"] },
  return_shipping_fee: {
    amount: { EUR: 495, JPY: 800, KWD: 1_500 },
    waived_for_reasons: ["DAMAGED", "WRONG_ITEM"],
  },
  store_credit_bonus_percent: 10,
  condition_deductions: { USED: 20 },
};

/** One order per currency, each with one line of three units (EUR €40.00, ¥1,255, 12.345 KWD). */
const orders = inMemoryOrders(
  (
    [
      ["ord_eur", "EUR", 4_000],
      ["ord_jpy", "JPY", 1_255],
      ["ord_kwd", "KWD", 12_345],
    ] as const
  ).map(([id, currency, unit_price]) => ({
    id,
    customer_id: "user-1",
    placed_at: "2026-11-20T10:00:00Z",
    currency,
    lines: [{ sku: "TEE-BLK", size: "M", quantity: 3, unit_price }],
  })),
);

function setup(options: Parameters<typeof createReturnsService>[0] = {}) {
  const store = memoryStore();
  const service = createReturnsService({
    idempotency: { required: false },
    orders: { source: orders },
    policy: { refund: POLICY },
    clock: () => T0,
    ...options,
    store,
  });
  return { service, store };
}

type Service = ReturnType<typeof setup>["service"];

function create(
  service: Service,
  { order_id = "ord_eur", quantity = 3, reason = "TOO_SMALL_AT_CHEST", resolution = "REFUND" } = {},
) {
  const body = { order_id, line: { sku: "TEE-BLK", size: "M", quantity }, reason, resolution };
  return service.createReturn(body, asCustomer).then((result) => result.record);
}

/** Takes a submitted draft to `received`, as staff would. */
async function receive(service: Service, id: string): Promise<ReturnData> {
  await service.submit(id, {}, asCustomer);
  for (const event of ["approve", "ship", "receive"]) await service.advance(id, event, {}, asStaff);
  return service.get(id, asStaff);
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

const EUR_ESTIMATE = { currency: "EUR", currency_exponent: 2, status: "estimate" } as const;

describe("the refund on the write path", () => {
  it("create, update - estimated at create, worked out again on each change", async () => {
    const { service } = setup();
    const created = await create(service);
    // 3 × 4000 = 12000; 10 % restocking 1200; the whole 495 shipping fee (a request of one).
    expect(created.refund).toEqual({
      ...EUR_ESTIMATE,
      item_amount: 12_000,
      restocking_fee: 1_200,
      return_shipping_fee: 495,
      total: 10_305,
      method: "original_payment",
    });

    // Store credit adds 10 % of the net 10305 = 1030.5, rounded half up: 1031.
    const credit = await service.updateDraft(
      created.id,
      { resolution: "STORE_CREDIT" },
      asCustomer,
    );
    expect(credit.record.refund).toMatchObject({ total: 11_336, method: "store_credit" });

    // DAMAGED waives both fees: 12000 + 1200 bonus.
    const damaged = await service.updateDraft(created.id, { reason: "DAMAGED" }, asCustomer);
    expect(damaged.record.refund).toEqual({
      ...EUR_ESTIMATE,
      item_amount: 12_000,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 13_200,
      method: "store_credit",
    });

    const exchange = await service.updateDraft(
      created.id,
      { resolution: "EXCHANGE", exchange_for: { sku: "TEE-L" } },
      asCustomer,
    );
    expect(exchange.record.refund).toEqual({
      ...EUR_ESTIMATE,
      item_amount: 0,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 0,
      method: "exchange",
    });
  });

  it("grade - final for the 1 of 3 units accepted, less the USED deduction; close keeps it", async () => {
    const { service } = setup();
    const { id } = await create(service);
    expect((await receive(service, id)).refund).toMatchObject({
      status: "estimate",
      total: 10_305,
    });

    const graded = await service.advance(
      id,
      "grade",
      { condition: "USED", disposition: "RESELL_DISCOUNTED", accepted_quantity: 1 },
      asStaff,
    );
    expect(graded.record.grade).toEqual({
      condition: "USED",
      disposition: "RESELL_DISCOUNTED",
      accepted_quantity: 1,
    });
    // 4000 less 20 % (800) = 3200; restocking 320; shipping 495: 2385.
    const final = {
      currency: "EUR",
      currency_exponent: 2,
      item_amount: 3_200,
      restocking_fee: 320,
      return_shipping_fee: 495,
      total: 2_385,
      method: "original_payment",
      status: "final",
    };
    expect(graded.record.refund).toEqual(final);
    const closed = await service.advance(id, "close", {}, asStaff);
    expect(closed.record.refund).toEqual(final);
  });

  it("grade - without accepted_quantity every unit is accepted; more than the return holds is a 400 that changes nothing", async () => {
    const { service } = setup();
    const { id } = await create(service, { quantity: 2 });
    const received = await receive(service, id);

    const problem = await problemOf(
      service.advance(id, "grade", { accepted_quantity: 3 }, asStaff),
    );
    expect(problem).toMatchObject({ status: 400, slug: "invalid-body" });
    expect(problem.extensions.errors).toEqual([
      {
        path: "accepted_quantity",
        message: "accepted_quantity may be at most the 2 units the return holds",
      },
    ]);
    expect(await service.get(id, asStaff)).toEqual(received);

    const graded = await service.advance(id, "grade", { condition: "NEW" }, asStaff);
    expect(graded.record.grade?.accepted_quantity).toBe(2);
    // 8000, restocking 800, shipping 495: NEW has no deduction.
    expect(graded.record.refund).toMatchObject({
      item_amount: 8_000,
      total: 6_705,
      status: "final",
    });
  });

  it("grade - no unit accepted refunds nothing, and no fee is charged beyond it", async () => {
    const { service } = setup();
    const { id } = await create(service);
    await receive(service, id);
    const graded = await service.advance(id, "grade", { accepted_quantity: 0 }, asStaff);
    expect(graded.record.refund).toMatchObject({
      item_amount: 0,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 0,
      status: "final",
    });
  });

  it("create - WRONG_ITEM waives the restocking and the shipping fee", async () => {
    const { service } = setup();
    const record = await create(service, { quantity: 1, reason: "WRONG_ITEM" });
    expect(record.refund).toEqual({
      ...EUR_ESTIMATE,
      item_amount: 4_000,
      restocking_fee: 0,
      return_shipping_fee: 0,
      total: 4_000,
      method: "original_payment",
    });
  });

  it("create - a JPY order counts whole yen: 10 % of ¥1,255 is ¥125.5, charged as ¥125", async () => {
    const { service } = setup();
    const record = await create(service, { order_id: "ord_jpy", quantity: 1 });
    expect(record.refund).toEqual({
      currency: "JPY",
      currency_exponent: 0,
      item_amount: 1_255,
      restocking_fee: 125,
      return_shipping_fee: 800,
      total: 330,
      method: "original_payment",
      status: "estimate",
    });
  });

  it("create - a KWD order counts fils (three decimals), the store-credit bonus rounded half up", async () => {
    const { service } = setup();
    const record = await create(service, {
      order_id: "ord_kwd",
      quantity: 1,
      resolution: "STORE_CREDIT",
    });
    // 12.345 KWD; restocking 1234.5 → 1234 fils; shipping 1.500; net 9611; bonus 961.1 → 961.
    expect(record.refund).toEqual({
      currency: "KWD",
      currency_exponent: 3,
      item_amount: 12_345,
      restocking_fee: 1_234,
      return_shipping_fee: 1_500,
      total: 10_572,
      method: "store_credit",
      status: "estimate",
    });
  });

  it("create - no refund without a price: without orders, or when the order gives none", async () => {
    const alone = createReturnsService({ idempotency: { required: false }, store: memoryStore() });
    expect((await create(alone)).refund).toBeNull();

    const unpriced = inMemoryOrders([
      {
        id: "ord_free",
        customer_id: "user-1",
        placed_at: "2026-11-20T10:00:00Z",
        lines: [{ sku: "TEE-BLK", size: "M", quantity: 3 }],
      },
    ]);
    const { service } = setup({ orders: { source: unpriced } });
    expect((await create(service, { order_id: "ord_free" })).refund).toBeNull();
  });

  it("reject, cancel - a return that will not be refunded carries a final refund of 0", async () => {
    const { service } = setup();
    const zero = { item_amount: 0, restocking_fee: 0, return_shipping_fee: 0, total: 0 };

    const rejected = await create(service, { quantity: 1 });
    await service.submit(rejected.id, {}, asCustomer);
    const afterReject = await service.advance(rejected.id, "reject", {}, asStaff);
    expect(afterReject.record.refund).toEqual({
      ...zero,
      currency: "EUR",
      currency_exponent: 2,
      method: "original_payment",
      status: "final",
    });

    const cancelled = await create(service, { quantity: 1, resolution: "STORE_CREDIT" });
    const afterCancel = await service.cancel(cancelled.id, {}, asCustomer);
    expect(afterCancel.record.refund).toMatchObject({ ...zero, status: "final" });
  });

  it("events - every event carries the refund of the version that published it", async () => {
    const { service, store } = setup();
    const { id } = await create(service);
    await receive(service, id);
    await service.advance(id, "grade", { condition: "USED", accepted_quantity: 1 }, asStaff);
    const events = await store.listEvents(id);
    const refunds = events.map((event) => {
      const data = event.payload.data as { return: ReturnData };
      return [event.type, data.return.refund?.status, data.return.refund?.total];
    });
    expect(refunds).toEqual([
      ["return.created", "estimate", 10_305],
      ["return.submitted", "estimate", 10_305],
      ["return.approved", "estimate", 10_305],
      ["return.in_transit", "estimate", 10_305],
      ["return.received", "estimate", 10_305],
      ["return.fit_signal", "estimate", 10_305],
      ["return.graded", "final", 2_385],
      ["return.fit_signal", "final", 2_385],
    ]);
  });

  it("subscribers - a subscriber's event carries the final refund to pay", async () => {
    const handled: SubscriberEvent[] = [];
    const { service } = setup({
      subscribers: [
        { name: "payouts", types: ["return.graded"], handle: (e) => void handled.push(e) },
      ],
    });
    const { id } = await create(service, { quantity: 1, reason: "WRONG_ITEM" });
    await receive(service, id);
    await service.advance(id, "grade", { condition: "NEW" }, asStaff);
    while ((await service.dispatcher.deliverNext()) > 0) {}
    expect(handled.map((event) => event.payload.data.return.refund)).toEqual([
      {
        currency: "EUR",
        currency_exponent: 2,
        item_amount: 4_000,
        restocking_fee: 0,
        return_shipping_fee: 0,
        total: 4_000,
        method: "original_payment",
        status: "final",
      },
    ]);
  });
});
