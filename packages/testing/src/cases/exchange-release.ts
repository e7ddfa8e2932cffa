/**
 * @module testing/cases/exchange-release — when an exchange's new items go out, on every
 * store: a standard exchange at receipt, one whose customer pays the difference once paid
 * (before or after receipt), a payment window that lapses into the shop's `whenUnpaid`
 * resolution (fired by the scheduler once the clock passes the deadline), an instant exchange
 * at approval with its hold falling due or released, rejected and cancelled returns never
 * released, and the payment and the exchange order recorded once.
 */

import type { ReturnsServiceOptions } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { mountSuiteService, type ServeService, type SuiteClient } from "../http-client";
import {
  exchangeCatalogue,
  movableClock,
  ORDER,
  orderBook,
  returnOf,
  TEE_M,
} from "../order-fixtures";
import type { StoreSubject } from "../subject";
import { fetchHandler } from "./orders";

const DAY = 86_400_000;
const RETURNS = "/v1/portal/returns";
const PROBLEM = "urn:returnkit:problem:";

/** A return of one tee (€25.00 paid) exchanged for `sku`. */
const teeFor = (sku: string) =>
  returnOf(TEE_M, { reason: "TOO_SMALL_AT_CHEST", resolution: "EXCHANGE", exchange_for: { sku } });

/** The premium tee costs €32.00: the customer pays €7.00. */
const DEARER = "TEE-PREMIUM-L";
/** The basic tee costs €18.00: the shop refunds €7.00. */
const CHEAPER = "TEE-BASIC-L";

type Exchanges = Partial<NonNullable<ReturnsServiceOptions["exchanges"]>>;

/** The event types of return `id`'s outbox, in order. */
async function eventTypes(client: SuiteClient, id: string): Promise<string[]> {
  return (await client.store.listEvents(id)).map((event) => event.type);
}

const count = (types: string[], type: string) => types.filter((one) => one === type).length;

/**
 * The cases on the store under test: each release, payment and firing commits the exchange's
 * events and timers with the return's version, which is the store's to keep together.
 */
export function describeExchangeRelease(subject: StoreSubject): void {
  describeReleaseRules((options = {}) =>
    mountSuiteService(fetchHandler, {
      ...options,
      store: subject.store,
      retention: { intervalMs: 0 },
    }),
  );
}

