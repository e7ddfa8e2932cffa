/**
 * `POST /v1/carriers/{name}/events` through the service's fetch handler (what both adapters
 * serve), with EasyPost's signed tracker Events: the real adapter verifies and parses them. The
 * returns are labelled by the label job against the stand-in first, so scans find them by the
 * tracking number EasyPost gave.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parcelService, staff } from "../../core/src/returns/parcels/test-support/parcel-service";
import { easypostCarrier } from "./easypost-carrier";
import { trackerEvent } from "./stand-in/fixtures";
import { type StandIn, signEasyPostWebhook, startEasyPostStandIn } from "./stand-in/server";

const SECRET = "whsec-tracking-route";
const URL = "http://localhost/v1/carriers/easypost/events";

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startEasyPostStandIn();
});
afterAll(() => standIn.close());

const carrier = () =>
  easypostCarrier({
    apiKey: standIn.apiKey,
    webhookSecret: SECRET,
    baseUrl: standIn.baseUrl,
    timeoutMs: 5_000,
  });

/** A labelled service: the returns' labels bought, their tracking number returned. */
async function labelled(request = false) {
  const setup = parcelService({ carrier: carrier() });
  const ids = request ? await setup.approvedRequest() : [await setup.approvedReturn()];
  await setup.service.scheduler.fireDue();
  await setup.service.scheduler.fireDue();
  const tracking = (await setup.record(ids[0]!)).label?.tracking_number;
  if (!tracking) throw new Error("fixture: no label bought");
  return { ...setup, ids, tracking };
}

function scanBody(id: string, tracking: string, status: string, datetime: string): string {
  return JSON.stringify(trackerEvent({ id, tracking_code: tracking, status, datetime }));
}

function post(
  fetch: (r: Request) => Promise<Response>,
  body: string,
  headers?: Record<string, string>,
) {
  return fetch(
    new Request(URL, {
      method: "POST",
      headers: headers ?? signEasyPostWebhook(body, SECRET),
      body,
    }),
  );
}

