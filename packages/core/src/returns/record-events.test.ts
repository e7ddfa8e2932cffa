/**
 * Events that record no lifecycle transition, committed by `recordOnReturn` (about a return)
 * and `recordAboutCustomer` (about a customer), delivered by the service's own dispatcher.
 * Their types here are test-only: the product events (`return.refunded`, `customer.erased`, …)
 * come with the features that record them.
 */
import { T0, testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { SubscriberEvent } from "../delivery/subscribers";
import type { Principal } from "../domain/principal";
import { isProblemError, problems } from "../domain/problems";
import { createReasonCatalogue } from "../domain/reasons";
import { parseRefundPolicy } from "../domain/refunds";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";
import type { ReturnsStore, WebhookEventType } from "../store/types";
import { createReturnRules } from "./orders/return-rules";
import { createReturnReader } from "./reader";
import { recordAboutCustomer, recordOnReturn } from "./record-events";
import type { WritePathDeps } from "./write-path";

const NOTED = "return.noted" as WebhookEventType;
const CUSTOMER_NOTED = "customer.noted" as WebhookEventType;
const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const input = {
  order_id: "ord_1",
  line: { sku: "TEE-BLK-M", size: "M" },
  reason: "DAMAGED",
  resolution: "REFUND" as const,
};

function writeDeps(store: ReturnsStore, now: () => number): WritePathDeps {
  const refundPolicy = parseRefundPolicy(undefined);
  const catalogue = createReasonCatalogue();
  return {
    store,
    recent: null,
    reader: createReturnReader(store, null),
    catalogue,
    now,
    maxHistoryEntries: 100,
    rules: createReturnRules({
      refundPolicy,
      orders: null,
      exchanges: null,
      store,
      now,
      catalogue,
    }),
    refundPolicy,
    reportError: () => {},
    respond: (record, status) => ({ status, body: record, headers: {} }),
  };
}

function setup() {
  const store = memoryStore();
  let clock = T0;
  const now = () => (clock += 1_000);
  const handled: SubscriberEvent[] = [];
  const service = createReturnsService({
    store,
    clock: now,
    idempotency: { required: false },
    auth: { authenticate: testAuthenticate },
    subscribers: [{ name: "ledger", handle: (event) => void handled.push(event) }],
  });
  return { store, service, handled, deps: writeDeps(store, now) };
}

describe("recordOnReturn", () => {
  it("recordOnReturn - publishes an event with no transition after the return's earlier events and before its later ones", async () => {
    const { service, handled, deps } = setup();
    const { record } = await service.createReturn(input, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });
    await service.advance(record.id, "approve", {}, { principal: staff });

    const outcome = await recordOnReturn(
      deps,
      record.id,
      { principal: staff },
      null,
      (current) => ({
        record: current,
        events: [{ type: NOTED, data: { note: "label bought" } }],
      }),
    );
    await service.advance(record.id, "ship", {}, { principal: staff });
    await service.dispatcher.drain();

    if (outcome.kind !== "committed") throw new Error("not committed");
    expect(outcome.record.version).toBe(4);
    expect(outcome.record.history).toHaveLength(3);
    expect(handled.map((event) => event.type)).toEqual([
      "return.created",
      "return.submitted",
      "return.approved",
      NOTED,
      "return.in_transit",
    ]);
    const noted = handled[3]!;
    expect(noted).toMatchObject({
      return_id: record.id,
      subject: { kind: "return", id: record.id },
      seq: null,
    });
    expect(noted.payload.data).toMatchObject({ note: "label bought", return: { version: 4 } });
  });

  it("recordOnReturn - records the key with the return; the same key again commits nothing more", async () => {
    const { service, store, deps } = setup();
    const { record } = await service.createReturn(input, { principal: customer });
    const key = { key: "staff-1:POST:/noted:k1", fingerprint: "f", now: T0, expiresAt: T0 + 1e9 };
    const note = (current: typeof record) => ({
      record: current,
      events: [{ type: NOTED, data: {} }],
    });

    const first = await recordOnReturn(deps, record.id, { principal: staff }, key, note);
    const again = await recordOnReturn(deps, record.id, { principal: staff }, key, note);

    expect(first.kind).toBe("committed");
    expect(again.kind).toBe("key-taken");
    const events = await store.listEvents(record.id);
    expect(events.map((event) => event.type)).toEqual(["return.created", NOTED]);
    expect((await store.getReturn(record.id))!.record.version).toBe(2);
  });

  it("recordOnReturn - a version race computes again from the latest version", async () => {
    const { service, store, deps } = setup();
    const { record } = await service.createReturn(input, { principal: customer });
    const seen: string[] = [];

    await recordOnReturn(deps, record.id, { principal: staff }, null, async (current) => {
      seen.push(current.state);
      // Another writer lands between this read and the commit, once.
      if (seen.length === 1) await service.submit(record.id, {}, { principal: customer });
      return { record: current, events: [{ type: NOTED, data: {} }] };
    });

    expect(seen).toEqual(["draft", "submitted"]);
    const events = await store.listEvents(record.id);
    expect(events.map((event) => event.type)).toEqual([
      "return.created",
      "return.submitted",
      NOTED,
    ]);
    expect(events[2]!.payload.data).toMatchObject({ return: { state: "submitted", version: 3 } });
  });

  it("recordOnReturn - a refusal from the recording commits nothing", async () => {
    const { service, store, deps } = setup();
    const { record } = await service.createReturn(input, { principal: customer });

    const refused = recordOnReturn(deps, record.id, { principal: staff }, null, () => {
      throw problems.returnNotFound(record.id);
    });

    await expect(refused).rejects.toSatisfy(isProblemError);
    expect((await store.listEvents(record.id)).map((event) => event.type)).toEqual([
      "return.created",
    ]);
    expect((await store.getReturn(record.id))!.record.version).toBe(1);
  });

  it("recordOnReturn - If-Match of an older version is a 412 and records nothing", async () => {
    const { service, store, deps } = setup();
    const { record } = await service.createReturn(input, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });

    const stale = recordOnReturn(deps, record.id, { principal: staff, ifMatch: 1 }, null, (r) => ({
      record: r,
      events: [{ type: NOTED, data: {} }],
    }));

    await expect(stale).rejects.toMatchObject({ status: 412 });
    expect(await store.listEvents(record.id)).toHaveLength(2);
  });
});

