/**
 * @module testing/http-cases/exchange-actions — the exchange's two back-office writes over
 * HTTP: the customer's payment of the difference (`POST …/exchange-payments`, offered as
 * `record_exchange_payment` while it is awaited) and the order that sends the new items
 * (`POST …/exchange-order`, offered as `record_exchange_order` once released). Their refusals
 * are problems that change nothing.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService, SuiteClient } from "../http-client";
import { exchangeCatalogue, orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
const MEDIA = "application/problem+json";

/** An approved return of one tee (€25.00) exchanged for the premium tee (€32.00): €7.00 owed. */
async function awaitingPayment(serve: ServeService) {
  const client = await serve({
    orders: { source: orderBook() },
    clock: () => T0,
    exchanges: { offers: exchangeCatalogue().offers },
  });
  const body = returnOf(TEE_M, {
    reason: "TOO_SMALL_AT_CHEST",
    resolution: "EXCHANGE",
    exchange_for: { sku: "TEE-PREMIUM-L" },
  });
  const res = await client.send("POST", "/v1/portal/returns", { body });
  expect(res.status, res.text).toBe(201);
  const id: string = res.json.id;
  for (const step of ["submit", "approve"]) {
    expect((await client.event(id, step)).status).toBe(200);
  }
  return { client, id };
}

const write = (client: SuiteClient, id: string, path: string, body: unknown, token?: string) =>
  client.send("POST", `/v1/merchant/returns/${id}/${path}`, {
    body,
    token: token ?? client.merchant,
  });

/** The return as the back office reads it, and its outbox's event types. */
async function state(client: SuiteClient, id: string) {
  const read = await client.send("GET", `/v1/merchant/returns/${id}`, { token: client.merchant });
  const events = await client.store.listEvents(id);
  return { record: read.json, types: events.map((event) => event.type) };
}

export function describeExchangeActionsOverHttp(serve: ServeService): void {
  describe("exchange payments and orders", () => {
    it("exchange payments - offered while awaited, with the amount owed; recorded once per reference", async () => {
      const { client, id } = await awaitingPayment(serve);
      const { record } = await state(client, id);
      expect(record._templates.record_exchange_payment).toMatchObject({
        method: "POST",
        target: `https://shop.example/v1/merchant/returns/${id}/exchange-payments`,
        properties: expect.arrayContaining([
          expect.objectContaining({ name: "amount", value: 700, min: 700, max: 700 }),
          expect.objectContaining({ name: "currency", value: "EUR", readOnly: true }),
          expect.objectContaining({ name: "reference", required: true }),
        ]),
      });
      expect(record._templates.record_exchange_order).toBeUndefined();
      const body = { amount: 700, currency: "EUR", reference: "pi_1" };
      const paid = await write(client, id, "exchange-payments", body);
      expect(paid.status, paid.text).toBe(200);
      expect(paid.headers.get("etag")).toBe(`"${paid.json.version}"`);
      expect(paid.json.exchange.payment).toMatchObject({ amount: 700, reference: "pi_1" });
      const again = await write(client, id, "exchange-payments", body);
      expect(again.status).toBe(200);
      expect(again.json.version).toBe(paid.json.version);
      const { types } = await state(client, id);
      expect(types.filter((type) => type === "return.exchange_paid")).toHaveLength(1);
    });

    it("exchange payments - bad input is a 400, another amount a 422, a customer a 403: nothing changes", async () => {
      const { client, id } = await awaitingPayment(serve);
      const before = await state(client, id);
      const missing = await write(client, id, "exchange-payments", { amount: 700 });
      const unknownField = await write(client, id, "exchange-payments", {
        amount: 700,
        reference: "pi_1",
        note: "x",
      });
      const fraction = await write(client, id, "exchange-payments", {
        amount: 6.5,
        reference: "pi_1",
      });
      const wrongAmount = await write(client, id, "exchange-payments", {
        amount: 600,
        reference: "pi_1",
      });
      const wrongCurrency = await write(client, id, "exchange-payments", {
        amount: 700,
        currency: "USD",
        reference: "pi_1",
      });
      const asCustomer = await write(
        client,
        id,
        "exchange-payments",
        { amount: 700, reference: "pi_1" },
        client.portal(),
      );
      for (const refused of [missing, unknownField, fraction]) {
        expect(refused.status).toBe(400);
        expect(refused.headers.get("content-type")).toContain(MEDIA);
      }
      expect(JSON.stringify(missing.json.errors)).toContain("reference");
      for (const refused of [wrongAmount, wrongCurrency]) {
        expect(refused.status).toBe(422);
        expect(refused.json).toMatchObject({
          type: `${PROBLEM}exchange-payment-mismatch`,
          amount: 700,
          currency: "EUR",
        });
      }
      expect(asCustomer.status).toBe(403);
      const after = await state(client, id);
      expect(after.record.version).toBe(before.record.version);
      expect(after.record.exchange).toEqual(before.record.exchange);
      expect(after.types).toEqual(before.types);
    });

    it("exchange payments - none awaited is a 409 naming why; an unknown return a 404", async () => {
      const client = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const res = await client.send("POST", "/v1/portal/returns", { body: returnOf(TEE_M) });
      const refund = await write(client, res.json.id, "exchange-payments", {
        amount: 700,
        reference: "pi_1",
      });
      expect(refund.status).toBe(409);
      expect(refund.json).toMatchObject({
        type: `${PROBLEM}exchange-payment-not-expected`,
        exchange_refusal: "no-exchange",
      });
      const unknown = await write(client, "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C", "exchange-payments", {
        amount: 700,
        reference: "pi_1",
      });
      expect(unknown.status).toBe(404);
    });

    it("exchange order - a 409 before release; offered once released, recorded once", async () => {
      const { client, id } = await awaitingPayment(serve);
      const early = await write(client, id, "exchange-order", { order_id: "ord_x1" });
      expect(early.status).toBe(409);
      expect(early.json).toMatchObject({
        type: `${PROBLEM}exchange-not-released`,
        exchange_status: "awaiting_payment",
      });
      const bad = await write(client, id, "exchange-order", { order_id: "" });
      expect(bad.status).toBe(400);
      await write(client, id, "exchange-payments", { amount: 700, reference: "pi_1" });
      await client.event(id, "ship");
      const received = await client.event(id, "receive");
      expect(received.json._templates.record_exchange_order).toMatchObject({
        target: `https://shop.example/v1/merchant/returns/${id}/exchange-order`,
      });
      const ordered = await write(client, id, "exchange-order", { order_id: "ord_x1" });
      expect(ordered.status, ordered.text).toBe(200);
      expect(ordered.json.exchange.order_id).toBe("ord_x1");
      expect(ordered.json._templates.record_exchange_order).toBeUndefined();
      const other = await write(client, id, "exchange-order", { order_id: "ord_x2" });
      expect(other.status).toBe(409);
      expect(other.json).toMatchObject({
        type: `${PROBLEM}exchange-order-conflict`,
        exchange_order_id: "ord_x1",
      });
      const after = await state(client, id);
      expect(after.record.version).toBe(ordered.json.version);
    });
  });
}
