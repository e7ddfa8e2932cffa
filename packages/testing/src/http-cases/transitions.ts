/**
 * @module testing/http-cases/transitions — the rules of the return's state machine as the API
 * answers them: each branch, every forbidden event, the history limit and the auto-approve
 * policy. The same over every mount, so they run where a target runs in full.
 */
import { allowedEventsIn, MERCHANT_EVENTS, PORTAL_EVENTS, RETURN_STATES } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { type ServeService, storeContents } from "../http-client";

/** Each branch of the lifecycle, every event a state refuses, and the history limit. */
export function describeTransitionRules(serve: ServeService): void {
  describe("transition rules", () => {
    it("reject - from submitted and from flagged, with reason code and actor", async () => {
      const { event, returnIn } = await serve();
      for (const from of ["submitted", "flagged"] as const) {
        const r = await returnIn(from);
        const res = await event(r.id, "reject", { reason_code: "FINAL_SALE", note: "sale item" });
        expect(res.status).toBe(200);
        expect(res.json.state).toBe("rejected");
        expect(res.json.history.at(-1)).toMatchObject({
          event: "reject",
          from,
          to: "rejected",
          reason_code: "FINAL_SALE",
          note: "sale item",
          actor: { kind: "merchant", id: "backoffice" },
        });
        expect(res.json._templates).toEqual({});
      }
    });

    it("flag - from every allowed state and unflag back to where it was", async () => {
      const { event, returnIn } = await serve();
      for (const from of ["submitted", "approved", "in_transit", "received", "graded"] as const) {
        const r = await returnIn(from);
        const flagged = await event(r.id, "flag", { note: "check photos" });
        expect(flagged.status).toBe(200);
        expect(flagged.json).toMatchObject({ state: "flagged", flagged_from: from });
        // A return flagged once received keeps its released exchange's order form.
        const released = flagged.json.exchange?.status === "released";
        const forms = released ? ["record_exchange_order"] : [];
        expect(Object.keys(flagged.json._templates).sort()).toEqual(
          [...forms, "reject", "unflag"].sort(),
        );
        const back = await event(r.id, "unflag");
        expect(back.status).toBe(200);
        expect(back.json).toMatchObject({
          state: from,
          flagged_from: null,
          version: r.version + 2,
        });
        expect(back.json.history.at(-1)).toMatchObject({
          event: "unflag",
          from: "flagged",
          to: from,
        });
      }
    });

    it("cancel - from draft, submitted and approved, by the customer", async () => {
      const { event, returnIn } = await serve();
      for (const from of ["draft", "submitted", "approved"] as const) {
        const r = await returnIn(from);
        const res = await event(r.id, "cancel", { note: "changed my mind" });
        expect(res.status).toBe(200);
        expect(res.json.state).toBe("cancelled");
        expect(res.json.history.at(-1)).toMatchObject({
          event: "cancel",
          from,
          actor: { kind: "portal", id: "user-42" },
        });
      }
    });

    it("update - PATCH changes a draft and is refused after submit", async () => {
      const { send, create, event } = await serve();
      const r = await create();
      const patched = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { resolution: "REFUND" },
      });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({
        resolution: "REFUND",
        exchange: null,
        version: 2,
        state: "draft",
      });
      const bad = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { exchange_for: { sku: "TEE-BLK-XL" } },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.errors[0].path).toBe("exchange_for");
      await event(r.id, "submit");
      const late = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { reason: "DAMAGED" },
      });
      expect(late.status).toBe(409);
      expect(late.json).toMatchObject({ state: "submitted", allowed_events: ["cancel"] });
    });

    it("history limit - a full draft refuses PATCH with 409 and changes nothing; the lifecycle still fits", async () => {
      const { send, create, event, store } = await serve({ maxHistoryEntries: 20 });
      const r = await create();
      const reasons = ["TOO_LARGE_AT_CHEST", "TOO_SMALL_AT_CHEST"];
      // A draft may fill half the history: the create and nine PATCHes.
      for (let i = 0; i < 9; i++) {
        const res = await send("PATCH", `/v1/portal/returns/${r.id}`, {
          body: { reason: reasons[i % 2] },
        });
        expect(res.status, res.text).toBe(200);
      }
      const before = await storeContents(store);
      const full = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { reason: "DAMAGED" },
      });
      expect(full.status).toBe(409);
      expect(full.headers.get("content-type")).toBe("application/problem+json");
      expect(full.json).toMatchObject({
        type: "urn:returnkit:problem:history-limit-reached",
        event: "update",
        history_entries: 10,
        max_history_entries: 20,
      });
      expect(full.json.detail).toMatch(/submit/i);
      expect(await storeContents(store)).toBe(before);

      // Flags take turns while room is left for an unflag and the rest of the lifecycle.
      expect((await event(r.id, "submit")).status).toBe(200);
      for (const name of ["flag", "unflag", "flag", "unflag"]) {
        const res = await event(r.id, name);
        expect(res.status, `${name}: ${res.text}`).toBe(200);
      }
      const flagAgain = await event(r.id, "flag");
      expect(flagAgain.status).toBe(409);
      expect(flagAgain.json).toMatchObject({
        type: "urn:returnkit:problem:history-limit-reached",
        event: "flag",
      });
      const steps: [string, unknown?][] = [
        ["approve"],
        ["ship", { carrier: "DHL", tracking_number: "JD0001" }],
        ["receive"],
        ["grade", { condition: "LIKE_NEW", disposition: "RESTOCK" }],
        ["close"],
      ];
      let last = full.json;
      for (const [name, body] of steps) {
        const res = await event(r.id, name, body);
        expect(res.status, `${name}: ${res.text}`).toBe(200);
        last = res.json;
      }
      expect(last.state).toBe("closed");
      expect(last.history).toHaveLength(20);
    });

    it("history limit - a full draft can still be cancelled", async () => {
      const { send, create, event } = await serve({ maxHistoryEntries: 20 });
      const r = await create();
      for (let i = 0; i < 9; i++) {
        const res = await send("PATCH", `/v1/portal/returns/${r.id}`, {
          body: { resolution: i % 2 ? "REFUND" : "STORE_CREDIT" },
        });
        expect(res.status, res.text).toBe(200);
      }
      const cancelled = await event(r.id, "cancel");
      expect(cancelled.status).toBe(200);
      expect(cancelled.json.state).toBe("cancelled");
    });

    it("transitions - every event not allowed in a state is a 409 naming what is allowed", async () => {
      const { event, returnIn } = await serve();
      for (const state of RETURN_STATES) {
        for (const name of [...PORTAL_EVENTS.filter((e) => e !== "update"), ...MERCHANT_EVENTS]) {
          const caller = (PORTAL_EVENTS as readonly string[]).includes(name)
            ? "portal"
            : "merchant";
          const allowed = allowedEventsIn(state, caller);
          if (allowed.includes(name as never)) continue;
          const r = await returnIn(state);
          const res = await event(r.id, name);
          expect(res.status, `${name} in ${state}`).toBe(409);
          expect(res.headers.get("content-type")).toBe("application/problem+json");
          expect(res.json).toMatchObject({
            type: "urn:returnkit:problem:invalid-transition",
            status: 409,
            state,
            allowed_events: allowed,
          });
        }
      }
    }, 60_000);

    it("transitions - an unknown event is a 404 naming the eight", async () => {
      const { send, create, merchant } = await serve();
      const r = await create();
      const res = await send("POST", `/v1/merchant/returns/${r.id}/refund`, { token: merchant });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({
        type: "urn:returnkit:problem:unknown-event",
        known_events: [...MERCHANT_EVENTS],
      });
      const portalSide = await send("POST", `/v1/portal/returns/${r.id}/approve`, {});
      expect(portalSide.status).toBe(404);
    });

    it("policy - autoApprove approves at submit in the same commit, as actor policy", async () => {
      const { event, create } = await serve({
        policy: { autoApprove: (r) => r.reason.startsWith("TOO_") },
      });
      const r = await create();
      const res = await event(r.id, "submit");
      expect(res.json.state).toBe("approved");
      expect(res.json.version).toBe(2);
      expect(res.json.history.slice(-2)).toMatchObject([
        { event: "submit", to: "submitted", actor: { kind: "portal" } },
        { event: "approve", to: "approved", actor: { kind: "policy", id: "autoApprove" } },
      ]);
    });
  });
}
