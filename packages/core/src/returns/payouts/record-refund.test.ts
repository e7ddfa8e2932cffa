/**
 * `recordRefund`: a payout of a return's final refund, recorded by the back office and
 * published as `return.refunded` in order with the return's other events.
 */
import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { SubscriberEvent } from "../../delivery/subscribers";
import type { Principal } from "../../domain/principal";
import { isProblemError, type ProblemError } from "../../domain/problems";
import { PAYOUTS_MAX } from "../../domain/schemas";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import { inMemoryOrders } from "../orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const asCustomer = { principal: customer };
const asStaff = { principal: staff };

/** Two T-shirts at €29.00: a refund of both is €58.00 (no fees). */
const orders = inMemoryOrders([
  {
    id: "ord_1",
    customer_id: "user-1",
    placed_at: "2026-11-20T10:00:00Z",
    currency: "EUR",
    lines: [{ sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 2_900 }],
  },
]);

/** The tee's other variants, as the shop's catalogue offers them. */
const offers = () => [
  { sku: "TEE-BASIC-M", unit_price: 1_900, currency: "EUR", available: true },
  { sku: "TEE-PREMIUM-M", unit_price: 3_400, currency: "EUR", available: true },
];

function setup(options: { exchanges?: boolean } = {}) {
  const store = memoryStore();
  const handled: SubscriberEvent[] = [];
  let clock = T0;
  const service = createReturnsService({
    store,
    idempotency: { required: false },
    orders: { source: orders },
    ...(options.exchanges ? { exchanges: { offers } } : {}),
    clock: () => (clock += 1_000),
    subscribers: [{ name: "ledger", handle: (event) => void handled.push(event) }],
  });
  return { service, store, handled };
}

type Service = ReturnType<typeof setup>["service"];

async function returnOf(service: Service, resolution = "REFUND", exchangeFor?: string) {
  const body = {
    order_id: "ord_1",
    line: { sku: "TEE-BLK", size: "M", quantity: 2 },
    reason: "CHANGED_MIND",
    resolution,
    ...(exchangeFor ? { exchange_for: { sku: exchangeFor } } : {}),
  };
  const { record } = await service.createReturn(body, asCustomer);
  await service.submit(record.id, {}, asCustomer);
  for (const event of ["approve", "ship", "receive"]) {
    await service.advance(record.id, event, {}, asStaff);
  }
  return record.id;
}