describe("POST /v1/carriers/{name}/events (EasyPost)", () => {
  it("recordTrackingEvents - an in_transit scan ships the return, as the carrier", async () => {
    const { service, ids, tracking, record, store } = await labelled();

    const response = await post(
      service.fetch,
      scanBody("evt_1", tracking, "in_transit", "2026-03-02T09:00:00Z"),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      object: "tracking_receipt",
      events: 1,
      returns_updated: 1,
    });
    const shipped = await record(ids[0]!);
    expect(shipped.state).toBe("in_transit");
    expect(shipped.history.at(-1)).toMatchObject({
      event: "ship",
      actor: { kind: "carrier", id: "easypost" },
    });
    expect(shipped.tracking).toMatchObject({
      status: "in_transit",
      last_event_at: "2026-03-02T09:00:00.000Z",
    });
    const types = (await store.listEvents(ids[0]!)).map((event) => event.type);
    expect(types).toContain("return.in_transit");
    expect(types).toContain("return.tracking_updated");
  });

  it("recordTrackingEvents - a replayed event (same id twice) moves the return once", async () => {
    const { service, ids, tracking, record } = await labelled();
    const body = scanBody("evt_replayed", tracking, "in_transit", "2026-03-02T09:00:00Z");

    await post(service.fetch, body);
    const replay = await post(service.fetch, body);

    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ returns_updated: 0 });
    const ships = (await record(ids[0]!)).history.filter((entry) => entry.event === "ship");
    expect(ships).toHaveLength(1);
  });

  it("recordTrackingEvents - delivered before any in_transit ships then receives; a late in_transit changes nothing", async () => {
    const { service, ids, tracking, record } = await labelled();

    await post(service.fetch, scanBody("evt_d", tracking, "delivered", "2026-03-04T15:00:00Z"));
    const delivered = await record(ids[0]!);
    await post(service.fetch, scanBody("evt_t", tracking, "in_transit", "2026-03-02T09:00:00Z"));
    const after = await record(ids[0]!);

    expect(delivered.state).toBe("received");
    expect(delivered.history.slice(-2).map((entry) => entry.event)).toEqual(["ship", "receive"]);
    expect(after.state).toBe("received");
    expect(after.history).toHaveLength(delivered.history.length);
    // Recorded in scan-time order: the late scan first, the delivery still the latest.
    expect(after.tracking?.events.map((event) => event.status)).toEqual([
      "in_transit",
      "delivered",
    ]);
    expect(after.tracking?.status).toBe("delivered");
  });

  it("recordTrackingEvents - an exception is recorded for staff, the return left where it was", async () => {
    const { service, ids, tracking, record } = await labelled();

    await post(service.fetch, scanBody("evt_x", tracking, "failure", "2026-03-02T09:00:00Z"));

    const held = await record(ids[0]!);
    expect(held.state).toBe("approved");
    expect(held.tracking).toMatchObject({ status: "exception" });
  });

  it("recordTrackingEvents - one scan of a request's parcel ships each of its returns", async () => {
    const { service, ids, tracking, record } = await labelled(true);

    const response = await post(
      service.fetch,
      scanBody("evt_p", tracking, "in_transit", "2026-03-02T09:00:00Z"),
    );

    expect(await response.json()).toMatchObject({ returns_updated: 2 });
    for (const id of ids) expect((await record(id)).state).toBe("in_transit");
  });

  it("recordTrackingEvents - a forged signature is a 401 problem, nothing recorded", async () => {
    const { service, ids, tracking, record } = await labelled();
    const body = scanBody("evt_f", tracking, "delivered", "2026-03-02T09:00:00Z");

    const response = await post(service.fetch, body, signEasyPostWebhook(body, "not-the-secret"));

    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: expect.stringContaining("tracking-signature-invalid"),
      carrier: "easypost",
    });
    expect((await record(ids[0]!)).tracking).toBeNull();
  });

  it("recordTrackingEvents - an unknown carrier is a 404, an oversized body a 413", async () => {
    const { service, tracking } = await labelled();
    const body = scanBody("evt_u", tracking, "in_transit", "2026-03-02T09:00:00Z");

    const unknown = await service.fetch(
      new Request("http://localhost/v1/carriers/dhl/events", {
        method: "POST",
        headers: signEasyPostWebhook(body, SECRET),
        body,
      }),
    );
    const huge = " ".repeat(300 * 1024);
    const oversized = await post(service.fetch, huge);

    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ carrier: "dhl" });
    expect(oversized.status).toBe(413);
  });

  it("recordTrackingEvents - a tracking number no return holds is answered 200 and ignored", async () => {
    const { service, ids, record } = await labelled();

    const response = await post(
      service.fetch,
      scanBody("evt_n", "9400000000000000000000", "delivered", "2026-03-02T09:00:00Z"),
    );

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events: 1, returns_updated: 0 });
    expect((await record(ids[0]!)).state).toBe("approved");
  });

  it("list - stalled=true lists the approved returns no scan moved since the label, 14 days on", async () => {
    const { service, ids, tracking, advance } = await labelled();
    const stalled = async () =>
      (await service.list({ stalled: "true" }, { principal: staff })).data.map((r) => r.id);

    const fresh = await stalled();
    advance(15 * 86_400_000);
    const late = await stalled();
    await post(service.fetch, scanBody("evt_s", tracking, "in_transit", "2026-03-16T09:00:00Z"));
    const moved = await stalled();

    expect(fresh).toEqual([]);
    expect(late).toEqual(ids);
    expect(moved).toEqual([]);
  });

  it("recordTrackingEvents - a carrier without a label carrier set is still taken when listed in tracking", async () => {
    const { service } = parcelService({ tracking: [carrier()] });
    const body = scanBody("evt_t2", "9400111", "in_transit", "2026-03-02T09:00:00Z");

    const response = await post(service.fetch, body);

    expect(response.status).toBe(200);
    expect(await service.list({}, { principal: staff })).toMatchObject({ data: [] });
  });
});
