import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, expectTypeOf, it } from "vitest";
import { webhookHeaders } from "../../core/src/delivery/signer";
import type { TEST_EVENT_TYPE } from "../../core/src/delivery/test-event";
import type {
  ReturnLabel as CoreReturnLabel,
  Tracking as CoreTracking,
} from "../../core/src/domain/parcel-schemas";
import type { KnownActorKind as CoreKnownActorKind } from "../../core/src/domain/principal";
import { createReasonCatalogue } from "../../core/src/domain/reasons";
import type {
  Exchange as CoreExchange,
  HistoryEntry as CoreHistoryEntry,
  Payout as CorePayout,
  ReturnData as CoreReturnData,
} from "../../core/src/domain/schemas";
import {
  type FitSignal as CoreFitSignal,
  type WebhookTransition as CoreWebhookTransition,
  publishRecorded,
  publishTransitions,
} from "../../core/src/returns/events";
import { recordPayment, STANDARD_RELEASE } from "../../core/src/returns/exchange-release";
import { recordPayout } from "../../core/src/returns/payouts/payout-rules";
import type {
  WebhookEventType as CoreWebhookEventType,
  WebhookPayload as CoreWebhookPayload,
} from "../../core/src/store/types";
import type {
  Exchange,
  ExchangePayment,
  FitSignal,
  HistoryEntry,
  KnownActorKind,
  Label,
  Payout,
  ReturnData,
  ReturnkitWebhookEvent,
  Tracking,
  WebhookEventOf,
  WebhookEventType,
  WebhookTestEvent,
  WebhookTransition,
} from "./events";
import type { WebhookHeaders } from "./headers";
import type { RawWebhookBody } from "./payload";
import { NOW, NOW_SECONDS, sampleReturn, secret } from "./test-support/fixtures";
import { verifyWebhook } from "./verify";

