/**
 * @module testing/cases/erasure — a customer's erasure on the store under test. The customer's
 * returns are made through the service in every state, with notes, keys, their order's name,
 * email and address, a return request (whose events are about the customer), and deliveries
 * pending and dead (one dead with an error quoting them); another customer gets the same.
 * After the job, a scan of everything the store holds (`dump`) finds none of the customer's
 * personal strings; states, amounts and lines are unchanged; every row that is not theirs is
 * as it was.
 */
import {
  createReturnsService,
  inMemoryOrders,
  type OperationContext,
  type OrderInput,
  type ReturnsStore,
} from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { iso, makeEndpoint, T0 } from "../fixtures";
import type { StoreSubject } from "../subject";

const DAY = 86_400_000;
const staff: OperationContext = {
  principal: {
    kind: "merchant",
    id: "staff-1",
    scopes: ["merchant:returns.read", "merchant:returns.write"],
  },
};

/** A customer's order, with the personal data an order carries. */
function orderOf(
  customer: string,
  id: string,
  who: { name: string; email: string; street: string },
) {
  return {
    id,
    customer_id: customer,
    customer: { name: who.name, email: who.email, postcode: "10115" },
    shipping_address: {
      name: who.name,
      street1: who.street,
      city: "Berlin",
      postal_code: "10115",
      country: "DE",
      email: who.email,
    },
    placed_at: iso(T0 - 5 * DAY),
    currency: "EUR",
    lines: ["TEE", "CAP", "SOCKS", "SCARF", "BELT", "HAT"].map((sku) => ({
      sku,
      quantity: 6,
      unit_price: 2_000,
    })),
  } satisfies OrderInput;
}

const ERASED = {
  id: "cust-erase-me-4711",
  order: "ord_5001",
  name: "Alice Erasable",
  email: "alice.erasable@example.com",
  street: "12 Secret Lane",
  note: "please call Alice on her mobile",
};
const KEPT = {
  id: "cust-keep-me-0815",
  order: "ord_5002",
  name: "Bob Staying",
  email: "bob.staying@example.com",
  street: "7 Open Road",
  note: "Bob's own words",
};

/** Drives `who`'s returns through the service: every state, keys, a request, staff notes. */
async function seedCustomer(service: ReturnType<typeof createReturnsService>, who: typeof ERASED) {
  const { order } = who;
  let key = 0;
  const as = (ctx: OperationContext) => ({ ...ctx, idempotencyKey: `${who.id}-${++key}` });
  const me = as({ principal: { kind: "portal", id: who.id, scopes: ["portal:returns.write"] } });
  const line = (sku: string) => ({
    order_id: order,
    line: { sku, quantity: 1 },
    reason: "CHANGED_MIND",
    resolution: "REFUND" as const,
  });
  const draft = await service.createReturn(line("TEE"), as(me));
  const cancelled = await service.createReturn(line("CAP"), as(me));
  await service.cancel(cancelled.record.id, { note: who.note }, as(me));
  const closed = await service.createReturn(line("SOCKS"), as(me));
  await service.submit(closed.record.id, { note: who.note }, as(me));
  for (const step of ["approve", "ship", "receive", "grade", "close"] as const)
    await service.advance(
      closed.record.id,
      step,
      { note: `staff: ${who.name} ${step}` },
      as(staff),
    );
  // One return left in each state on the way: approved, rejected, in transit, received, graded.
  const stops = [["approve"], ["reject"], ["approve", "ship"], ["approve", "ship", "receive"]];
  for (const steps of [...stops, ["approve", "ship", "receive", "grade"]] as const) {
    const one = await service.createReturn(line("HAT"), as(me));
    await service.submit(one.record.id, {}, as(me));
    for (const step of steps)
      await service.advance(one.record.id, step, { note: `${who.name}: ${step}` }, as(staff));
  }
  const request = await service.createReturnRequest(
    {
      order_id: order,
      lines: ["SCARF", "BELT"].map((sku) => ({
        line: { sku },
        quantity: 1,
        reason: "CHANGED_MIND",
        resolution: "REFUND",
      })),
    },
    as(me),
  );
  await service.submitReturnRequest(request.request.id, {}, as(me));
  return [draft.record.id, cancelled.record.id, closed.record.id];
}

