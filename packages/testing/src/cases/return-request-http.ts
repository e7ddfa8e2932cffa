/**
 * @module testing/cases/return-request-http — return requests over HTTP: several lines created
 * at once under one key, refused all together naming each line, submitted together and
 * shipped in one parcel. Run by the HTTP suite over every way of mounting.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { storeContents } from "../http-client";
import { ORDER, orderBook, returnOf, TEE_M } from "../order-fixtures";

const PROBLEM = "urn:returnkit:problem:";
export const REQUESTS = "/v1/portal/return-requests";

/** A request body for `lines` of ORDER (refunds unless a line says otherwise). */
export function requestOf(...lines: Array<{ sku: string; size?: string; quantity?: number }>) {
  return {
    order_id: ORDER.id,
    lines: lines.map(({ sku, size, quantity }) => ({
      line: { sku, ...(size ? { size } : {}) },
      quantity: quantity ?? 1,
      reason: "CHANGED_MIND",
      resolution: "REFUND",
    })),
  };
}

export const CAP = { sku: "CAP-RED" };

export function describeReturnRequestsOverHttp(serve: ServeService): void {
  describe("return requests", () => {
    it("requests - create makes one draft per line in one commit, with Location, links and a submit form", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const res = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });

      expect(res.status, res.text).toBe(201);
      const request = res.json;
      expect(request.id).toMatch(/^rrq_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(res.headers.get("location")).toBe(`https://shop.example${REQUESTS}/${request.id}`);
      expect(request).toMatchObject({
        object: "return_request",
        order_id: ORDER.id,
        customer_id: "user-42",
      });
      expect(request.returns.map((r: { line: unknown }) => r.line)).toEqual([
        { sku: "TEE-BLK", size: "M", quantity: 1 },
        { sku: "CAP-RED", size: null, quantity: 1 },
      ]);
      for (const one of request.returns) {
        expect(one).toMatchObject({ state: "draft", request_id: request.id, version: 1 });
        const [created] = await store.listEvents(one.id);
        expect(created?.payload.data).toMatchObject({ return: { request_id: request.id } });
      }
      expect(Object.keys(request._templates)).toEqual(["submit"]);
      expect(request._links.item).toEqual(
        request.returns.map((one: { _links: { self: unknown } }) => one._links.self),
      );
      const listed = await send("GET", `/v1/portal/returns?request_id=${request.id}`);
      expect(listed.json.data.map((one: { id: string }) => one.id).sort()).toEqual(
        request.returns.map((one: { id: string }) => one.id).sort(),
      );
      const single = await send("POST", "/v1/portal/returns", {
        body: returnOf({ ...TEE_M, quantity: 1 }),
      });
      expect(single.status, single.text).toBe(201);
      expect(single.json.request_id).toBeNull();
    });

    it("requests - a retry with the key replays the answer; the key with another body is refused", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const first = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP), key: "rq-1" });
      const before = await storeContents(store);

      const again = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP), key: "rq-1" });
      const other = await send("POST", REQUESTS, { body: requestOf(TEE_M), key: "rq-1" });

      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.json).toEqual(first.json);
      expect(other.status).toBe(422);
      expect(other.json.type).toBe(`${PROBLEM}idempotency-key-reused`);
      expect(await storeContents(store)).toBe(before);
    });

    it("requests - lines the order refuses refuse the whole request, each named by index", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const before = await storeContents(store);

      const res = await send("POST", REQUESTS, {
        body: requestOf(TEE_M, { sku: "SALE-SCARF" }, { sku: "SOCKS" }, { ...CAP, quantity: 2 }),
      });

      expect(res.status, res.text).toBe(422);
      expect(res.json.type).toBe(`${PROBLEM}return-request-refused`);
      expect(
        res.json.lines.map((line: { index: number; type: string }) => [line.index, line.type]),
      ).toEqual([
        [1, `${PROBLEM}not-returnable`],
        [2, `${PROBLEM}return-window-closed`],
        [3, `${PROBLEM}quantity-exceeds-returnable`],
      ]);
      expect(await storeContents(store)).toBe(before);
    });

    it("requests - an order line named twice, or no line, is a 400 and changes nothing", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const before = await storeContents(store);

      const twice = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP, TEE_M) });
      const none = await send("POST", REQUESTS, { body: { order_id: ORDER.id, lines: [] } });

      expect(twice.status).toBe(400);
      expect(twice.json.errors).toEqual([expect.objectContaining({ path: "lines.2.line" })]);
      expect(none.status).toBe(400);
      expect(await storeContents(store)).toBe(before);
    });

    it("requests - submit sends every draft at once; then nothing is left to submit (409)", async () => {
      const { send, store } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const { json: created } = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });

      const res = await send("POST", `${REQUESTS}/${created.id}/submit`, {
        body: { note: "both in one box" },
      });

      expect(res.status, res.text).toBe(200);
      expect(res.json.returns.map((one: { state: string }) => one.state)).toEqual([
        "submitted",
        "submitted",
      ]);
      expect(res.json._templates).toEqual({});
      for (const one of res.json.returns) {
        const events = await store.listEvents(one.id);
        expect(events.map((event) => event.type)).toEqual(["return.created", "return.submitted"]);
      }
      const again = await send("POST", `${REQUESTS}/${created.id}/submit`, { body: {} });
      expect(again.status).toBe(409);
      expect(again.json.type).toBe(`${PROBLEM}return-request-nothing-to-do`);
    });

    it("requests - ship records one parcel for the approved returns only, and is idempotent", async () => {
      const { send, merchant, store } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
      });
      const { json: created } = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });
      await send("POST", `${REQUESTS}/${created.id}/submit`, { body: {} });
      const [tee, cap] = created.returns;
      const early = await send("POST", `/v1/merchant/return-requests/${created.id}/ship`, {
        body: { carrier: "DHL" },
        token: merchant,
      });
      expect(early.status).toBe(409);
      await send("POST", `/v1/merchant/returns/${tee.id}/approve`, { body: {}, token: merchant });
      await send("POST", `/v1/merchant/returns/${cap.id}/reject`, { body: {}, token: merchant });

      const parcel = { carrier: "DHL", tracking_number: "JJD000390007" };
      const path = `/v1/merchant/return-requests/${created.id}/ship`;
      const res = await send("POST", path, { body: parcel, token: merchant, key: "ship-1" });
      const replay = await send("POST", path, { body: parcel, token: merchant, key: "ship-1" });

      expect(res.status, res.text).toBe(200);
      expect(res.json.returns.map((one: { state: string }) => one.state)).toEqual([
        "in_transit",
        "rejected",
      ]);
      expect(res.json.returns[0].shipment).toEqual(parcel);
      expect(replay.json).toEqual(res.json);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      const events = await store.listEvents(tee.id);
      expect(events.at(-1)?.type).toBe("return.in_transit");
      const read = await send("GET", `/v1/merchant/return-requests/${created.id}`, {
        token: merchant,
      });
      expect(read.json.returns.map((one: { version: number }) => one.version)).toEqual([4, 3]);
    });

    it("requests - another customer's request is a 404, as an unknown one is", async () => {
      const { send, portal, store } = await serve({
        orders: { source: orderBook() },
        clock: () => T0,
      });
      const { json: created } = await send("POST", REQUESTS, { body: requestOf(TEE_M) });
      const before = await storeContents(store);
      const stranger = portal("user-7");

      const read = await send("GET", `${REQUESTS}/${created.id}`, { token: stranger });
      const submit = await send("POST", `${REQUESTS}/${created.id}/submit`, {
        body: {},
        token: stranger,
      });
      const unknown = await send("GET", `${REQUESTS}/rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C`);

      expect(read.status).toBe(404);
      expect(submit.status).toBe(404);
      expect(read.json.type).toBe(`${PROBLEM}not-found`);
      expect(unknown.json.detail.replace(/rrq_\w+/, "")).toBe(
        read.json.detail.replace(/rrq_\w+/, ""),
      );
      expect(await storeContents(store)).toBe(before);
      const own = await send("GET", `${REQUESTS}/${created.id}`);
      expect(own.status).toBe(200);
    });
  });
}
