/**
 * @module testing/carrier-conformance — the `Carrier` contract's conformance suite: every
 * carrier (the `manual` one in core, each provider adapter against its stand-in) runs it from
 * its own test file. Cases about labels run when the carrier declares `capabilities.labels`,
 * cases about webhooks when it declares `capabilities.webhooks`; otherwise the suite checks that
 * it refuses them as the contract says.
 *
 * ```ts
 * runCarrierConformance({ name: "easypost", create: () => easypostCarrier({ ... }), signedDelivery });
 * ```
 */

import {
  type Carrier,
  CarrierError,
  type LabelRequest,
  TRACKING_STATUSES,
  type TrackingDelivery,
  type TrackingStatus,
} from "@returnkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/** One scan, as the suite asks a provider's stand-in to report it. */
export interface TrackingUpdate {
  provider_event_id: string;
  tracking_number: string;
  status: TrackingStatus;
  occurred_at: string;
}

export interface CarrierConformanceOptions {
  /** Shown in the suite's name. */
  name: string;
  /** A carrier ready to use; called before every case. */
  create: () => Promise<Carrier> | Carrier;
  cleanup?: (carrier: Carrier) => Promise<void> | void;
  /** The label the label cases buy (default: `carrierLabelRequest()`). */
  labelRequest?: () => LabelRequest;
  /**
   * Required when the carrier takes webhooks: the delivery its provider would send for
   * `update`, signed as the provider signs it. Its body must hold the tracking number as
   * written (the tampering case changes it and keeps the signature).
   */
  signedDelivery?: (update: TrackingUpdate) => Promise<TrackingDelivery> | TrackingDelivery;
}

/** A domestic return of one shirt, from a customer to a shop's returns address. */
export function carrierLabelRequest(overrides: Partial<LabelRequest> = {}): LabelRequest {
  return {
    reference: "ret_conformance",
    idempotency_key: `label-${Math.random().toString(36).slice(2)}`,
    from: {
      name: "Casey Customer",
      street1: "179 N Harbor Dr",
      city: "Redondo Beach",
      state: "CA",
      postal_code: "90277",
      country: "US",
      email: "casey@example.com",
    },
    to: {
      name: "Shop Returns",
      company: "Example Shop",
      street1: "388 Townsend St",
      city: "San Francisco",
      state: "CA",
      postal_code: "94107",
      country: "US",
    },
    parcels: [{ weight_grams: 450, length_mm: 250, width_mm: 200, height_mm: 100 }],
    items: [
      {
        description: "Shirt",
        quantity: 1,
        value: { amount: 2325, currency: "USD" },
        weight_grams: 300,
      },
    ],
    paperless: false,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CarrierError);
  return error as CarrierError;
}

type Subject = () => Carrier;