/** For each customer, one delivery dead with an error that quotes them and one retried. */
async function failDeliveries(store: ReturnsStore, customers: readonly (typeof ERASED)[]) {
  // One claim: it leases the head of every queue, so each customer's are among them.
  const claimed = await store.claimDeliveries({
    dispatcherId: "d1",
    now: T0 + DAY,
    limit: 100,
    leaseMs: 60_000,
  });
  const at = iso(T0 + DAY);
  for (const who of customers) {
    const theirs = claimed.filter((one) => JSON.stringify(one.event).includes(who.id));
    expect(theirs.length).toBeGreaterThanOrEqual(2);
    await store.recordDeliveryAttempt({
      deliveryId: theirs[0]!.delivery.id,
      dispatcherId: "d1",
      attempt: {
        at,
        status: 422,
        error: `receiver said: ${who.email} unknown; ${who.note}`,
        duration_ms: 5,
      },
      outcome: { kind: "dead" },
    });
    await store.recordDeliveryAttempt({
      deliveryId: theirs[1]!.delivery.id,
      dispatcherId: "d1",
      attempt: {
        at,
        status: null,
        error: `timeout talking about ${who.name}`,
        duration_ms: 15_000,
      },
      outcome: { kind: "retry", next_attempt_at: T0 + 2 * DAY },
    });
  }
}

export function describeErasure(
  subject: StoreSubject,
  dump?: (store: ReturnsStore) => Promise<string[]>,
): void {
  describe.skipIf(!dump)("erasure", () => {
    it("eraseCustomer - nothing personal of theirs is left anywhere; counts and other customers stay", async () => {
      const { store } = subject;
      await store.saveEndpoint(makeEndpoint());
      const service = createReturnsService({
        store,
        clock: () => T0,
        orders: {
          source: inMemoryOrders([
            orderOf(ERASED.id, ERASED.order, ERASED),
            orderOf(KEPT.id, KEPT.order, KEPT),
          ]),
          returnWindowDays: 30,
        },
        retention: { intervalMs: 0 },
      });
      await seedCustomer(service, ERASED);
      await seedCustomer(service, KEPT);
      await failDeliveries(store, [ERASED, KEPT]);
      const personal = [ERASED.id, ERASED.name, ERASED.email, ERASED.street, ERASED.note];
      const mine = (await store.listReturns({ customer_id: ERASED.id, limit: 100 })).data;
      expect(new Set(mine.map((one) => one.record.state))).toEqual(
        new Set([
          "draft",
          "cancelled",
          "closed",
          "submitted",
          "approved",
          "rejected",
          "in_transit",
          "received",
          "graded",
        ]),
      );
      const isMine = (row: string) =>
        [...personal, ...mine.map((one) => one.record.id), "customer.erased", "erased_"].some((m) =>
          row.includes(m),
        );
      const all = await dump!(store);
      for (const text of personal) expect(all.some((row) => row.includes(text))).toBe(true);
      const others = all.filter((row) => !isMine(row));
      const fit = await store.fitInsights({});

      expect(
        await service.eraseCustomer(ERASED.id, { reason: "customers/redact" }, staff),
      ).toMatchObject({
        status: "pending",
      });
      await service.scheduler.fireDue();

      const after = await dump!(store);
      for (const text of personal) expect(after.filter((row) => row.includes(text))).toEqual([]);
      expect(after.filter((row) => !isMine(row))).toEqual(others);
      expect(await store.fitInsights({})).toEqual(fit);
      for (const before of mine) {
        const now = (await store.getReturn(before.record.id))!.record;
        expect([now.state, now.refund, now.line, now.order_id]).toEqual([
          before.record.state,
          before.record.refund,
          before.record.line,
          before.record.order_id,
        ]);
        expect(now.history.at(-1)).toMatchObject({ event: "erase", actor: { kind: "privacy" } });
      }
      expect(await service.getErasure("customer", ERASED.id, staff)).toMatchObject({
        status: "completed",
      });
      // Asked again: nothing left to erase, and no second `customer.erased`.
      await service.eraseCustomer(ERASED.id, { reason: "again" }, staff);
      await service.scheduler.fireDue();
      expect(await dump!(store)).toEqual(after);
    });
  });
}
