/**
 * @module testing/http-cases/refunds — payouts over HTTP: the back office records what the
 * host paid back (`POST /v1/merchant/returns/{id}/refunds`), offered as `record_refund` while
 * the final refund has something left to pay; its refusals are problems that change nothing.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService, SuiteClient } from "../http-client";
import { orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";

/** A return of one TEE-BLK (€25.00, no fees) taken to `received`, with its client. */
async function receivedReturn(serve: ServeService) {
  const client = await serve({ orders: { source: orderBook() }, clock: () => T0 });
  const res = await client.send("POST", "/v1/portal/returns", { body: returnOf(TEE_M) });
  expect(res.status, res.text).toBe(201);
  const id: string = res.json.id;
  for (const step of ["submit", "approve", "ship", "receive"]) {
    expect((await client.event(id, step)).status).toBe(200);
  }
  return { client, id };
}

function recordRefund(client: SuiteClient, id: string, body: unknown, key?: string) {
  const path = `/v1/merchant/returns/${id}/refunds`;
  return client.send("POST", path, { body, token: client.merchant, ...(key ? { key } : {}) });
}

export function describeRefundsOverHttp(serve: ServeService): void {
  describe("refunds", () => {
    it("refunds - a graded return offers record_refund; the payout is recorded once per key and shown on the return", async () => {
      const { client, id } = await receivedReturn(serve);
      const graded = await client.event(id, "grade", { condition: "NEW" });
      const form = graded.json._templates.record_refund;
      expect(form).toMatchObject({
        method: "POST",
        target: `https://shop.example/v1/merchant/returns/${id}/refunds`,
        requiredScopes: ["merchant:returns.write"],
      });
      expect(form.properties).toContainEqual(
        expect.objectContaining({ name: "amount", value: 2_500, min: 1, max: 2_500 }),
      );

      const body = { amount: 2_500, reference: "re_3MtwBw", issued_at: "2026-11-28T09:00:00Z" };
      const first = await recordRefund(client, id, body, "payout-1");
      const again = await recordRefund(client, id, body, "payout-1");

      expect(first.status, first.text).toBe(200);
      expect(first.json).toMatchObject({ refunded_amount: 2_500, state: "graded" });
      expect(first.json.payouts).toEqual([
        expect.objectContaining({ amount: 2_500, currency: "EUR", reference: "re_3MtwBw" }),
      ]);
      expect(first.json._templates.record_refund).toBeUndefined();
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.json).toEqual(first.json);
      const read = await client.send("GET", `/v1/portal/returns/${id}`);
      expect(read.json.payouts).toHaveLength(1);
      expect(read.json._templates.record_refund).toBeUndefined();
      const events = await client.store.listEvents(id);
      expect(events.filter((event) => event.type === "return.refunded")).toHaveLength(1);
    });

    it("refunds - above the final refund is a 422 naming the limit; before grading a 409; neither changes the return", async () => {
      const { client, id } = await receivedReturn(serve);
      const early = await recordRefund(client, id, { amount: 100, reference: "re_early" });
      expect(early.status).toBe(409);
      expect(early.json).toMatchObject({ type: `${PROBLEM}refund-not-payable`, state: "received" });
      expect(early.headers.get("content-type")).toContain("application/problem+json");
      const received = await client.send("GET", `/v1/merchant/returns/${id}`, {
        token: client.merchant,
      });
      expect(received.json._templates.record_refund).toBeUndefined();

      const graded = await client.event(id, "grade", {});
      const over = await recordRefund(client, id, { amount: 2_501, reference: "re_over" });

      expect(over.status).toBe(422);
      expect(over.json).toMatchObject({
        type: `${PROBLEM}refund-exceeds-total`,
        refundable_amount: 2_500,
        refund_total: 2_500,
      });
      expect(over.json.detail).toContain("at most 25.00 EUR");
      const after = await client.send("GET", `/v1/merchant/returns/${id}`, {
        token: client.merchant,
      });
      expect(after.json.version).toBe(graded.json.version);
      expect(after.json.payouts).toEqual([]);
    });

    it("refunds - a customer cannot record a payout, and a bad body is a 400 naming the field", async () => {
      const { client, id } = await receivedReturn(serve);
      await client.event(id, "grade", {});

      const asCustomer = await client.send("POST", `/v1/merchant/returns/${id}/refunds`, {
        body: { amount: 100, reference: "re_1" },
      });
      const unknownField = await recordRefund(client, id, {
        amount: 100,
        reference: "re_1",
        note: "x",
      });
      const fraction = await recordRefund(client, id, { amount: 1.5, reference: "re_1" });

      expect(asCustomer.status).toBe(403);
      expect(unknownField.status).toBe(400);
      expect(fraction.status).toBe(400);
      expect(JSON.stringify(fraction.json.errors)).toContain("amount");
      const events = await client.store.listEvents(id);
      expect(events.map((event) => event.type)).not.toContain("return.refunded");
    });
  });
}
