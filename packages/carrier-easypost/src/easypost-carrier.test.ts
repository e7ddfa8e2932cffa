import { CarrierError } from "@returnkit/core";
import {
  carrierLabelRequest,
  runCarrierConformance,
  type TrackingUpdate,
} from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { easypostCarrier } from "./easypost-carrier";
import { trackerEvent } from "./stand-in/fixtures";
import { type StandIn, signEasyPostWebhook, startEasyPostStandIn } from "./stand-in/server";

const SECRET = "whsec-stand-in-sécret";

/** The canonical statuses as EasyPost's tracker statuses (https://docs.easypost.com/docs/trackers). */
const EASYPOST_STATUS = {
  label_created: "pre_transit",
  in_transit: "in_transit",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  exception: "failure",
  returned_to_sender: "return_to_sender",
} as const;

function signed(update: TrackingUpdate) {
  const body = JSON.stringify(
    trackerEvent({
      id: update.provider_event_id,
      tracking_code: update.tracking_number,
      status: EASYPOST_STATUS[update.status],
      datetime: update.occurred_at.replace(".000Z", "Z"),
    }),
  );
  return { headers: signEasyPostWebhook(body, SECRET), body };
}

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startEasyPostStandIn();
});
afterAll(() => standIn.close());

const carrier = (overrides: { apiKey?: string } = {}) =>
  easypostCarrier({
    apiKey: overrides.apiKey ?? standIn.apiKey,
    webhookSecret: SECRET,
    baseUrl: standIn.baseUrl,
    timeoutMs: 5_000,
  });

runCarrierConformance({
  name: "easypost (stand-in)",
  create: () => carrier(),
  signedDelivery: signed,
});

describe("easypostCarrier against the stand-in", () => {
  it("creates a return shipment from the customer to the shop, charging nothing until the buy", async () => {
    const before = standIn.purchases();
    const prepared = await carrier().prepareLabel(
      carrierLabelRequest({ reference: "ret_42", idempotency_key: "label-ret_42" }),
    );
    expect(standIn.purchases()).toBe(before);
    const sent = standIn.requests.findLast((r) => r.path === "/v2/shipments")?.body as {
      shipment: Record<string, unknown>;
    };
    expect(sent.shipment).toMatchObject({
      is_return: true,
      to_address: { name: "Casey Customer", zip: "90277", country: "US" },
      from_address: { company: "Example Shop", zip: "94107" },
      parcel: { weight: 15.9, length: 9.8, width: 7.9, height: 3.9 },
      reference: "label-ret_42",
    });
    expect(sent.shipment.customs_info).toBeUndefined();
    expect(prepared).toMatchObject({
      service: "USPS GroundAdvantage",
      quoted_cost: { amount: 593, currency: "USD" },
    });
  });

  it("buys the service asked for, records what it cost, and pays once for two buys", async () => {
    const subject = carrier();
    const prepared = await subject.prepareLabel(carrierLabelRequest({ service: "priority" }));
    const before = standIn.purchases();
    const first = await subject.buyLabel(prepared);
    const second = await subject.buyLabel(prepared);
    expect(standIn.purchases()).toBe(before + 1);
    expect(first).toMatchObject({
      kind: "bought",
      label: { service: "USPS Priority", cost: { amount: 815, currency: "USD" } },
    });
    expect(second).toEqual({
      kind: "already_bought",
      label: first.kind === "bought" ? first.label : null,
    });
  });

  it("sends customs data when the parcel crosses a border", async () => {
    const request = carrierLabelRequest();
    request.from = {
      ...request.from,
      country: "CA",
      state: "ON",
      postal_code: "M5V 2T6",
      city: "Toronto",
    };
    request.items = [
      {
        description: "Shirt",
        quantity: 2,
        value: { amount: 4650, currency: "USD" },
        weight_grams: 600,
        hs_tariff_number: "610910",
        origin_country: "PT",
      },
    ];
    await carrier().prepareLabel(request);
    const sent = standIn.requests.findLast((r) => r.path === "/v2/shipments")?.body as {
      shipment: Record<string, unknown>;
    };
    expect(sent.shipment.customs_info).toMatchObject({
      contents_type: "returned_goods",
      customs_items: [
        {
          description: "Shirt",
          quantity: 2,
          value: "46.50",
          currency: "USD",
          weight: 21.2,
          hs_tariff_number: "610910",
          origin_country: "PT",
        },
      ],
    });
  });

  it("gives a paperless label a QR code to show at the counter", async () => {
    const subject = carrier();
    const outcome = await subject.buyLabel(
      await subject.prepareLabel(carrierLabelRequest({ paperless: true })),
    );
    expect(outcome.kind === "bought" && outcome.label.qr_code_url).toMatch(/label_qr_code\.png$/);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: expect.stringMatching(/\/forms$/),
      body: { form: { type: "label_qr_code" } },
    });
  });

  it("refuses a service EasyPost offers no rate for, and more than one parcel", async () => {
    const noRate = await carrier()
      .prepareLabel(carrierLabelRequest({ service: "Teleport" }))
      .catch((e: unknown) => e);
    expect(noRate).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("no rate for service Teleport"),
    });
    const twoParcels = carrierLabelRequest({
      parcels: [{ weight_grams: 100 }, { weight_grams: 200 }],
    });
    const count = standIn.requests.length;
    await expect(carrier().prepareLabel(twoParcels)).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(standIn.requests.length).toBe(count);
  });

  it("reports a refused API key as unauthorized, with EasyPost's code", async () => {
    const error = await carrier({ apiKey: "EZTKwrong" })
      .prepareLabel(carrierLabelRequest())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect(error).toMatchObject({
      code: "unauthorized",
      providerCode: "APIKEY.REQUIRED",
      retryable: false,
    });
  });

  it("reports a 5xx and an unreachable API as unavailable, to retry later", async () => {
    standIn.failNext(503);
    const down = await carrier()
      .prepareLabel(carrierLabelRequest())
      .catch((e: unknown) => e);
    expect(down).toMatchObject({ code: "unavailable", retryable: true });
    const gone = easypostCarrier({
      apiKey: "EZTK",
      webhookSecret: SECRET,
      baseUrl: "http://127.0.0.1:9/v2/",
      timeoutMs: 2_000,
    });
    await expect(gone.prepareLabel(carrierLabelRequest())).rejects.toMatchObject({
      code: "unavailable",
    });
  });

  it("keeps a bought label when the buy's answer is lost: the retried buy reads it back", async () => {
    const subject = carrier();
    const prepared = await subject.prepareLabel(carrierLabelRequest());
    await subject.buyLabel(prepared);
    const retried = await subject.buyLabel(prepared);
    expect(retried.kind).toBe("already_bought");
    expect(retried.kind === "already_bought" && retried.label?.shipment_id).toBe(
      prepared.shipment_id,
    );
  });

  it("answers a void of an unbought shipment as refused", async () => {
    const subject = carrier();
    const prepared = await subject.prepareLabel(carrierLabelRequest());
    expect(await subject.voidLabel(prepared.shipment_id)).toEqual({
      kind: "refused",
      reason: "EasyPost answered refund_status not_applicable.",
    });
  });
});