describe("recordAboutCustomer", () => {
  it("recordAboutCustomer - delivered in order with the customer's other events, found by customer over HTTP", async () => {
    const { service, handled, deps } = setup();
    // The subscriber's endpoint is saved when the service is ready, as every operation awaits.
    await service.ready();
    const first = await recordAboutCustomer(
      deps,
      "user-1",
      [{ type: CUSTOMER_NOTED, data: { n: 1 } }],
      {
        requestId: "req-1",
      },
    );
    await recordAboutCustomer(deps, "user-2", [{ type: CUSTOMER_NOTED, data: { n: 2 } }], {});
    await recordAboutCustomer(deps, "user-1", [{ type: CUSTOMER_NOTED, data: { n: 3 } }], {});
    await service.dispatcher.drain();

    expect(first[0]).toMatchObject({
      return_id: null,
      subject: { kind: "customer", id: "user-1" },
      seq: null,
      request_id: "req-1",
    });
    const ofUser1 = handled.filter((event) => event.subject.id === "user-1");
    expect(ofUser1.map((event) => event.payload.data)).toEqual([
      { n: 1, customer_id: "user-1" },
      { n: 3, customer_id: "user-1" },
    ]);

    const response = await service.fetch(
      new Request("https://returns.example/v1/webhooks/deliveries?customer_id=user-1", {
        headers: { authorization: testToken("merchant", "ops", ["merchant:webhooks.manage"]) },
      }),
    );
    const page = (await response.json()) as { data: Array<Record<string, unknown>> };
    expect(response.status).toBe(200);
    expect(page.data.map((delivery) => delivery.event_id)).toHaveLength(2);
    expect(page.data[0]).toMatchObject({
      event_id: first[0]!.id,
      return_id: null,
      subject: { kind: "customer", id: "user-1" },
      status: "delivered",
    });
  });

  it("GET /v1/webhooks/deliveries - a customer_id no store could hold is a 400 naming it", async () => {
    const { service } = setup();
    const manager = testToken("merchant", "ops", ["merchant:webhooks.manage"]);

    const response = await service.fetch(
      new Request(`https://returns.example/v1/webhooks/deliveries?customer_id=${"c".repeat(256)}`, {
        headers: { authorization: manager },
      }),
    );

    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(JSON.stringify(await response.json())).toContain("customer_id");
  });
});