function describeReleaseRules(serve: ServeService): void {
  async function setup(exchanges: Exchanges = {}, more: Partial<ReturnsServiceOptions> = {}) {
    const clock = movableClock();
    const catalogue = exchangeCatalogue();
    const client = await serve({
      orders: { source: orderBook() },
      clock: clock.now,
      exchanges: { offers: catalogue.offers, ...exchanges },
      ...more,
    });
    /** A submitted exchange of the tee for `sku`. */
    const submitted = async (sku: string) => {
      const created = await client.send("POST", RETURNS, { body: teeFor(sku) });
      expect(created.status, created.text).toBe(201);
      const res = await client.event(created.json.id, "submit");
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    const step = async (id: string, event: string, body?: unknown) => {
      const res = await client.event(id, event, body);
      expect(res.status, res.text).toBe(200);
      return res.json;
    };
    const pay = (id: string, body: unknown, key?: string) =>
      client.send("POST", `/v1/merchant/returns/${id}/exchange-payments`, {
        body,
        token: client.merchant,
        ...(key ? { key } : {}),
      });
    const order = (id: string, body: unknown) =>
      client.send("POST", `/v1/merchant/returns/${id}/exchange-order`, {
        body,
        token: client.merchant,
      });
    return { client, clock, submitted, step, pay, order };
  }

  describe("exchange release", () => {
    it("exchange release - a cheaper item goes out at receipt, with the shop's difference", async () => {
      const { client, submitted, step } = await setup();
      const { id } = await submitted(CHEAPER);
      const approved = await step(id, "approve");
      expect(approved.exchange).toMatchObject({ mode: "standard", status: "pending" });
      await step(id, "ship");
      const received = await step(id, "receive");
      expect(received.exchange).toMatchObject({
        status: "released",
        released_at: received.updated_at,
        difference: { amount: 700, direction: "shop_refunds" },
        hold: null,
      });
      const events = await client.store.listEvents(id);
      const released = events.filter((event) => event.type === "return.exchange_released");
      expect(released).toHaveLength(1);
      expect(released[0]?.payload.data).toMatchObject({
        lines: [{ sku: CHEAPER, quantity: 1, unit_price: 1_800 }],
        difference: { amount: 700, direction: "shop_refunds" },
        hold: null,
      });
      // After the receipt's own events, in the return's queue.
      const types = events.map((event) => event.type);
      expect(types.indexOf("return.exchange_released")).toBeGreaterThan(
        types.indexOf("return.received"),
      );
    });

    it("exchange release - a dearer item is awaited at approval, paid before receipt, released at receipt", async () => {
      const { client, submitted, step, pay } = await setup();
      const { id } = await submitted(DEARER);
      const approved = await step(id, "approve");
      expect(approved.exchange).toMatchObject({
        status: "awaiting_payment",
        payment_due_at: new Date(T0 + 7 * DAY).toISOString(),
        difference: { amount: 700, direction: "customer_pays" },
      });
      expect(approved._templates.record_exchange_payment).toBeDefined();
      expect(await client.store.listTimers(id)).toEqual([
        { return_id: id, name: "exchange_payment_due", due_at: T0 + 7 * DAY },
      ]);
      const paid = await pay(id, { amount: 700, reference: "pi_1" });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.json.exchange).toMatchObject({
        status: "pending",
        payment: { amount: 700, currency: "EUR", reference: "pi_1" },
      });
      expect(paid.json._templates.record_exchange_payment).toBeUndefined();
      expect(await client.store.listTimers(id)).toEqual([]);
      await step(id, "ship");
      const received = await step(id, "receive");
      expect(received.exchange.status).toBe("released");
      const types = await eventTypes(client, id);
      expect(count(types, "return.exchange_paid")).toBe(1);
      expect(count(types, "return.exchange_released")).toBe(1);
    });

    it("exchange release - paid after receipt, the exchange goes out at the payment", async () => {
      const { client, submitted, step, pay } = await setup();
      const { id } = await submitted(DEARER);
      await step(id, "approve");
      await step(id, "ship");
      const received = await step(id, "receive");
      expect(received.exchange.status).toBe("awaiting_payment");
      const paid = await pay(id, { amount: 700, reference: "pi_1" });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.json.exchange).toMatchObject({
        status: "released",
        released_at: paid.json.updated_at,
      });
      const types = await eventTypes(client, id);
      expect(types.slice(-2)).toEqual(["return.exchange_paid", "return.exchange_released"]);
    });

    it("exchange release - the exchange bonus is kept through the payment and the release", async () => {
      const policy = { refund: { exchange_bonus: { flat: { EUR: 500 } } } };
      const { submitted, step, pay } = await setup({}, { policy });
      const { id } = await submitted(DEARER);
      const approved = await step(id, "approve");
      expect(approved.exchange).toMatchObject({
        difference: { amount: 200, direction: "customer_pays" },
        bonus_credit: 500,
      });
      const paid = await pay(id, { amount: 200, reference: "pi_1" });
      expect(paid.status, paid.text).toBe(200);
      await step(id, "ship");
      const received = await step(id, "receive");
      expect(received.exchange).toMatchObject({
        status: "released",
        difference: { amount: 200, direction: "customer_pays" },
        bonus_credit: 500,
      });
    });

    it("exchange release - a payment window that lapses falls back to store credit, once", async () => {
      const { client, clock, submitted, step, pay } = await setup();
      const { id } = await submitted(DEARER);
      await step(id, "approve");
      clock.set(T0 + 7 * DAY - 1);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      clock.set(T0 + 7 * DAY + 1);
      expect(await client.service.scheduler.fireDue()).toBe(1);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      const read = await client.send("GET", `/v1/merchant/returns/${id}`, {
        token: client.merchant,
      });
      expect(read.json).toMatchObject({
        resolution: "STORE_CREDIT",
        exchange: { status: "fallen_back" },
        refund: { method: "store_credit", total: 2_500 },
      });
      const types = await eventTypes(client, id);
      expect(count(types, "return.exchange_fallen_back")).toBe(1);
      const events = await client.store.listEvents(id);
      const fallen = events.find((event) => event.type === "return.exchange_fallen_back");
      expect(fallen?.payload.data).toMatchObject({ resolution: "STORE_CREDIT" });
      const late = await pay(id, { amount: 700, reference: "pi_late" });
      expect(late.status).toBe(409);
      expect(late.json.type).toBe(`${PROBLEM}exchange-payment-not-expected`);
      await step(id, "ship");
      await step(id, "receive");
      expect(count(await eventTypes(client, id), "return.exchange_released")).toBe(0);
    });

    it("exchange release - whenUnpaid refund makes the lapsed exchange a refund", async () => {
      const { client, clock, submitted, step } = await setup({
        whenUnpaid: "refund",
        paymentDays: 2,
      });
      const { id } = await submitted(DEARER);
      await step(id, "approve");
      clock.set(T0 + 2 * DAY);
      expect(await client.service.scheduler.fireDue()).toBe(1);
      const read = await client.send("GET", `/v1/merchant/returns/${id}`, {
        token: client.merchant,
      });
      expect(read.json).toMatchObject({
        resolution: "REFUND",
        refund: { method: "original_payment", total: 2_500 },
      });
    });

    it("exchange release - an instant exchange goes out at approval; its hold falls due once when not shipped", async () => {
      const { client, clock, submitted, step } = await setup({ instant: { holdDays: 14 } });
      const { id } = await submitted(CHEAPER);
      const approved = await step(id, "approve");
      const due_at = new Date(T0 + 14 * DAY).toISOString();
      expect(approved.exchange).toMatchObject({
        mode: "instant",
        status: "released",
        hold: { amount: 2_500, currency: "EUR", due_at, status: "held" },
      });
      expect(approved._templates.record_exchange_order).toBeDefined();
      clock.set(T0 + 14 * DAY + 1);
      expect(await client.service.scheduler.fireDue()).toBe(1);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      const types = await eventTypes(client, id);
      expect(count(types, "return.exchange_released")).toBe(1);
      expect(count(types, "return.exchange_hold_due")).toBe(1);
      const read = await client.send("GET", `/v1/merchant/returns/${id}`, {
        token: client.merchant,
      });
      expect(read.json.exchange.hold.status).toBe("due");
    });

    it("exchange release - an instant exchange's hold is released on receipt, and never falls due", async () => {
      const { client, clock, submitted, step } = await setup({ instant: { holdDays: 14 } });
      const { id } = await submitted(CHEAPER);
      await step(id, "approve");
      await step(id, "ship");
      const received = await step(id, "receive");
      expect(received.exchange.hold.status).toBe("released");
      expect(await client.store.listTimers(id)).toEqual([]);
      clock.set(T0 + 30 * DAY);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      const types = await eventTypes(client, id);
      expect(count(types, "return.exchange_hold_released")).toBe(1);
      expect(count(types, "return.exchange_hold_due")).toBe(0);
    });

    it("exchange release - shipped before the deadline, the hold's timer finds nothing to do", async () => {
      const { client, clock, submitted, step } = await setup({ instant: { holdDays: 14 } });
      const { id } = await submitted(CHEAPER);
      await step(id, "approve");
      await step(id, "ship");
      clock.set(T0 + 15 * DAY);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      expect(await client.store.listTimers(id)).toEqual([]);
      expect(count(await eventTypes(client, id), "return.exchange_hold_due")).toBe(0);
    });

    it("exchange release - a cancelled instant exchange's hold falls due at once", async () => {
      const { client, submitted, step } = await setup({ instant: { holdDays: 14 } });
      const { id } = await submitted(CHEAPER);
      await step(id, "approve");
      const cancelled = await client.event(id, "cancel");
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.exchange.hold.status).toBe("due");
      expect(await client.store.listTimers(id)).toEqual([]);
      expect(count(await eventTypes(client, id), "return.exchange_hold_due")).toBe(1);
    });

    it("exchange release - a rejected or cancelled return is withdrawn and never released", async () => {
      const { client, clock, submitted, step, pay } = await setup();
      const rejected = await submitted(CHEAPER);
      await step(rejected.id, "flag", { note: "photos" });
      const refused = await step(rejected.id, "reject", { note: "worn" });
      expect(refused.exchange.status).toBe("withdrawn");
      const awaiting = await submitted(DEARER);
      await step(awaiting.id, "approve");
      const cancelled = await client.event(awaiting.id, "cancel");
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.exchange.status).toBe("withdrawn");
      expect(await client.store.listTimers(awaiting.id)).toEqual([]);
      const late = await pay(awaiting.id, { amount: 700, reference: "pi_1" });
      expect(late.status).toBe(409);
      clock.set(T0 + 30 * DAY);
      expect(await client.service.scheduler.fireDue()).toBe(0);
      for (const id of [rejected.id, awaiting.id]) {
        expect(count(await eventTypes(client, id), "return.exchange_released")).toBe(0);
      }
    });

    it("exchange release - a request submitted and auto-approved releases its instant exchange and awaits the other's payment", async () => {
      const { client } = await setup(
        { instant: { holdDays: 14 } },
        { policy: { autoApprove: () => true } },
      );
      const body = {
        order_id: ORDER.id,
        lines: [
          {
            line: TEE_M,
            reason: "TOO_SMALL_AT_CHEST",
            resolution: "EXCHANGE",
            exchange_for: { sku: CHEAPER },
          },
          {
            line: { sku: "CAP-RED" },
            reason: "CHANGED_MIND",
            resolution: "EXCHANGE",
            exchange_for: { sku: "CAP-BLUE" },
          },
        ],
      };
      const created = await client.send("POST", "/v1/portal/return-requests", { body });
      expect(created.status, created.text).toBe(201);
      const submitted = await client.send(
        "POST",
        `/v1/portal/return-requests/${created.json.id}/submit`,
        { body: {} },
      );
      expect(submitted.status, submitted.text).toBe(200);
      const [tee, cap] = submitted.json.returns;
      expect(tee).toMatchObject({ state: "approved", exchange: { status: "released" } });
      expect(cap).toMatchObject({
        state: "approved",
        exchange: { status: "awaiting_payment", difference: { amount: 400 } },
      });
      expect(count(await eventTypes(client, tee.id), "return.exchange_released")).toBe(1);
      expect((await client.store.listTimers(tee.id)).map((timer) => timer.name)).toEqual([
        "exchange_hold_due",
      ]);
      expect((await client.store.listTimers(cap.id)).map((timer) => timer.name)).toEqual([
        "exchange_payment_due",
      ]);
    });

    it("exchange release - the payment and the exchange order are recorded once", async () => {
      const { client, submitted, step, pay, order } = await setup({ instant: { holdDays: 14 } });
      const { id } = await submitted(DEARER);
      await step(id, "approve");
      const first = await pay(id, { amount: 700, reference: "pi_1" });
      expect(first.status, first.text).toBe(200);
      expect(first.json.exchange.status).toBe("released");
      const again = await pay(id, { amount: 700, reference: "pi_1" });
      expect(again.status, again.text).toBe(200);
      expect(again.json.version).toBe(first.json.version);
      const other = await pay(id, { amount: 700, reference: "pi_2" });
      expect(other.status).toBe(409);
      expect(other.json.type).toBe(`${PROBLEM}exchange-payment-conflict`);
      const ordered = await order(id, { order_id: "ord_x1" });
      expect(ordered.status, ordered.text).toBe(200);
      expect(ordered.json.exchange.order_id).toBe("ord_x1");
      expect(ordered.json._templates.record_exchange_order).toBeUndefined();
      const orderedAgain = await order(id, { order_id: "ord_x1" });
      expect(orderedAgain.json.version).toBe(ordered.json.version);
      const otherOrder = await order(id, { order_id: "ord_x2" });
      expect(otherOrder.status).toBe(409);
      expect(otherOrder.json.type).toBe(`${PROBLEM}exchange-order-conflict`);
      const types = await eventTypes(client, id);
      expect(count(types, "return.exchange_paid")).toBe(1);
      expect(count(types, "return.exchange_released")).toBe(1);
      expect(count(types, "return.exchange_order_recorded")).toBe(1);
      const events = await client.store.listEvents(id);
      const recorded = events.find((event) => event.type === "return.exchange_order_recorded");
      expect(recorded?.payload.data).toMatchObject({ order_id: "ord_x1" });
    });
  });
}
