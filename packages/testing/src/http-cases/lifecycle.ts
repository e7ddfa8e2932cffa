/**
 * @module testing/http-cases/lifecycle — a return walked from create to close through the
 * mount, and the headers and links of its create: what every mount carries the same way.
 */
import { allowedEventsIn, type ReturnState } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { BASE, type ServeService } from "../http-client";

/** The whole lifecycle through a mount: states, versions, ETags, history and forms. */
export function describeLifecycleOverHttp(serve: ServeService): void {
  describe("lifecycle", () => {
    it("lifecycle - create, submit, approve, ship, receive, grade, close", async () => {
      const { send, create, event, merchant } = await serve();
      const draft = await create();
      expect(draft).toMatchObject({
        object: "return",
        state: "draft",
        version: 1,
        customer_id: "user-42",
        line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
      });
      expect(draft.id).toMatch(/^ret_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(draft.history).toEqual([
        expect.objectContaining({
          seq: 1,
          event: "create",
          from: null,
          to: "draft",
          actor: { kind: "portal", id: "user-42" },
        }),
      ]);
      expect(Object.keys(draft._templates).sort()).toEqual(["cancel", "submit", "update"]);

      const steps: [string, string, unknown?][] = [
        ["submit", "submitted"],
        ["approve", "approved", { note: "looks fine" }],
        ["ship", "in_transit", { carrier: "DHL", tracking_number: "JD0001" }],
        ["receive", "received"],
        ["grade", "graded", { condition: "LIKE_NEW", disposition: "RESTOCK" }],
        ["close", "closed"],
      ];
      let version = 1;
      for (const [name, state, body] of steps) {
        const res = await event(draft.id, name, body);
        expect(res.status, res.text).toBe(200);
        version++;
        expect(res.json.state).toBe(state);
        expect(res.json.version).toBe(version);
        expect(res.headers.get("etag")).toBe(`"${version}"`);
        const last = res.json.history.at(-1);
        expect(last).toMatchObject({ seq: version, event: name, to: state });
        expect(last.actor.kind).toBe(name === "submit" ? "portal" : "merchant");
        const expectedTemplates = allowedEventsIn(
          state as ReturnState,
          name === "submit" ? "portal" : "merchant",
        );
        // The exchange goes out at receipt: from then on its order can be recorded.
        const released = res.json.exchange?.status === "released";
        const forms = released ? ["record_exchange_order"] : [];
        expect(Object.keys(res.json._templates).sort()).toEqual(
          [...expectedTemplates, ...forms].sort(),
        );
      }
      const closed = await send("GET", `/v1/merchant/returns/${draft.id}`, { token: merchant });
      expect(closed.json).toMatchObject({
        state: "closed",
        shipment: { carrier: "DHL", tracking_number: "JD0001" },
        grade: { condition: "LIKE_NEW", disposition: "RESTOCK" },
        _templates: {},
      });
      expect(closed.json.history.map((h: { event: string }) => h.event)).toEqual([
        "create",
        "submit",
        "approve",
        "ship",
        "receive",
        "grade",
        "close",
      ]);
      expect(closed.json.history[2].note).toBe("looks fine");
    });

    it("create - 201 with Location, ETag and the describedby link", async () => {
      const { send } = await serve();
      const res = await send("POST", "/v1/portal/returns", { body: validCreate });
      expect(res.status).toBe(201);
      expect(res.headers.get("location")).toBe(`${BASE}/v1/portal/returns/${res.json.id}`);
      expect(res.headers.get("etag")).toBe('"1"');
      expect(res.headers.get("link")).toBe(`<${BASE}/v1/openapi.json>; rel="describedby"`);
      expect(res.json._links.self.href).toBe(`${BASE}/v1/portal/returns/${res.json.id}`);
      expect(res.json._templates.submit).toEqual({
        title: "Submit the return",
        method: "POST",
        target: `${BASE}/v1/portal/returns/${res.json.id}/submit`,
        contentType: "application/json",
        schema: {
          href: `${BASE}/v1/openapi.json#/components/requestBodies/SubmitReturn/content/application~1json/schema`,
        },
        requiredScopes: ["portal:returns.write"],
      });
    });
  });
}
