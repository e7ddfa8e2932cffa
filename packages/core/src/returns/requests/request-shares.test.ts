/**
 * A return request's return-shipping-fee shares through the service: a share a return loses
 * before the request's refund is final (cancelled, switched to an exchange or a waived reason,
 * rejected, graded down) goes to its open siblings, in the same commit.
 */

import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import type { RefundPolicyInput } from "../../domain/refunds";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import type { ReturnsStore } from "../../store/types";
import { inMemoryOrders } from "../orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const asCustomer = { principal: customer };
const asStaff = { principal: staff };

/** A €4.95 label per request; 10 % restocking; both waived for DAMAGED. */
const POLICY: RefundPolicyInput = {
  restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED"] },
  return_shipping_fee: { amount: { EUR: 495 }, waived_for_reasons: ["DAMAGED"] },
};

const ORDER = "ord_shares";

/** The order: a tee at €40.00 (two bought), a cap at €10.00 (or `capPrice`), a coat at €100.00. */
function order(capPrice = 1_000) {
  return {
    id: ORDER,
    customer_id: "user-1",
    placed_at: "2026-11-20T10:00:00Z",
    currency: "EUR",
    lines: [
      { sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 4_000 },
      { sku: "CAP-RED", quantity: 1, unit_price: capPrice },
      { sku: "COAT-GRY", quantity: 1, unit_price: 10_000 },
    ],
  };
}

function setup(store: ReturnsStore = memoryStore(), policy = POLICY) {
  const orders = inMemoryOrders([order()]);
  const service = createReturnsService({
    idempotency: { required: false },
    orders: { source: orders },
    policy: { refund: policy },
    clock: () => T0,
    store,
  });
  return { service, store, orders };
}

type Service = ReturnType<typeof setup>["service"];
type Sku = "TEE-BLK" | "CAP-RED" | "COAT-GRY";

/** A line of the request: one unit of `sku`, changed-mind, refunded unless told otherwise. */
function line(sku: Sku, resolution: "REFUND" | "EXCHANGE" = "REFUND") {
  return {
    line: sku === "TEE-BLK" ? { sku, size: "M" } : { sku },
    reason: "CHANGED_MIND",
    resolution,
    ...(resolution === "EXCHANGE" ? { exchange_for: { sku: "L" } } : {}),
  };
}

/** Creates a request of `skus`; answers each return's id by sku. */
async function openRequest(service: Service, lines: ReturnType<typeof line>[]) {
  const { request } = await service.createReturnRequest({ order_id: ORDER, lines }, asCustomer);
  const ids = Object.fromEntries(request.returns.map((r) => [r.line.sku, r.id]));
  return { requestId: request.id, ids: ids as Record<Sku, string> };
}

/** Each return's share of the label by sku, and the request's total of them. */
async function sharesOf(service: Service, requestId: string) {
  const request = await service.getReturnRequest(requestId, asStaff);
  const shares = Object.fromEntries(
    request.returns.map((r) => [r.line.sku, r.refund?.return_shipping_fee]),
  );
  return { shares, total: request.refund?.return_shipping_fee };
}

async function toReceived(service: Service, id: string) {
  for (const event of ["approve", "ship", "receive"]) await service.advance(id, event, {}, asStaff);
}