async function gradedReturn(
  service: Service,
  grade = {},
  resolution = "REFUND",
  exchangeFor?: string,
) {
  const id = await returnOf(service, resolution, exchangeFor);
  await service.advance(id, "grade", grade, asStaff);
  return id;
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

describe("recordRefund", () => {
  it("recordRefund - records the payout on a graded return and publishes return.refunded after return.graded", async () => {
    const { service, handled } = setup();
    const id = await gradedReturn(service);

    const { record } = await service.recordRefund(
      id,
      { amount: 5_800, reference: "re_1", issued_at: "2026-11-28T09:30:00+01:00" },
      asStaff,
    );
    await service.dispatcher.drain();

    expect(record.refunded_amount).toBe(5_800);
    expect(record.payouts).toEqual([
      expect.objectContaining({
        amount: 5_800,
        currency: "EUR",
        currency_exponent: 2,
        method: "original_payment",
        reference: "re_1",
        issued_at: "2026-11-28T08:30:00.000Z",
        actor: { kind: "merchant", id: "staff-1" },
      }),
    ]);
    expect(record.history.at(-1)?.event).toBe("grade");
    expect(handled.map((event) => event.type).slice(-2)).toEqual([
      "return.graded",
      "return.refunded",
    ]);
    const refunded = handled.at(-1)!;
    expect(refunded.seq).toBeNull();
    expect(refunded.payload.data).toMatchObject({
      payout: { amount: 5_800, reference: "re_1" },
      refunded_amount: 5_800,
      return: { id, version: record.version, refunded_amount: 5_800 },
    });
  });

  it("recordRefund - partial payouts add up to the final refund; one more cent is a 422 naming the limit", async () => {
    const { service, store } = setup();
    const id = await gradedReturn(service);

    await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, asStaff);
    const second = await service.recordRefund(id, { amount: 3_800, reference: "re_2" }, asStaff);
    const over = await problemOf(
      service.recordRefund(id, { amount: 1, reference: "re_3" }, asStaff),
    );

    expect(second.record.refunded_amount).toBe(5_800);
    expect(second.record.payouts.map((payout) => payout.reference)).toEqual(["re_1", "re_2"]);
    expect(over.status).toBe(422);
    expect(over.toJSON()).toMatchObject({
      type: "urn:returnkit:problem:refund-exceeds-total",
      refund_total: 5_800,
      refunded_amount: 5_800,
      refundable_amount: 0,
      currency: "EUR",
    });
    expect(over.message).toContain("at most 0.00 EUR");
    const events = await store.listEvents(id);
    expect(events.filter((event) => event.type === "return.refunded")).toHaveLength(2);
  });

  it("recordRefund - more than the final refund at once is a 422 that records nothing", async () => {
    const { service, store } = setup();
    // One of the two units accepted: the final refund is €29.00.
    const id = await gradedReturn(service, { accepted_quantity: 1, condition: "NEW" });

    const refused = await problemOf(
      service.recordRefund(id, { amount: 5_800, reference: "re_1" }, asStaff),
    );

    expect(refused.status).toBe(422);
    expect(refused.message).toContain("at most 29.00 EUR");
    const stored = await store.getReturn(id);
    expect(stored?.record.payouts).toEqual([]);
    expect(stored?.record.refunded_amount).toBe(0);
  });

  it("recordRefund - before grading the refund is an estimate: a 409 that records nothing", async () => {
    const { service, store } = setup();
    const id = await returnOf(service);

    const refused = await problemOf(
      service.recordRefund(id, { amount: 100, reference: "re_1" }, asStaff),
    );

    expect(refused.status).toBe(409);
    expect(refused.toJSON()).toMatchObject({
      type: "urn:returnkit:problem:refund-not-payable",
      state: "received",
      refund_refusal: "not-final",
    });
    expect((await store.listEvents(id)).map((event) => event.type)).not.toContain(
      "return.refunded",
    );
  });

  it("recordRefund - a like-for-like exchange is settled in goods: no payout can be recorded", async () => {
    const { service } = setup();
    const id = await gradedReturn(service, {}, "EXCHANGE");

    const refused = await problemOf(
      service.recordRefund(id, { amount: 1, reference: "re_1" }, asStaff),
    );

    expect(refused.toJSON()).toMatchObject({ status: 409, refund_refusal: "exchange" });
  });

  it("recordRefund - an exchange for a cheaper item pays its difference back as any refund", async () => {
    const { service } = setup({ exchanges: true });
    const id = await gradedReturn(service, {}, "EXCHANGE", "TEE-BASIC-M");
    // 2 × €29.00 returned, 2 × €19.00 taken: the shop refunds €20.00.
    const graded = { record: await service.get(id, asStaff) };
    expect(graded.record.exchange?.difference).toEqual({
      amount: 2_000,
      direction: "shop_refunds",
    });
    expect(graded.record.refund).toMatchObject({
      total: 2_000,
      method: "exchange",
      status: "final",
    });

    const { record } = await service.recordRefund(
      id,
      { amount: 2_000, reference: "re_diff" },
      asStaff,
    );

    expect(record.refunded_amount).toBe(2_000);
    expect(record.payouts[0]).toMatchObject({ amount: 2_000, method: "original_payment" });
  });

  it("recordRefund - an exchange for a dearer item refunds nothing: the customer pays the difference", async () => {
    const { service } = setup({ exchanges: true });
    const id = await gradedReturn(service, {}, "EXCHANGE", "TEE-PREMIUM-M");
    const graded = { record: await service.get(id, asStaff) };
    expect(graded.record.exchange?.difference).toEqual({
      amount: 1_000,
      direction: "customer_pays",
    });
    expect(graded.record.refund?.total).toBe(0);

    const refused = await problemOf(
      service.recordRefund(id, { amount: 1, reference: "re_1" }, asStaff),
    );
    expect(refused.toJSON()).toMatchObject({ status: 409, refund_refusal: "exchange" });
  });

  it("recordRefund - store credit is recorded with method store_credit", async () => {
    const { service } = setup();
    const id = await gradedReturn(service, {}, "STORE_CREDIT");

    const { record } = await service.recordRefund(
      id,
      { amount: 5_800, reference: "gift_1" },
      asStaff,
    );

    expect(record.refund?.method).toBe("store_credit");
    expect(record.payouts[0]?.method).toBe("store_credit");
  });

  it("recordRefund - a currency other than the refund's is a 422", async () => {
    const { service } = setup();
    const id = await gradedReturn(service);

    const refused = await problemOf(
      service.recordRefund(id, { amount: 100, currency: "USD", reference: "re_1" }, asStaff),
    );

    expect(refused.toJSON()).toMatchObject({
      status: 422,
      type: "urn:returnkit:problem:refund-currency-mismatch",
      currency: "EUR",
    });
  });

  it("recordRefund - the same reference and amount again records nothing more; another amount is a 409", async () => {
    const { service, store } = setup();
    const id = await gradedReturn(service);
    const first = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, asStaff);

    const again = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, asStaff);
    const other = await problemOf(
      service.recordRefund(id, { amount: 2_500, reference: "re_1" }, asStaff),
    );

    expect(again.record).toEqual(first.record);
    expect(again.record.refunded_amount).toBe(2_000);
    expect(other.toJSON()).toMatchObject({
      status: 409,
      type: "urn:returnkit:problem:payout-reference-conflict",
      reference: "re_1",
      amount: 2_000,
    });
    const refunded = (await store.listEvents(id)).filter((e) => e.type === "return.refunded");
    expect(refunded).toHaveLength(1);
  });

  it("recordRefund - the same Idempotency-Key replays the first answer and records once", async () => {
    const { service, store } = setup();
    const id = await gradedReturn(service);
    const ctx = { ...asStaff, idempotencyKey: "payout-1" };

    const first = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, ctx);
    const replay = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, ctx);
    const reused = await problemOf(
      service.recordRefund(id, { amount: 3_000, reference: "re_2" }, ctx),
    );

    expect(replay.replayed).toBe(true);
    expect(replay.record).toEqual(first.record);
    expect(reused.status).toBe(422);
    expect(reused.slug).toBe("idempotency-key-reused");
    expect((await store.getReturn(id))?.record.refunded_amount).toBe(2_000);
  });

  it("recordRefund - a new key for a reference recorded already answers the return and keeps that answer", async () => {
    const { service } = setup();
    const id = await gradedReturn(service);
    await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, asStaff);
    const ctx = { ...asStaff, idempotencyKey: "retry-of-re_1" };

    const answered = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, ctx);
    const replay = await service.recordRefund(id, { amount: 2_000, reference: "re_1" }, ctx);

    expect(answered.replayed).toBe(false);
    expect(answered.record.refunded_amount).toBe(2_000);
    expect(replay.replayed).toBe(true);
    expect(replay.record).toEqual(answered.record);
  });

  it("recordRefund - two concurrent payouts of the whole refund: one is recorded, the other refused", async () => {
    const { service, store } = setup();
    const id = await gradedReturn(service);

    const outcomes = await Promise.allSettled([
      service.recordRefund(id, { amount: 5_800, reference: "re_a" }, asStaff),
      service.recordRefund(id, { amount: 5_800, reference: "re_b" }, asStaff),
    ]);

    const recorded = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason as ProblemError] : [],
    );
    expect(recorded).toHaveLength(1);
    expect(refused.map((problem) => problem.slug)).toEqual(["refund-exceeds-total"]);
    const stored = (await store.getReturn(id))!.record;
    expect(stored.refunded_amount).toBe(5_800);
    expect(stored.payouts).toHaveLength(1);
  });

  it("recordRefund - the same payout recorded twice at once counts once", async () => {
    const { service, store } = setup();
    const id = await gradedReturn(service);

    const [a, b] = await Promise.all([
      service.recordRefund(id, { amount: 5_800, reference: "re_1" }, asStaff),
      service.recordRefund(id, { amount: 5_800, reference: "re_1" }, asStaff),
    ]);

    expect(a.record.refunded_amount).toBe(5_800);
    expect(b.record.refunded_amount).toBe(5_800);
    const stored = (await store.getReturn(id))!.record;
    expect(stored.payouts).toHaveLength(1);
    const refunded = (await store.listEvents(id)).filter((e) => e.type === "return.refunded");
    expect(refunded).toHaveLength(1);
  });

  it("recordRefund - a customer cannot record a payout (403)", async () => {
    const { service } = setup();
    const id = await gradedReturn(service);

    const refused = await problemOf(
      service.recordRefund(id, { amount: 100, reference: "re_1" }, asCustomer),
    );

    expect(refused.status).toBe(403);
  });

  it("recordRefund - a bad body is a 400 naming the field", async () => {
    const { service } = setup();
    const id = await gradedReturn(service);

    const refused = await problemOf(
      service.recordRefund(id, { amount: 12.5, reference: "" } as never, asStaff),
    );

    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.toJSON())).toContain("amount");
    expect(JSON.stringify(refused.toJSON())).toContain("reference");
  });

  it(`recordRefund - at most ${PAYOUTS_MAX} payouts per return (409)`, async () => {
    const { service } = setup();
    const id = await gradedReturn(service);
    for (let n = 0; n < PAYOUTS_MAX; n++) {
      await service.recordRefund(id, { amount: 1, reference: `re_${n}` }, asStaff);
    }

    const refused = await problemOf(
      service.recordRefund(id, { amount: 1, reference: "re_last" }, asStaff),
    );

    expect(refused.toJSON()).toMatchObject({ status: 409, max_payouts: PAYOUTS_MAX });
  });
});