function describeLabels(subject: Subject, request: () => LabelRequest): void {
  it("prepares a shipment without a label, then buys the label for it", async () => {
    const carrier = subject();
    const prepared = await carrier.prepareLabel(request());
    expect(prepared.carrier).toBe(carrier.name);
    expect(prepared.shipment_id).not.toBe("");
    const outcome = await carrier.buyLabel(prepared);
    expect(outcome.kind).toBe("bought");
    if (outcome.kind !== "bought") return;
    const { label } = outcome;
    expect(label).toMatchObject({ carrier: carrier.name, shipment_id: prepared.shipment_id });
    expect(label.tracking_number).not.toBe("");
    expect(new URL(label.tracking_url).protocol).toMatch(/^https?:$/);
    expect(label.label_url ?? label.qr_code_url).toBeDefined();
    if (label.cost !== undefined) {
      expect(Number.isInteger(label.cost.amount)).toBe(true);
      expect(label.cost.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it("answers a second buy of the same shipment with the label already bought", async () => {
    const carrier = subject();
    const prepared = await carrier.prepareLabel(request());
    const first = await carrier.buyLabel(prepared);
    const second = await carrier.buyLabel(prepared);
    expect(second.kind).toBe("already_bought");
    if (first.kind !== "bought" || second.kind !== "already_bought") return;
    if (second.label !== null)
      expect(second.label.tracking_number).toBe(first.label.tracking_number);
  });

  it("refuses an invalid request before it prepares anything", async () => {
    const carrier = subject();
    const error = await rejection(carrier.prepareLabel({ ...request(), parcels: [] }));
    expect(error.code).toBe("invalid_request");
  });

  it("refuses to buy a shipment the provider does not have", async () => {
    const carrier = subject();
    const prepared = await carrier.prepareLabel(request());
    const error = await rejection(
      carrier.buyLabel({ ...prepared, shipment_id: `${prepared.shipment_id}x` }),
    );
    expect(error.code).toBe("not_found");
  });

  it("voids a bought label", async () => {
    const carrier = subject();
    const prepared = await carrier.prepareLabel(request());
    await carrier.buyLabel(prepared);
    const outcome = await carrier.voidLabel(prepared.shipment_id);
    expect(["voided", "pending"]).toContain(outcome.kind);
  });
}

function describeNoLabels(subject: Subject, request: () => LabelRequest): void {
  it("refuses to prepare, buy or void a label as unsupported", async () => {
    const carrier = subject();
    expect((await rejection(carrier.prepareLabel(request()))).code).toBe("unsupported");
    const prepared = {
      carrier: carrier.name,
      shipment_id: "shp_1",
      rate_id: null,
      service: "any",
      quoted_cost: null,
      paperless: false,
    };
    expect((await rejection(carrier.buyLabel(prepared))).code).toBe("unsupported");
    expect((await rejection(carrier.voidLabel("shp_1"))).code).toBe("unsupported");
  });
}

const SCAN = "2026-03-02T09:15:00.000Z";

function update(overrides: Partial<TrackingUpdate> = {}): TrackingUpdate {
  return {
    provider_event_id: "evt_1",
    tracking_number: "TRACK123",
    status: "in_transit",
    occurred_at: SCAN,
    ...overrides,
  };
}

function tampered(delivery: TrackingDelivery): TrackingDelivery {
  return { headers: delivery.headers, body: delivery.body.replace("TRACK123", "TRACK124") };
}

function describeWebhooks(
  subject: Subject,
  sign: NonNullable<CarrierConformanceOptions["signedDelivery"]>,
): void {
  it.each(TRACKING_STATUSES)(
    "parses a signed %s update into its canonical event",
    async (status) => {
      const carrier = subject();
      const parsed = await carrier.parseTrackingEvent(await sign(update({ status })));
      expect(parsed).toEqual({
        ok: true,
        events: [expect.objectContaining({ ...update({ status }), carrier: expect.any(String) })],
      });
    },
  );

  it("refuses a tampered body and a delivery without its signature", async () => {
    const carrier = subject();
    const delivery = await sign(update());
    expect(await carrier.parseTrackingEvent(tampered(delivery))).toEqual({
      ok: false,
      reason: "signature_invalid",
    });
    expect(await carrier.parseTrackingEvent({ headers: {}, body: delivery.body })).toEqual({
      ok: false,
      reason: "signature_invalid",
    });
  });

  it("gives a redelivered event the same provider event id", async () => {
    const carrier = subject();
    const delivery = await sign(update({ provider_event_id: "evt_replayed" }));
    const first = await carrier.parseTrackingEvent(delivery);
    const again = await carrier.parseTrackingEvent(delivery);
    expect(first).toEqual(again);
    expect(first.ok && first.events[0]?.provider_event_id).toBe("evt_replayed");
  });

  it("reports the scan time, so events delivered out of order can be put back in order", async () => {
    const carrier = subject();
    const later = await sign(
      update({
        provider_event_id: "evt_b",
        status: "delivered",
        occurred_at: "2026-03-03T16:00:00.000Z",
      }),
    );
    const earlier = await sign(
      update({ provider_event_id: "evt_a", status: "in_transit", occurred_at: SCAN }),
    );
    const received = [
      await carrier.parseTrackingEvent(later),
      await carrier.parseTrackingEvent(earlier),
    ];
    const events = received.flatMap((parsed) => (parsed.ok ? parsed.events : []));
    const ordered = [...events].sort(
      (a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at),
    );
    expect(ordered.map((event) => event.status)).toEqual(["in_transit", "delivered"]);
  });
}

function describeNoWebhooks(subject: Subject): void {
  it("refuses every webhook as unsupported", async () => {
    const carrier = subject();
    const body = JSON.stringify({ id: "evt_1", status: "delivered" });
    expect(
      await carrier.parseTrackingEvent({ headers: { "content-type": "application/json" }, body }),
    ).toEqual({
      ok: false,
      reason: "unsupported",
    });
  });
}

/** Registers the suite's `describe`/`it` blocks; call it from a vitest test file. */
export function runCarrierConformance(options: CarrierConformanceOptions): void {
  describe(`carrier conformance: ${options.name}`, () => {
    let carrier: Carrier | undefined;
    beforeEach(async () => {
      carrier = await options.create();
    });
    afterEach(async () => {
      if (carrier !== undefined) await options.cleanup?.(carrier);
      carrier = undefined;
    });
    const subject: Subject = () => {
      if (carrier === undefined) throw new Error("carrier conformance: no carrier created");
      return carrier;
    };
    const request = options.labelRequest ?? (() => carrierLabelRequest());
    describe("labels", () => {
      it("declares its capabilities", () => {
        expect(subject().capabilities).toEqual({
          labels: expect.any(Boolean),
          webhooks: expect.any(Boolean),
        });
      });
      // The capabilities are read once the carrier exists, so both branches are registered and
      // each case skips itself when the other applies.
      describeCapability(
        subject,
        "labels",
        () => describeLabels(subject, request),
        () => describeNoLabels(subject, request),
      );
    });
    describe("tracking webhooks", () => {
      const sign = options.signedDelivery;
      describeCapability(
        subject,
        "webhooks",
        () => {
          if (sign === undefined) {
            it("has a signedDelivery to test its webhooks with", () => expect(sign).toBeDefined());
          } else describeWebhooks(subject, sign);
        },
        () => describeNoWebhooks(subject),
      );
    });
  });
}

function describeCapability(
  subject: Subject,
  capability: "labels" | "webhooks",
  whenDeclared: () => void,
  whenNot: () => void,
): void {
  describe(`when it declares ${capability}`, () => {
    beforeEach((context) => {
      if (!subject().capabilities[capability]) context.skip();
    });
    whenDeclared();
  });
  describe(`when it does not declare ${capability}`, () => {
    beforeEach((context) => {
      if (subject().capabilities[capability]) context.skip();
    });
    whenNot();
  });
}
