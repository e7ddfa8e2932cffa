/**
 * @module testing/cases/exchange-offers — exchanges for what the shop offers, priced by it: the
 * offers in the returnable view, the difference each way, netted over a request, the exchange
 * bonus, an item unavailable at create or at approval (refused, or store credit), and returns
 * stored before exchange offers read as like-for-like exchanges.
 */

import type { ReturnsServiceOptions } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { makeOutboxEvent, makeStoredReturn, T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { exchangeCatalogue, ORDER, orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const RETURNS = "/v1/portal/returns";
const REQUESTS = "/v1/portal/return-requests";

/** A return of one tee (€25.00 paid) exchanged for `sku`. */
const teeFor = (sku: string, quantity = 1) =>
  returnOf(
    { ...TEE_M, quantity },
    { reason: "TOO_SMALL_AT_CHEST", resolution: "EXCHANGE", exchange_for: { sku } },
  );

/** An exchange as created: standard, nothing paid, released, ordered or held. */
const UNRELEASED = {
  mode: "standard",
  status: "pending",
  payment: null,
  payment_due_at: null,
  released_at: null,
  order_id: null,
  hold: null,
};

export function describeExchangeOffers(serve: ServeService): void {
  const withOffers = (
    catalogue = exchangeCatalogue(),
    more: Partial<ReturnsServiceOptions> & Record<string, unknown> = {},
  ) =>
    serve({
      orders: { source: orderBook() },
      clock: () => T0,
      exchanges: { offers: catalogue.offers },
      ...more,
    });

  describe("exchanges for what the shop offers", () => {
    it("exchange - the returnable view offers each line's items with their price and stock; EXCHANGE only where one is available", async () => {
      const catalogue = exchangeCatalogue();
      const { send } = await withOffers(catalogue);
      const view = await send("GET", `/v1/portal/orders/${ORDER.id}/returnable`);
      expect(view.status, view.text).toBe(200);
      const [tee, cap] = view.json.lines;
      expect(
        tee.exchange_offers.map((o: { sku: string; unit_price: number; available: boolean }) => [
          o.sku,
          o.unit_price,
          o.available,
        ]),
      ).toEqual([
        ["TEE-BLK-L", 2_500, true],
        ["TEE-PREMIUM-L", 3_200, true],
        ["TEE-BASIC-L", 1_800, true],
        ["TEE-BLK-XL", 2_500, false],
      ]);
      expect(cap.resolutions).toContain("EXCHANGE");

      catalogue.restock("CAP-BLUE", false);
      const later = await send("GET", `/v1/portal/orders/${ORDER.id}/returnable`);
      expect(later.json.lines[1].resolutions).toEqual(["REFUND", "STORE_CREDIT"]);
    });

    it("exchange - a dearer item: the customer pays the difference and the refund is 0, on its events too", async () => {
      const { send, store } = await withOffers();
      const created = await send("POST", RETURNS, { body: teeFor("TEE-PREMIUM-L", 2) });
      expect(created.status, created.text).toBe(201);
      expect(created.json.exchange).toEqual({
        kind: "offer",
        lines: [
          {
            sku: "TEE-PREMIUM-L",
            title: "Heavyweight tee",
            variant_title: "Black / L",
            image_url: null,
            quantity: 2,
            unit_price: 3_200,
          },
        ],
        // 2 × 32.00 − 2 × 25.00
        difference: { amount: 1_400, direction: "customer_pays" },
        bonus_credit: null,
        ...UNRELEASED,
      });
      expect(created.json.refund).toMatchObject({ total: 0, item_amount: 0, method: "exchange" });
      // Every event carries the return, and so its exchange with the difference.
      const [event] = await store.listEvents(created.json.id);
      const payload = event?.payload as unknown as { data: { return: { exchange: unknown } } };
      expect(payload.data.return.exchange).toEqual(created.json.exchange);
    });

    it("exchange - a cheaper item: the shop refunds the difference as the return's refund", async () => {
      const { send } = await withOffers();
      const created = await send("POST", RETURNS, { body: teeFor("TEE-BASIC-L") });
      expect(created.status, created.text).toBe(201);
      expect(created.json.exchange.difference).toEqual({ amount: 700, direction: "shop_refunds" });
      expect(created.json.refund).toMatchObject({
        item_amount: 700,
        restocking_fee: 0,
        return_shipping_fee: 0,
        total: 700,
        method: "exchange",
        status: "estimate",
      });
    });

    it("exchange - a request nets its exchanges into one payment or one refund, in its estimate and its create answer", async () => {
      const { send } = await withOffers();
      const body = {
        order_id: ORDER.id,
        lines: [
          // 25.00 paid, 18.00 taken: the shop owes 7.00.
          {
            line: TEE_M,
            reason: "TOO_SMALL_AT_CHEST",
            resolution: "EXCHANGE",
            exchange_for: { sku: "TEE-BASIC-L" },
          },
          // 15.00 paid, 19.00 taken: the customer owes 4.00.
          {
            line: { sku: "CAP-RED" },
            reason: "CHANGED_MIND",
            resolution: "EXCHANGE",
            exchange_for: { sku: "CAP-BLUE" },
          },
        ],
      };
      const estimate = await send("POST", `${REQUESTS}/estimate`, { body });
      expect(estimate.status, estimate.text).toBe(200);
      expect(
        estimate.json.lines.map(
          (line: { exchange: { difference: unknown } }) => line.exchange.difference,
        ),
      ).toEqual([
        { amount: 700, direction: "shop_refunds" },
        { amount: 400, direction: "customer_pays" },
      ]);
      expect(estimate.json.exchange_difference).toEqual({ amount: 300, direction: "shop_refunds" });

      const created = await send("POST", REQUESTS, { body });
      expect(created.status, created.text).toBe(201);
      expect(created.json.exchange_difference).toEqual({ amount: 300, direction: "shop_refunds" });
      const read = await send("GET", `${REQUESTS}/${created.json.id}`);
      expect(read.json.exchange_difference).toEqual({ amount: 300, direction: "shop_refunds" });
    });

    it("exchange - a flat bonus lowers what the customer pays, at most to nothing", async () => {
      const { send } = await withOffers(exchangeCatalogue(), {
        policy: { refund: { exchange_bonus: { flat: { EUR: 500 } } } },
      });
      const dearer = await send("POST", RETURNS, { body: teeFor("TEE-PREMIUM-L") });
      expect(dearer.json.exchange).toMatchObject({
        difference: { amount: 200, direction: "customer_pays" },
        bonus_credit: 500,
      });
      const cheaper = await send("POST", RETURNS, { body: teeFor("TEE-BASIC-L") });
      expect(cheaper.json.exchange).toMatchObject({
        difference: { amount: 700, direction: "shop_refunds" },
        bonus_credit: 0,
      });
      const policy = await send("GET", "/v1/return-policy");
      expect(policy.json.fees.exchange_bonus).toEqual({
        flat: { EUR: 500 },
        currency_exponents: { EUR: 2 },
      });
    });

    it("exchange - a percent bonus is a percent of the returned value, rounded half up", async () => {
      const { send } = await withOffers(exchangeCatalogue(), {
        policy: { refund: { exchange_bonus: { percent: 12.5 } } },
      });
      const dearer = await send("POST", RETURNS, { body: teeFor("TEE-PREMIUM-L", 2) });
      // 12.5 % of 50.00 is 6.25; 14.00 − 6.25 = 7.75.
      expect(dearer.json.exchange).toMatchObject({
        difference: { amount: 775, direction: "customer_pays" },
        bonus_credit: 625,
      });
      const policy = await send("GET", "/v1/return-policy");
      expect(policy.json.fees.exchange_bonus).toEqual({ percent: 12.5 });
    });

    it("exchange - an item out of stock at create is a 422 naming the line, and nothing is written", async () => {
      const { send, store } = await withOffers();
      const refused = await send("POST", RETURNS, { body: teeFor("TEE-BLK-XL") });
      expect(refused.status).toBe(422);
      expect(refused.json).toMatchObject({
        type: `${PROBLEM}exchange-unavailable`,
        order_id: ORDER.id,
        sku: "TEE-BLK",
        size: "M",
        exchange_for: "TEE-BLK-XL",
        offers: ["TEE-BLK-L", "TEE-PREMIUM-L", "TEE-BASIC-L"],
      });
      const request = await send("POST", REQUESTS, {
        body: {
          order_id: ORDER.id,
          lines: [
            { line: { sku: "CAP-RED" }, reason: "CHANGED_MIND", resolution: "REFUND" },
            {
              line: TEE_M,
              reason: "TOO_SMALL_AT_CHEST",
              resolution: "EXCHANGE",
              exchange_for: { sku: "TEE-BLK-XL" },
            },
          ],
        },
      });
      expect(request.status).toBe(422);
      expect(request.json.lines).toMatchObject([
        { index: 1, type: `${PROBLEM}exchange-unavailable` },
      ]);
      expect((await store.listReturns({ limit: 10 })).data).toEqual([]);
    });

    it("exchange - with whenUnavailable store_credit, an item out of stock at create makes the line store credit", async () => {
      const catalogue = exchangeCatalogue();
      const { send } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchanges: { offers: catalogue.offers, whenUnavailable: "store_credit" },
      });
      const created = await send("POST", RETURNS, { body: teeFor("TEE-BLK-XL") });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ resolution: "STORE_CREDIT", exchange: null });
      expect(created.json.refund).toMatchObject({ total: 2_500, method: "store_credit" });
      // Never offered for the line: refused even so.
      const never = await send("POST", RETURNS, { body: teeFor("CAP-BLUE") });
      expect(never.json).toMatchObject({ type: `${PROBLEM}exchange-not-offered` });
    });

    it("exchange - approval asks again: an item gone is a 409 naming the line, and the return stays submitted", async () => {
      const catalogue = exchangeCatalogue();
      const { create, event } = await withOffers(catalogue);
      const created = await create(teeFor("TEE-PREMIUM-L"));
      expect((await event(created.id, "submit")).status).toBe(200);
      catalogue.restock("TEE-PREMIUM-L", false);
      const refused = await event(created.id, "approve");
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        type: `${PROBLEM}exchange-no-longer-available`,
        return_id: created.id,
        sku: "TEE-BLK",
        exchange_for: "TEE-PREMIUM-L",
      });
      catalogue.restock("TEE-PREMIUM-L", true);
      const approved = await event(created.id, "approve");
      expect(approved.status, approved.text).toBe(200);
      expect(approved.json.exchange.lines[0]).toMatchObject({
        sku: "TEE-PREMIUM-L",
        unit_price: 3_200,
      });
    });

    it("exchange - with whenUnavailable store_credit, an item gone at approval approves the return as store credit", async () => {
      const catalogue = exchangeCatalogue();
      const { create, event } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchanges: { offers: catalogue.offers, whenUnavailable: "store_credit" },
      });
      const created = await create(teeFor("TEE-BASIC-L"));
      expect(created.refund.total).toBe(700);
      await event(created.id, "submit");
      catalogue.restock("TEE-BASIC-L", false);
      const approved = await event(created.id, "approve");
      expect(approved.status, approved.text).toBe(200);
      expect(approved.json).toMatchObject({
        state: "approved",
        resolution: "STORE_CREDIT",
        exchange: null,
        refund: { total: 2_500, method: "store_credit" },
      });
    });

    it("exchange - an offer in another currency than the order's is the host's defect: a 502, nothing written", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
        exchanges: {
          offers: () => [{ sku: "TEE-BLK-L", unit_price: 2_500, currency: "USD", available: true }],
        },
        onError: () => {},
      });
      const refused = await send("POST", RETURNS, { body: teeFor("TEE-BLK-L") });
      expect(refused.status).toBe(502);
      expect(refused.json).toMatchObject({ type: `${PROBLEM}order-source-invalid` });
      expect((await store.listReturns({ limit: 10 })).data).toEqual([]);
    });

    it("exchange - a return stored with an exchange_size (before offers) reads as a like-for-like exchange and moves on", async () => {
      const { send, store, event } = await withOffers();
      const stored = makeStoredReturn({
        order_id: ORDER.id,
        line: { ...TEE_M, quantity: 1 },
        resolution: "EXCHANGE",
      });
      const { exchange: _exchange, ...older } = stored.record;
      const before = {
        ...stored,
        record: { ...older, exchange_size: "L" },
      } as unknown as typeof stored;
      const committed = await store.commit({
        next: before,
        expectedVersion: null,
        events: [makeOutboxEvent(before)],
      });
      expect(committed.ok).toBe(true);
      const read = await send("GET", `${RETURNS}/${stored.record.id}`);
      expect(read.status, read.text).toBe(200);
      expect(read.json).not.toHaveProperty("exchange_size");
      expect(read.json.exchange).toEqual({
        kind: "like_for_like",
        lines: [
          {
            sku: stored.record.line.sku,
            title: null,
            variant_title: "L",
            image_url: null,
            quantity: 1,
            unit_price: null,
          },
        ],
        difference: null,
        bonus_credit: null,
        ...UNRELEASED,
      });
      const submitted = await event(stored.record.id, "submit");
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.json).toMatchObject({
        resolution: "EXCHANGE",
        exchange: { kind: "like_for_like" },
      });
    });
  });
}
