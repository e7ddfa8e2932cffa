/**
 * The service's label job with the EasyPost adapter against its stand-in (the real SDK, a local
 * API): a parcel's label bought once and recorded on every return of it, even when the buy's
 * commit was lost, and tried again after a 5xx. Core's own tests cover the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customer,
  parcelService,
} from "../../core/src/returns/parcels/test-support/parcel-service";
import { easypostCarrier } from "./easypost-carrier";
import { type StandIn, startEasyPostStandIn } from "./stand-in/server";

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startEasyPostStandIn();
});
afterAll(() => standIn.close());

const carrier = () =>
  easypostCarrier({
    apiKey: standIn.apiKey,
    webhookSecret: "whsec-label-job",
    baseUrl: standIn.baseUrl,
    timeoutMs: 5_000,
  });

const labelEvents = async (
  store: { listEvents(id: string): Promise<{ type: string }[]> },
  id: string,
) => (await store.listEvents(id)).filter((event) => event.type === "return.label_created");

describe("label job with EasyPost (stand-in)", () => {
  it("label_due - buys the approved return's label once and records it with its cost", async () => {
    const { service, store, approvedReturn, record } = parcelService({ carrier: carrier() });
    const before = standIn.purchases();
    const id = await approvedReturn();

    // Prepared, then bought: the buy is a firing of its own, due once the shipment is committed.
    expect(await service.scheduler.fireDue()).toBe(1);
    expect(await service.scheduler.fireDue()).toBe(1);

    const label = (await record(id)).label;
    expect(label).toMatchObject({
      status: "created",
      carrier: "easypost",
      service: "USPS GroundAdvantage",
      shipment_id: expect.stringMatching(/^shp_/),
      tracking_number: expect.stringMatching(/^9400/),
      tracking_url: expect.stringContaining("track.easypost.com"),
      label_url: expect.stringContaining(".png"),
      cost: { amount: 593, currency: "USD" },
      attempts: 0,
      reason: null,
    });
    expect((await record(id)).shipment).toEqual({
      carrier: "easypost",
      tracking_number: label?.tracking_number,
    });
    expect(standIn.purchases() - before).toBe(1);
    const [created] = await labelEvents(store, id);
    expect(created).toMatchObject({
      payload: { data: { label: { cost: { amount: 593, currency: "USD" } } } },
    });
    expect(await store.listTimers(id)).toEqual([]);
  });

  it("label_due - a request is one parcel: one shipment bought, the same label on each return", async () => {
    const { service, store, approvedRequest, record } = parcelService({ carrier: carrier() });
    const before = standIn.purchases();
    const shipmentsBefore = standIn.requests.filter((r) => r.path === "/v2/shipments").length;
    const ids = await approvedRequest();

    await service.scheduler.fireDue();
    await service.scheduler.fireDue();

    const labels = await Promise.all(ids.map(async (id) => (await record(id)).label));
    expect(labels[0]).toMatchObject({ status: "created" });
    expect(labels[1]?.tracking_number).toBe(labels[0]?.tracking_number);
    expect(labels[1]?.shipment_id).toBe(labels[0]?.shipment_id);
    expect(standIn.purchases() - before).toBe(1);
    const created = standIn.requests
      .filter((r) => r.path === "/v2/shipments")
      .slice(shipmentsBefore);
    expect(created).toHaveLength(1);
    // The request's shipment, keyed by the request: the one parcel of both returns.
    expect(created[0]?.body).toMatchObject({
      shipment: { is_return: true, reference: expect.stringContaining("rrq_") },
    });
    for (const id of ids) {
      expect(await labelEvents(store, id)).toHaveLength(1);
      expect(await store.listTimers(id)).toEqual([]);
    }
  });

  it("label_due - a buy whose commit was lost is read back, never paid twice", async () => {
    const easypost = carrier();
    const { service, approvedReturn, record } = parcelService({ carrier: easypost });
    const id = await approvedReturn();
    await service.scheduler.fireDue(); // the shipment recorded, not yet bought
    const pending = (await record(id)).label!;
    const before = standIn.purchases();

    // A firing that bought, then died before its commit.
    const lost = await easypost.buyLabel({
      carrier: "easypost",
      shipment_id: pending.shipment_id!,
      rate_id: pending.rate_id,
      service: pending.service!,
      quoted_cost: pending.cost,
      paperless: false,
    });
    await service.scheduler.fireDue();

    expect(lost.kind).toBe("bought");
    expect((await record(id)).label).toMatchObject({
      status: "created",
      tracking_number: lost.label?.tracking_number,
    });
    expect(standIn.purchases() - before).toBe(1);
  });

  it("label_due - a 5xx from EasyPost is tried again on the schedule, then bought", async () => {
    const { service, approvedReturn, record, advance } = parcelService({ carrier: carrier() });
    const id = await approvedReturn();

    standIn.failNext(503);
    await service.scheduler.fireDue();
    expect((await record(id)).label).toMatchObject({ status: "pending", attempts: 1 });

    advance(10_000);
    await service.scheduler.fireDue();
    await service.scheduler.fireDue();
    expect((await record(id)).label).toMatchObject({ status: "created", attempts: 1 });
  });

  it("label_void - a cancel after the label was bought voids it at EasyPost, durably", async () => {
    const { service, store, approvedReturn, record } = parcelService({ carrier: carrier() });
    const id = await approvedReturn();
    await service.scheduler.fireDue();
    await service.scheduler.fireDue();
    const shipment = (await record(id)).label?.shipment_id;

    await service.cancel(id, {}, { principal: customer });
    const timers = (await store.listTimers(id)).map((timer) => timer.name);
    await service.scheduler.fireDue();

    expect(timers).toEqual(["label_void"]);
    // EasyPost's refund starts as `submitted`: settled later by the carrier.
    expect((await record(id)).label).toMatchObject({ status: "void_pending" });
    expect(standIn.requests).toContainEqual(
      expect.objectContaining({ method: "POST", path: `/v2/shipments/${shipment}/refund` }),
    );
    expect(await store.listTimers(id)).toEqual([]);
  });
});