// The published types are declared locally so receivers need not install core; these
// assertions fail `tsc` the moment either side drifts.
describe("event types", () => {
  it("ReturnkitWebhookEvent - declarations equal core's types", () => {
    expectTypeOf<ReturnData>().toEqualTypeOf<CoreReturnData>();
    expectTypeOf<HistoryEntry>().toEqualTypeOf<CoreHistoryEntry>();
    expectTypeOf<KnownActorKind>().toEqualTypeOf<CoreKnownActorKind>();
    expectTypeOf<WebhookEventType>().toEqualTypeOf<CoreWebhookEventType>();
    expectTypeOf<WebhookTransition>().toEqualTypeOf<CoreWebhookTransition>();
    expectTypeOf<FitSignal>().toEqualTypeOf<CoreFitSignal>();
    expectTypeOf<Payout>().toEqualTypeOf<CorePayout>();
    expectTypeOf<Exchange>().toEqualTypeOf<CoreExchange>();
    expectTypeOf<Label>().toEqualTypeOf<CoreReturnLabel>();
    expectTypeOf<Tracking>().toEqualTypeOf<CoreTracking>();
    expectTypeOf<Exclude<ReturnkitWebhookEvent, WebhookTestEvent>>().toExtend<CoreWebhookPayload>();
    expectTypeOf<ReturnkitWebhookEvent["type"]>().toEqualTypeOf<
      CoreWebhookEventType | typeof TEST_EVENT_TYPE
    >();
  });

  it("ReturnkitWebhookEvent - includes webhook.test, the endpoint test event, with its own data", () => {
    expectTypeOf<WebhookEventOf<"webhook.test">>().toEqualTypeOf<WebhookTestEvent>();
    expectTypeOf<WebhookTestEvent>().toEqualTypeOf<{
      type: "webhook.test";
      timestamp: string;
      data: { endpoint_id: string; message: string };
    }>();
    // A switch over every type a receiver can be sent leaves nothing behind.
    const handled = (event: ReturnkitWebhookEvent): string => {
      switch (event.type) {
        case "webhook.test":
          return event.data.endpoint_id;
        case "return.fit_signal":
          return event.data.signal.sku;
        case "customer.erased":
          return event.data.customer_id;
        default:
          return event.data.return.id;
      }
    };
    expectTypeOf(handled).parameter(0).toEqualTypeOf<ReturnkitWebhookEvent>();
  });

  it("ReturnkitWebhookEvent - narrows data on type", () => {
    expectTypeOf<
      WebhookEventOf<"return.fit_signal">["data"]["signal"]
    >().toEqualTypeOf<FitSignal>();
    expectTypeOf<WebhookEventOf<"return.approved">["data"]>().toEqualTypeOf<{
      return: ReturnData;
      transition: WebhookTransition;
    }>();
    expectTypeOf<WebhookEventOf<"return.approved">>().not.toHaveProperty("signal");
  });

  it("verifyWebhook - accepts Node's and Fetch's header and body types", () => {
    expectTypeOf<IncomingHttpHeaders>().toExtend<WebhookHeaders>();
    expectTypeOf<Headers>().toExtend<WebhookHeaders>();
    expectTypeOf<Buffer>().toExtend<RawWebhookBody>();
    expectTypeOf<{ type: "return.approved" }>().not.toExtend<RawWebhookBody>();
  });

  it("verifyWebhook - a fit signal event published by core arrives typed", async () => {
    const received: CoreReturnData = {
      ...sampleReturn,
      state: "received",
      version: 5,
      shipment: { carrier: "DHL", tracking_number: "JD0001" },
    };
    const entry: CoreHistoryEntry = {
      seq: 5,
      event: "receive",
      from: "in_transit",
      to: "received",
      at: "2025-12-31T23:59:30.000Z",
      actor: { kind: "merchant", id: "staff_2" },
    };
    const { events } = publishTransitions(received, [entry], createReasonCatalogue());
    const published = events.find((e) => e.type === "return.fit_signal");
    if (!published) return expect.unreachable("core published no fit signal");
    const body = JSON.stringify(published.payload);
    const headers = webhookHeaders(secret, published.id, NOW_SECONDS, body);

    const event = await verifyWebhook({ payload: body, headers, secret, now: NOW });
    if (event.type !== "return.fit_signal") return expect.unreachable(`got ${event.type}`);
    expect(event.data.signal).toMatchObject({
      return_id: sampleReturn.id,
      direction: "TOO_SMALL",
      body_part: "CHEST",
      stage: "received",
      confirmed: false,
    });
    expect(event.data.transition.to).toBe("received");
    expect(event.data.return.state).toBe("received");
  });

  it("verifyWebhook - a graded return of a request arrives with request_id, its final refund and accepted_quantity", async () => {
    const graded: CoreReturnData = {
      ...sampleReturn,
      line: { sku: "SOCKS-3PK", quantity: 3, size: null },
      resolution: "REFUND",
      exchange: null,
      state: "graded",
      version: 6,
      request_id: "rrq_01KAQ7Z5D2M8X4C6B9N3P7Q1RT",
      grade: { condition: "NEW", disposition: "RESTOCK", accepted_quantity: 2 },
      refund: {
        currency: "EUR",
        currency_exponent: 2,
        item_amount: 2_400,
        restocking_fee: 240,
        return_shipping_fee: 127,
        total: 2_033,
        method: "original_payment",
        status: "final",
      },
    };
    const entry: CoreHistoryEntry = {
      seq: 6,
      event: "grade",
      from: "received",
      to: "graded",
      at: "2025-12-31T23:59:40.000Z",
      actor: { kind: "merchant", id: "staff_2" },
    };
    const { events } = publishTransitions(graded, [entry], createReasonCatalogue());
    const published = events.find((e) => e.type === "return.graded");
    if (!published) return expect.unreachable("core published no return.graded");
    const body = JSON.stringify(published.payload);
    const headers = webhookHeaders(secret, published.id, NOW_SECONDS, body);

    const event = await verifyWebhook({ payload: body, headers, secret, now: NOW });
    if (event.type !== "return.graded") return expect.unreachable(`got ${event.type}`);
    const { request_id, refund, grade } = event.data.return;
    expectTypeOf(request_id).toEqualTypeOf<string | null>();
    expect(request_id).toBe("rrq_01KAQ7Z5D2M8X4C6B9N3P7Q1RT");
    expect(grade?.accepted_quantity).toBe(2);
    expect(refund).toEqual(graded.refund);
    expect(refund!.item_amount - refund!.restocking_fee - refund!.return_shipping_fee).toBe(
      refund!.total,
    );
  });

  it("verifyWebhook - a return.refunded event published by core arrives typed, with the payout and the return", async () => {
    const graded: CoreReturnData = {
      ...sampleReturn,
      resolution: "STORE_CREDIT",
      exchange: null,
      state: "graded",
      version: 6,
      grade: { condition: "NEW", disposition: "RESTOCK", accepted_quantity: 1 },
      refund: {
        currency: "EUR",
        currency_exponent: 2,
        item_amount: 2_900,
        restocking_fee: 0,
        return_shipping_fee: 0,
        total: 2_900,
        method: "store_credit",
        status: "final",
      },
    };
    const at = "2025-12-31T23:59:50.000Z";
    const recording = recordPayout(
      graded,
      { amount: 2_900, reference: "gift_4711" },
      { kind: "merchant", id: "staff_2" },
      at,
    );
    if (!recording) return expect.unreachable("nothing recorded");
    const [published] = publishRecorded(
      { ...recording.record, version: 7, updated_at: at },
      recording.events,
    );
    if (!published) return expect.unreachable("core published no event");
    const body = JSON.stringify(published.payload);
    const headers = webhookHeaders(secret, published.id, NOW_SECONDS, body);

    const event = await verifyWebhook({ payload: body, headers, secret, now: NOW });
    if (event.type !== "return.refunded") return expect.unreachable(`got ${event.type}`);
    expectTypeOf(event.data.payout).toEqualTypeOf<Payout>();
    expect(event.data.payout).toMatchObject({
      amount: 2_900,
      currency: "EUR",
      method: "store_credit",
      reference: "gift_4711",
      issued_at: at,
    });
    expect(event.data.refunded_amount).toBe(2_900);
    expect(event.data.return.payouts).toEqual([event.data.payout]);
    expect(event.data).not.toHaveProperty("transition");
  });

  it("verifyWebhook - the exchange's payment and release published by core arrive typed", async () => {
    const received: CoreReturnData = {
      ...sampleReturn,
      state: "received",
      version: 5,
      order_line: { unit_price: 2_500, currency: "EUR" } as CoreReturnData["order_line"],
      exchange: {
        ...sampleReturn.exchange!,
        difference: { amount: 700, direction: "customer_pays" },
        status: "awaiting_payment",
        payment_due_at: "2026-01-07T00:00:00.000Z",
      },
    };
    const at = "2025-12-31T23:59:50.000Z";
    const staff = { kind: "merchant", id: "staff_2" };
    const payment = { amount: 700, reference: "pi_4711" };
    const recording = recordPayment(received, payment, staff, at, STANDARD_RELEASE);
    if (!recording) return expect.unreachable("nothing recorded");
    const published = publishRecorded(
      { ...recording.record, version: 6, updated_at: at },
      recording.events,
    );
    const bodies = published.map((one) => ({ id: one.id, body: JSON.stringify(one.payload) }));
    const events = await Promise.all(
      bodies.map(({ id, body }) =>
        verifyWebhook({
          payload: body,
          headers: webhookHeaders(secret, id, NOW_SECONDS, body),
          secret,
          now: NOW,
        }),
      ),
    );
    const [paid, released] = events;
    if (paid?.type !== "return.exchange_paid") return expect.unreachable(`got ${paid?.type}`);
    expectTypeOf(paid.data.payment).toEqualTypeOf<ExchangePayment>();
    expect(paid.data.payment).toMatchObject({ amount: 700, currency: "EUR", reference: "pi_4711" });
    if (released?.type !== "return.exchange_released") {
      return expect.unreachable(`got ${released?.type}`);
    }
    expect(released.data.lines).toEqual(received.exchange?.lines);
    expect(released.data.hold).toBeNull();
    expect(released.data.return.exchange?.status).toBe("released");
    expect(released.data).not.toHaveProperty("transition");
  });
});
