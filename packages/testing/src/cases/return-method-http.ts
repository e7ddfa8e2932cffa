/**
 * @module testing/cases/return-method-http — how a request travels back, over HTTP: the method
 * a customer chooses among the shop's (the only one by default; a 400 for one the shop does not
 * offer, or none when it offers several), shown on the request and each return; the RMA number
 * beside the request id, and staff finding the request by it as they hear it.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService } from "../http-client";
import { ORDER, orderBook, TEE_M } from "../order-fixtures";
import { CAP, REQUESTS, requestOf } from "./return-request-http";

const PROBLEM = "urn:returnkit:problem:";
const RMA = /^RMA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const RETURN_ADDRESS = {
  name: "Shop Returns",
  lines: ["Lagerstr. 5"],
  postcode: "10115",
  city: "Berlin",
  country: "DE",
};
const SEVERAL_METHODS = {
  by_mail: { address: RETURN_ADDRESS },
  in_store: { instructions: "Bring the parcel to any of our stores." },
};

export function describeReturnMethodsOverHttp(serve: ServeService): void {
  describe("return methods and RMA numbers", () => {
    it("requests - by mail when the shop offers only that; an RMA number beside the id, on every return", async () => {
      const { send } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const res = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });

      expect(res.status, res.text).toBe(201);
      expect(res.json.return_method).toBe("by_mail");
      expect(res.json.rma).toMatch(RMA);
      for (const one of res.json.returns) {
        expect(one).toMatchObject({ return_method: "by_mail", rma: res.json.rma });
      }
      const again = await send("GET", `${REQUESTS}/${res.json.id}`);
      expect(again.json).toMatchObject({ rma: res.json.rma, return_method: "by_mail" });
    });

    it("requests - the customer chooses among the shop's methods; one it does not offer is a 400 that creates nothing", async () => {
      const { send, store } = await serve({
        orders: { source: orderBook() },
        policy: { returnMethods: SEVERAL_METHODS },
        clock: () => T0,
      });

      const chosen = await send("POST", REQUESTS, {
        body: { ...requestOf(TEE_M), return_method: "in_store" },
      });
      expect(chosen.status, chosen.text).toBe(201);
      expect(chosen.json.return_method).toBe("in_store");

      const unoffered = await send("POST", REQUESTS, {
        body: { ...requestOf(CAP), return_method: "drop_off" },
      });
      expect(unoffered.status).toBe(400);
      expect(unoffered.json.type).toBe(`${PROBLEM}invalid-body`);
      expect(unoffered.json.errors.map((error: { path: string }) => error.path)).toEqual([
        "return_method",
      ]);

      const unnamed = await send("POST", REQUESTS, { body: requestOf(CAP) });
      expect(unnamed.status).toBe(400);
      expect(unnamed.json.errors).toEqual([
        {
          path: "return_method",
          message: "return_method is required: the shop offers by_mail, in_store",
        },
      ]);
      const all = await store.listReturns({ limit: 100 });
      expect(all.data.map((stored) => stored.record.line.sku)).toEqual(["TEE-BLK"]);

      // The order's form offers the methods; an estimate does not need one yet.
      const view = await send("GET", `/v1/portal/orders/${ORDER.id}/returnable`);
      expect(view.json._templates.create_request.properties.at(-1)).toEqual({
        name: "return_method",
        required: true,
        options: { inline: ["by_mail", "in_store"] },
      });
      const estimate = await send("POST", `${REQUESTS}/estimate`, { body: requestOf(CAP) });
      expect(estimate.status, estimate.text).toBe(200);

      const policy = await send("GET", "/v1/return-policy", { token: null });
      expect(policy.json.return_methods).toEqual(["by_mail", "in_store"]);
      expect(policy.json.return_method_details).toEqual(SEVERAL_METHODS);
    });

    it("returns - a return created alone records its method and has no RMA number", async () => {
      const { send } = await serve({
        orders: { source: orderBook() },
        policy: { returnMethods: SEVERAL_METHODS },
        clock: () => T0,
      });
      const body = {
        order_id: ORDER.id,
        line: { sku: TEE_M.sku, size: TEE_M.size },
        reason: "CHANGED_MIND",
        resolution: "REFUND",
        return_method: "by_mail",
      };
      const res = await send("POST", "/v1/portal/returns", { body });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ return_method: "by_mail", rma: null });
      const { return_method: _method, ...unnamed } = body;
      const refused = await send("POST", "/v1/portal/returns", { body: unnamed });
      expect(refused.status).toBe(400);
    });

    it("merchant list - finds a request's returns by its RMA number, typed as staff hear it", async () => {
      const { send, merchant } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const created = await send("POST", REQUESTS, { body: requestOf(TEE_M, CAP) });
      await send("POST", REQUESTS, { body: requestOf(TEE_M) });
      const rma: string = created.json.rma;
      const ids = created.json.returns.map((one: { id: string }) => one.id).sort();

      for (const typed of [rma, rma.toLowerCase(), rma.replace(/^RMA-/, "").replace("-", " ")]) {
        const found = await send("GET", `/v1/merchant/returns?rma=${encodeURIComponent(typed)}`, {
          token: merchant,
        });
        expect(found.status, found.text).toBe(200);
        expect(found.json.data.map((one: { id: string }) => one.id).sort(), typed).toEqual(ids);
      }
      const unknown = await send("GET", "/v1/merchant/returns?rma=RMA-0000-0000", {
        token: merchant,
      });
      expect(unknown.json.data).toEqual([]);
      const malformed = await send("GET", "/v1/merchant/returns?rma=RMA-12", { token: merchant });
      expect(malformed.status).toBe(400);
      expect(malformed.json.type).toBe(`${PROBLEM}invalid-query`);
      // Staff only: a customer's list takes no rma filter.
      const portal = await send("GET", `/v1/portal/returns?rma=${rma}`);
      expect(portal.status).toBe(400);
    });
  });
}