describe("return shipping fee shares of a request", () => {
  it("cancel - a cancelled sponge line's share goes to its sibling, which bears the whole fee", async () => {
    const { service } = setup();
    // What each can carry: the cap 900, the coat 9000: 495 split 1 : 10.
    const { requestId, ids } = await openRequest(service, [line("CAP-RED"), line("COAT-GRY")]);
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "CAP-RED": 45, "COAT-GRY": 450 },
      total: 495,
    });

    await service.cancel(ids["COAT-GRY"], {}, asCustomer);

    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "CAP-RED": 495, "COAT-GRY": 0 },
      total: 495,
    });
    const cap = await service.get(ids["CAP-RED"], asCustomer);
    expect(cap.refund).toMatchObject({ return_shipping_fee: 495, total: 1_000 - 100 - 495 });
  });

  it("cancel - the sibling gets a new version, without a history entry or a webhook event", async () => {
    const { service, store } = setup();
    const { ids } = await openRequest(service, [line("CAP-RED"), line("COAT-GRY")]);
    const before = await service.get(ids["CAP-RED"], asCustomer);

    await service.cancel(ids["COAT-GRY"], {}, asCustomer);

    const after = await service.get(ids["CAP-RED"], asCustomer);
    expect(after.version).toBe(before.version + 1);
    expect(after.history).toEqual(before.history);
    expect(after.state).toBe("draft");
    const events = await store.listEvents(ids["CAP-RED"]);
    expect(events.map((event) => event.type)).toEqual(["return.created"]);
  });

  it("cancel - without a fee in the order's currency there is nothing to share: the sibling keeps its version", async () => {
    const { service } = setup(memoryStore(), { restocking_fee: { percent: 10 } });
    const { ids } = await openRequest(service, [line("CAP-RED"), line("COAT-GRY")]);

    await service.cancel(ids["COAT-GRY"], {}, asCustomer);

    const cap = await service.get(ids["CAP-RED"], asCustomer);
    expect(cap.version).toBe(1);
    expect(cap.refund).toMatchObject({ return_shipping_fee: 0, total: 900 });
  });

  it("update - a line switched to EXCHANGE hands its share on, and takes it again when switched back", async () => {
    const { service } = setup();
    // 3600 and 900 can be carried: 396 and 99.
    const { requestId, ids } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);
    const shared = { shares: { "TEE-BLK": 396, "CAP-RED": 99 }, total: 495 };
    expect(await sharesOf(service, requestId)).toEqual(shared);

    const exchange = { resolution: "EXCHANGE" as const, exchange_for: { sku: "L" } };
    await service.updateDraft(ids["CAP-RED"], exchange, asCustomer);
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 495, "CAP-RED": 0 },
      total: 495,
    });

    const back = await service.updateDraft(ids["CAP-RED"], { resolution: "REFUND" }, asCustomer);
    expect(back.record.refund).toMatchObject({ return_shipping_fee: 99, total: 801 });
    expect(await sharesOf(service, requestId)).toEqual(shared);
  });

  it("update - a reason the fee is waived for hands the share on; a reason it is not takes it back", async () => {
    const { service } = setup();
    const { requestId, ids } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);

    await service.updateDraft(ids["CAP-RED"], { reason: "DAMAGED" }, asCustomer);
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 495, "CAP-RED": 0 },
      total: 495,
    });

    await service.updateDraft(ids["CAP-RED"], { reason: "CHANGED_MIND" }, asCustomer);
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 396, "CAP-RED": 99 },
      total: 495,
    });
  });

  it("reject - a rejected return's share goes to its open sibling", async () => {
    const { service } = setup();
    const { requestId, ids } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);
    await service.submitReturnRequest(requestId, {}, asCustomer);

    await service.advance(ids["CAP-RED"], "reject", {}, asStaff);

    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 495, "CAP-RED": 0 },
      total: 495,
    });
  });

  it("grade - no unit accepted fixes a share of 0; the open sibling bears the rest", async () => {
    const { service } = setup();
    const { requestId, ids } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);
    await service.submitReturnRequest(requestId, {}, asCustomer);
    await toReceived(service, ids["CAP-RED"]);

    const graded = await service.advance(
      ids["CAP-RED"],
      "grade",
      { accepted_quantity: 0 },
      asStaff,
    );

    expect(graded.record.refund).toMatchObject({ return_shipping_fee: 0, status: "final" });
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 495, "CAP-RED": 0 },
      total: 495,
    });
  });

  it("reject - once every sibling is final, the lost share is not charged and final refunds stay", async () => {
    const { service } = setup();
    const { requestId, ids } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);
    await service.submitReturnRequest(requestId, {}, asCustomer);
    await toReceived(service, ids["TEE-BLK"]);
    const graded = await service.advance(ids["TEE-BLK"], "grade", {}, asStaff);
    expect(graded.record.refund).toMatchObject({ return_shipping_fee: 396, status: "final" });

    await service.advance(ids["CAP-RED"], "reject", {}, asStaff);

    expect(await service.get(ids["TEE-BLK"], asStaff)).toEqual(graded.record);
    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 396, "CAP-RED": 0 },
      total: 396,
    });
  });

  it("submit - a price the order changed since create moves the shares; the request still charges the whole fee", async () => {
    const { service, orders } = setup();
    const { requestId } = await openRequest(service, [line("TEE-BLK"), line("CAP-RED")]);
    // The cap now costs €1.00: it can carry 90, less than its share of 99.
    orders.save(order(100));

    await service.submitReturnRequest(requestId, {}, asCustomer);

    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 483, "CAP-RED": 12 },
      total: 495,
    });
  });

  it("update - two exchanges switched to REFUND at once: one write retries, the fee is charged once", async () => {
    const gate = commitGate(memoryStore());
    const { service } = setup(gate.store);
    const { requestId, ids } = await openRequest(service, [
      line("TEE-BLK", "EXCHANGE"),
      line("CAP-RED", "EXCHANGE"),
    ]);
    expect((await sharesOf(service, requestId)).total).toBe(0);

    // Both writes work out the shares from the same versions before either commits.
    gate.hold(2);
    await Promise.all(
      [ids["TEE-BLK"], ids["CAP-RED"]].map((id) =>
        service.updateDraft(id, { resolution: "REFUND" }, asCustomer),
      ),
    );

    expect(await sharesOf(service, requestId)).toEqual({
      shares: { "TEE-BLK": 396, "CAP-RED": 99 },
      total: 495,
    });
  });
});

/**
 * A store whose next `count` commits wait for one another, so that concurrent writes have
 * each read what they commit from before any of them lands; later commits pass straight on.
 */
function commitGate(inner: ReturnsStore) {
  let holding = 0;
  let waiting: Array<() => void> = [];
  const pass = (): Promise<void> => {
    if (holding === 0) return Promise.resolve();
    return new Promise((resolve) => {
      waiting.push(resolve);
      if (waiting.length < holding) return;
      const released = waiting;
      waiting = [];
      holding = 0;
      for (const release of released) release();
    });
  };
  const store = new Proxy(inner, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "commit" && property !== "commitMany") {
        return typeof value === "function" ? value.bind(target) : value;
      }
      return async (commit: never) => {
        await pass();
        return (value as (commit: never) => Promise<unknown>).call(target, commit);
      };
    },
  });
  return {
    store,
    hold(count: number) {
      holding = count;
    },
  };
}