describe("easypostCarrier tracking webhooks", () => {
  const update: TrackingUpdate = {
    provider_event_id: "evt_1",
    tracking_number: "9400TRACK",
    status: "delivered",
    occurred_at: "2026-03-03T16:00:00.000Z",
  };

  it("refuses a body signed with another secret", async () => {
    const body = signed(update).body;
    const forged = { headers: signEasyPostWebhook(body, "guessed"), body };
    expect(await carrier().parseTrackingEvent(forged)).toEqual({
      ok: false,
      reason: "signature_invalid",
    });
  });

  it("reads the signature header in any case, from a Headers object too", async () => {
    const { headers, body } = signed(update);
    const upper = new Headers({ "X-Hmac-Signature": headers["x-hmac-signature"] ?? "" });
    const parsed = await carrier().parseTrackingEvent({ headers: upper, body });
    expect(parsed).toMatchObject({
      ok: true,
      events: [{ location: "Redondo Beach, CA, US", description: "Scanned: delivered" }],
    });
  });

  it("yields no events for a signed event about something else, or a status it cannot place", async () => {
    const other = JSON.stringify(
      trackerEvent({
        id: "evt_2",
        tracking_code: "X",
        status: "delivered",
        datetime: "2026-03-03T16:00:00Z",
        description: "batch.updated",
      }),
    );
    expect(
      await carrier().parseTrackingEvent({
        headers: signEasyPostWebhook(other, SECRET),
        body: other,
      }),
    ).toEqual({ ok: true, events: [] });
    const unknown = JSON.stringify(
      trackerEvent({
        id: "evt_3",
        tracking_code: "X",
        status: "unknown",
        datetime: "2026-03-03T16:00:00Z",
      }),
    );
    expect(
      await carrier().parseTrackingEvent({
        headers: signEasyPostWebhook(unknown, SECRET),
        body: unknown,
      }),
    ).toEqual({ ok: true, events: [] });
  });

  it("answers a signed tracker event without a tracker as malformed", async () => {
    const body = JSON.stringify({
      id: "evt_4",
      object: "Event",
      description: "tracker.updated",
      result: { object: "Shipment" },
    });
    expect(
      await carrier().parseTrackingEvent({ headers: signEasyPostWebhook(body, SECRET), body }),
    ).toEqual({ ok: false, reason: "malformed" });
  });
});
