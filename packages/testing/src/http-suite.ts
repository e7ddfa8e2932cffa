/**
 * @module testing/http-suite — one HTTP test suite, written once, run against every way of
 * mounting returnkit (the bare fetch handler, Hono, Express).
 *
 * A target only says how to serve a service; the suite drives the whole API through it:
 * lifecycle, branches, every forbidden transition, idempotency, and a battery of bad input
 * that must change nothing and never produce a 500. Every response it gets is checked against
 * the OpenAPI document the service serves (operation, status, media type, body schema).
 */

import {
  allowedEventsIn,
  MERCHANT_EVENTS,
  OPENAPI_PATH,
  PORTAL_EVENTS,
  RETURN_STATES,
  type ReturnState,
} from "@returnkit/core";
import { afterEach, describe, expect, it as vitestIt } from "vitest";
import { describeFitInsightsHttp } from "./cases/fit-insights-http";
import { describeOrderChecks } from "./cases/order-checks";
import { describeRequestIds } from "./cases/request-ids";
import { describeReturnPolicy } from "./cases/return-policy";
import { describeRequestEstimatesOverHttp } from "./cases/return-request-estimate-http";
import { describeReturnRequestsOverHttp } from "./cases/return-request-http";
import { describeReturnableLines } from "./cases/returnable-lines";
import { describeWebhookOperations } from "./cases/webhook-operations";
import { validCreate } from "./fixtures";
import {
  BASE,
  type HttpSuiteTarget,
  type MountedService,
  mountSuiteService,
  type SuiteServiceOptions,
  storeContents,
  testAuthenticate,
  testToken,
} from "./http-client";

export {
  type HttpSuiteTarget,
  type MountedService,
  storeContents,
  testAuthenticate,
  testToken,
} from "./http-client";

/**
 * The cases that prove a rule of the service, the same over every mount (by the start of
 * their titles): a target with `cases: "mount-specific"` leaves them to one run in full.
 */
const DOMAIN_CASES = [
  "reject - ",
  "flag - ",
  "cancel - ",
  "update - ",
  "history limit - ",
  "transitions - every event not allowed",
  "transitions - an unknown event",
  "policy - ",
  "reasons - ",
  "portal - ",
  "list - ",
  "idempotency - key order in the body",
  "idempotency - the key reused with another payload",
  "idempotency - a missing key",
  "idempotency - a replayed 409",
  "idempotency - a 400 for PATCH",
  "idempotency - a 412 for a stale If-Match",
  "idempotency - 50 concurrent requests",
  "bad input - an unknown reason",
];

export function runHttpConformance(target: HttpSuiteTarget) {
  describe(`HTTP API over ${target.name}`, () => {
    const allCases = (target.cases ?? "all") === "all";
    /** `it`, leaving out a domain case where only what a mount bridges runs. */
    const it = (title: string, body: () => Promise<void>, timeout?: number) => {
      if (allCases || !DOMAIN_CASES.some((start) => title.startsWith(start))) {
        vitestIt(title, body, timeout);
      }
    };
    let mounted: MountedService | undefined;

    afterEach(async () => {
      await mounted?.close();
      mounted = undefined;
    });

    async function setup(options: SuiteServiceOptions = {}) {
      const client = await mountSuiteService(target, options);
      mounted = client.mounted;
      return client;
    }

    // ------------------------------------------------------------------ the shop's orders

    if (allCases) {
      describeOrderChecks(setup);
      describeReturnableLines(setup);
      describeWebhookOperations(setup);
    }
    // What a mount bridges too (bodies, keys, Location), so every mount runs them.
    describeReturnRequestsOverHttp(setup);
    describeRequestEstimatesOverHttp(setup);
    describeRequestIds(setup);
    describeReturnPolicy(setup);
    // Over every mount: its query strings reach the same strict schema.
    describeFitInsightsHttp(setup);

    // ------------------------------------------------------------------ lifecycle

    it("lifecycle - create, submit, approve, ship, receive, grade, close", async () => {
      const { send, create, event, merchant } = await setup();
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
        expect(Object.keys(res.json._templates).sort()).toEqual([...expectedTemplates].sort());
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
      const { send } = await setup();
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

    it("reject - from submitted and from flagged, with reason code and actor", async () => {
      const { event, returnIn } = await setup();
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
      const { event, returnIn } = await setup();
      for (const from of ["submitted", "approved", "in_transit", "received", "graded"] as const) {
        const r = await returnIn(from);
        const flagged = await event(r.id, "flag", { note: "check photos" });
        expect(flagged.status).toBe(200);
        expect(flagged.json).toMatchObject({ state: "flagged", flagged_from: from });
        expect(Object.keys(flagged.json._templates).sort()).toEqual(["reject", "unflag"]);
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
      const { event, returnIn } = await setup();
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
      const { send, create, event } = await setup();
      const r = await create();
      const patched = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { resolution: "REFUND" },
      });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({
        resolution: "REFUND",
        exchange_size: null,
        version: 2,
        state: "draft",
      });
      const bad = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { exchange_size: "XL" },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.errors[0].path).toBe("exchange_size");
      await event(r.id, "submit");
      const late = await send("PATCH", `/v1/portal/returns/${r.id}`, {
        body: { reason: "DAMAGED" },
      });
      expect(late.status).toBe(409);
      expect(late.json).toMatchObject({ state: "submitted", allowed_events: ["cancel"] });
    });

    it("history limit - a full draft refuses PATCH with 409 and changes nothing; the lifecycle still fits", async () => {
      const { send, create, event, store } = await setup({ maxHistoryEntries: 20 });
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
      const { send, create, event } = await setup({ maxHistoryEntries: 20 });
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
      const { event, returnIn } = await setup();
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
      const { send, create, merchant } = await setup();
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
      const { event, create } = await setup({
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

    // ------------------------------------------------------------------ reasons

    it("reasons - GET /v1/reasons lists the catalogue to any caller with a read scope", async () => {
      const { send, merchant } = await setup({ reasons: { other: ["GIFT_DUPLICATE"] } });
      const readers = [
        testToken("portal", "user-42", ["portal:returns.read"]),
        testToken("portal", "user-42", ["portal:returns.write"]),
        testToken("merchant", "backoffice", ["merchant:returns.read"]),
        merchant,
      ];
      for (const token of readers) {
        const res = await send("GET", "/v1/reasons", { token });
        expect(res.status, res.text).toBe(200);
        expect(res.json.object).toBe("list");
        expect(res.json.data).toContainEqual({
          code: "TOO_SMALL_AT_CHEST",
          kind: "fit",
          direction: "TOO_SMALL",
          body_part: "CHEST",
          label: "Too small at the chest",
        });
        expect(res.json.data.at(-1)).toMatchObject({ code: "GIFT_DUPLICATE", kind: "other" });
      }
      const anonymous = await send("GET", "/v1/reasons", { token: null });
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.type).toBe("urn:returnkit:problem:unauthenticated");
      const noScope = await send("GET", "/v1/reasons", {
        token: testToken("merchant", "backoffice", []),
      });
      expect(noScope.status).toBe(403);
      expect(noScope.json.required_scopes).toEqual([
        "merchant:returns.read",
        "merchant:returns.write",
      ]);
    });

    // ------------------------------------------------------------------ callers

    it("portal - another customer's return is a 404 and lists show only one's own", async () => {
      const { send, create, portal } = await setup();
      const mine = await create(validCreate, "user-42");
      await create({ ...validCreate, order_id: "ord_2" }, "user-7");
      const other = await send("GET", `/v1/portal/returns/${mine.id}`, { token: portal("user-7") });
      expect(other.status).toBe(404);
      const cancel = await send("POST", `/v1/portal/returns/${mine.id}/cancel`, {
        token: portal("user-7"),
      });
      expect(cancel.status).toBe(404);
      const list = await send("GET", "/v1/portal/returns", { token: portal("user-7") });
      expect(list.json.data.map((r: { customer_id: string }) => r.customer_id)).toEqual(["user-7"]);
    });

    it("auth - with the host's own authenticate, no credentials is a plain 401 problem: no OAuth challenge, no metadata document", async () => {
      const { send, create } = await setup();
      const none = await send("GET", "/v1/merchant/returns", { token: null });
      expect(none.status).toBe(401);
      expect(none.json.type).toBe("urn:returnkit:problem:unauthenticated");
      expect(none.json.detail).not.toMatch(/OAuth|bearer/i);
      expect(none.headers.get("www-authenticate")).toBeNull();
      const metadata = await send("GET", "/.well-known/oauth-protected-resource", { token: null });
      expect(metadata.status).toBe(404);
      const r = await create();
      const portalOnMerchant = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {});
      expect(portalOnMerchant.status).toBe(403);
      expect(portalOnMerchant.json.required_scopes).toEqual(["merchant:returns.write"]);
      expect(portalOnMerchant.headers.get("www-authenticate")).toBeNull();
      const readOnly = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(readOnly.status).toBe(403);
      const view = await send("GET", `/v1/portal/returns/${r.id}`, {
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(view.status).toBe(200);
      expect(view.json._templates).toEqual({});
    });

    it("auth - a .write scope also grants its caller's reads; .read grants no write, and neither the webhook scope", async () => {
      const { send, create } = await setup();
      const r = await create();
      const customerWriter = testToken("portal", "user-42", ["portal:returns.write"]);
      const staffWriter = testToken("merchant", "backoffice", ["merchant:returns.write"]);
      for (const [path, token] of [
        ["/v1/portal/returns", customerWriter],
        [`/v1/portal/returns/${r.id}`, customerWriter],
        ["/v1/merchant/returns", staffWriter],
        [`/v1/merchant/returns/${r.id}`, staffWriter],
      ] as const) {
        const read = await send("GET", path, { token });
        expect(read.status, `${path}: ${read.text}`).toBe(200);
      }
      const staffReader = testToken("merchant", "backoffice", ["merchant:returns.read"]);
      const approve = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: staffReader,
      });
      expect(approve.status).toBe(403);
      expect(approve.json.required_scopes).toEqual(["merchant:returns.write"]);
      const endpoints = await send("GET", "/v1/webhooks/endpoints", { token: staffWriter });
      expect(endpoints.status).toBe(403);
      expect(endpoints.json.required_scopes).toEqual(["merchant:webhooks.manage"]);
    });

    it("list - merchant filters by state and pages with next_cursor and a next link", async () => {
      const { send, create, event, merchant } = await setup();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await create({ ...validCreate, order_id: `ord_${i}` })).id);
      await event(ids[0]!, "submit");
      const submitted = await send("GET", "/v1/merchant/returns?state=submitted", {
        token: merchant,
      });
      expect(submitted.json.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
      const seen: string[] = [];
      let url: string | null = "/v1/merchant/returns?limit=2";
      while (url) {
        const page = await send("GET", url, { token: merchant });
        expect(page.status).toBe(200);
        seen.push(...page.json.data.map((r: { id: string }) => r.id));
        url = page.json._links.next
          ? new URL(page.json._links.next.href).pathname +
            new URL(page.json._links.next.href).search
          : null;
        if (url && !page.json.next_cursor) throw new Error("next link without cursor");
      }
      expect(seen).toEqual([...ids].reverse());
      const byOrder = await send("GET", "/v1/merchant/returns?order_id=ord_3", { token: merchant });
      expect(byOrder.json.data).toHaveLength(1);
      const badState = await send("GET", "/v1/merchant/returns?state=lost", { token: merchant });
      expect(badState.status).toBe(400);
    });

    it("If-Match - a stale version is 412 and changes nothing", async () => {
      const { send, create, store } = await setup();
      const r = await create();
      const before = await storeContents(store);
      const stale = await send("POST", `/v1/portal/returns/${r.id}/submit`, {
        headers: { "if-match": '"7"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.json.current_version).toBe(1);
      expect(await storeContents(store)).toBe(before);
      const fresh = await send("POST", `/v1/portal/returns/${r.id}/submit`, {
        headers: { "if-match": '"1"' },
      });
      expect(fresh.status).toBe(200);
    });

    it("HEAD - GET routes answer HEAD with headers and no body; documents refuse writes with 405", async () => {
      const { send, create } = await setup();
      const r = await create();
      const head = await send("HEAD", `/v1/portal/returns/${r.id}`, {});
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe('"1"');
      expect(head.text).toBe("");
      const docHead = await send("HEAD", "/v1/openapi.json", { token: null });
      expect(docHead.status).toBe(200);
      expect(docHead.text).toBe("");
      const post = await send("POST", "/v1/openapi.json", { token: null, body: {} });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      const wrong = await send("PUT", `/v1/portal/returns/${r.id}`, { body: {} });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get("allow")).toBe("GET, HEAD, PATCH");
    });

    it("health - answers without credentials, as application/health+json, never cached", async () => {
      const { send } = await setup();
      const res = await send("GET", "/v1/health", { token: null });
      // The suite's services run no dispatcher: a warning, still 200 for a load balancer.
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/health+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(["pass", "warn"]).toContain(res.json.status);
      expect(Object.keys(res.json.checks).sort()).toEqual([
        "dispatcher:running",
        "outbox:lag",
        "store:migrations",
        "store:reachable",
      ]);
      expect(res.json.checks["store:reachable"][0].status).toBe("pass");
      const head = await send("HEAD", "/v1/health", { token: null });
      expect(head.status).toBe(200);
      expect(head.text).toBe("");
      const post = await send("POST", "/v1/health", { token: null, body: {} });
      expect(post.status).toBe(405);
    });

    it("liveness - answers pass without credentials, as application/health+json, never cached", async () => {
      const { send } = await setup();
      const res = await send("GET", "/v1/health/live", { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/health+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.json.status).toBe("pass");
      expect((await send("HEAD", "/v1/health/live", { token: null })).status).toBe(200);
    });

    it("documents - the OpenAPI document has a strong ETag; If-None-Match gets 304, a stale If-Match 412", async () => {
      const { send } = await setup();
      const served = await send("GET", "/v1/openapi.json", { token: null });
      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const cached = await send("GET", "/v1/openapi.json", {
        token: null,
        headers: { "if-none-match": `W/${etag}` },
      });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe("");
      expect(cached.headers.get("etag")).toBe(etag);
      const current = await send("HEAD", "/v1/openapi.json", {
        token: null,
        headers: { "if-match": `"other", ${etag}` },
      });
      expect(current.status).toBe(200);
      const stale = await send("GET", "/v1/openapi.json", {
        token: null,
        headers: { "if-match": '"0123"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.json).toMatchObject({
        type: "urn:returnkit:problem:document-changed",
        current_etag: etag,
      });
    });

    it("transitions - an event path answers other methods than POST with 405, known event or not", async () => {
      const { send, create, merchant } = await setup();
      const r = await create();
      for (const event of ["approve", "refund"]) {
        const res = await send("GET", `/v1/merchant/returns/${r.id}/${event}`, { token: merchant });
        expect(res.status, event).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      }
    });

    it("paths - an id or event holding an encoded slash or backslash names no route", async () => {
      const { send, create, merchant } = await setup();
      const r = await create();
      for (const [method, path] of [
        ["GET", `/v1/portal/returns/${r.id}%2Fsubmit`],
        ["GET", `/v1/portal/returns/x%2F..%2F${r.id}`],
        ["GET", `/v1/portal/returns/${r.id}%5Csubmit`],
        ["POST", `/v1/merchant/returns/${r.id}/approve%2F..`],
      ] as const) {
        const res = await send(method, path, {
          token: merchant,
          ...(method === "POST" ? { body: {} } : {}),
        });
        expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
        expect(res.json.type, path).toBe("urn:returnkit:problem:route-not-found");
      }
    });

    it("mount - served under a path prefix with prefixed links", async () => {
      const { send } = await setup({ mountPath: "/returns" });
      const res = await send("POST", "/v1/portal/returns", { body: validCreate });
      expect(res.status).toBe(201);
      expect(res.headers.get("location")).toBe(`${BASE}/returns/v1/portal/returns/${res.json.id}`);
    });

    // ------------------------------------------------------------------ idempotency

    it("idempotency - same key and body replays the stored response", async () => {
      const { send, store } = await setup();
      const first = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: "order-1001-return",
      });
      const again = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: "order-1001-return",
      });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(again.json).toEqual(first.json);
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      expect((await store.listReturns({ limit: 10 })).data).toHaveLength(1);
    });

    it("idempotency - a key replayed after the return moved on sends its own response, byte for byte", async () => {
      const { send, create, event, merchant } = await setup();
      const r = await create();
      const patch = () =>
        send("PATCH", `/v1/portal/returns/${r.id}`, {
          body: { resolution: "REFUND" },
          key: "patch-once",
        });
      const first = await patch();
      expect(first.status).toBe(200);
      for (const name of ["submit", "approve", "flag"]) {
        expect((await event(r.id, name, { note: `${name} note` })).status).toBe(200);
      }
      const again = await patch();
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("etag")).toBe('"2"');
      expect(again.text).toBe(first.text);
      expect(again.json.history.map((h: { event: string }) => h.event)).toEqual([
        "create",
        "update",
      ]);
      const now = await send("GET", `/v1/merchant/returns/${r.id}`, { token: merchant });
      expect(now.json.history).toHaveLength(5);
    });

    it("idempotency - key order in the body does not matter; quoted and bare keys are the same key", async () => {
      const { send } = await setup();
      const first = await send("POST", "/v1/portal/returns", { body: validCreate, key: "abc-123" });
      const reordered = Object.fromEntries(Object.entries(validCreate).reverse());
      const quoted = await send("POST", "/v1/portal/returns", {
        body: reordered,
        key: '"abc-123"',
      });
      expect(quoted.status).toBe(201);
      expect(quoted.headers.get("idempotent-replayed")).toBe("true");
      expect(quoted.json.id).toBe(first.json.id);
    });

    it("idempotency - the key reused with another payload is 422", async () => {
      const { send, store } = await setup();
      await send("POST", "/v1/portal/returns", { body: validCreate, key: "k1" });
      const before = await storeContents(store);
      const reused = await send("POST", "/v1/portal/returns", {
        body: { ...validCreate, order_id: "ord_9" },
        key: "k1",
      });
      expect(reused.status).toBe(422);
      expect(reused.json.type).toBe("urn:returnkit:problem:idempotency-key-reused");
      expect(await storeContents(store)).toBe(before);
    });

    it("idempotency - a missing key is 400, and hosts may make it optional", async () => {
      const { send } = await setup();
      const res = await send("POST", "/v1/portal/returns", { body: validCreate, key: null });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe("urn:returnkit:problem:idempotency-key-missing");
      await mounted?.close();
      const optional = await setup({ idempotency: { required: false } });
      const ok = await optional.send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: null,
      });
      expect(ok.status).toBe(201);
    });

    it("idempotency - a replayed 409 is stored and sent again", async () => {
      const { send, returnIn, merchant } = await setup();
      const r = await returnIn("closed");
      const first = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: merchant,
        key: "late",
      });
      const again = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: merchant,
        key: "late",
      });
      expect(first.status).toBe(409);
      expect(again.status).toBe(409);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      // The stored answer, told to this request: its own request id.
      const { request_id: firstId, ...firstProblem } = first.json;
      const { request_id: againId, ...againProblem } = again.json;
      expect(againProblem).toEqual(firstProblem);
      expect([firstId, againId]).toEqual([
        first.headers.get("request-id"),
        again.headers.get("request-id"),
      ]);
      expect(againId).not.toBe(firstId);
    });

    it("idempotency - a 400 for PATCH to EXCHANGE without a size is not stored: the corrected body reuses the key", async () => {
      const { send, create } = await setup();
      const r = await create({ ...validCreate, resolution: "REFUND", exchange_size: undefined });
      const path = `/v1/portal/returns/${r.id}`;
      const missing = await send("PATCH", path, { body: { resolution: "EXCHANGE" }, key: "fix" });
      expect(missing.status).toBe(400);
      expect(missing.json.errors[0].path).toBe("exchange_size");

      const corrected = await send("PATCH", path, {
        body: { resolution: "EXCHANGE", exchange_size: "L" },
        key: "fix",
      });

      expect(corrected.status, corrected.text).toBe(200);
      expect(corrected.headers.get("idempotent-replayed")).toBeNull();
      expect(corrected.json).toMatchObject({ resolution: "EXCHANGE", exchange_size: "L" });
    });

    it("idempotency - a 412 for a stale If-Match is not stored: the retry with the current ETag reuses the key", async () => {
      const { send, create } = await setup();
      const r = await create();
      const path = `/v1/portal/returns/${r.id}/submit`;
      const stale = await send("POST", path, { headers: { "if-match": '"7"' }, key: "sub" });
      expect(stale.status).toBe(412);

      const current = await send("POST", path, { headers: { "if-match": '"1"' }, key: "sub" });

      expect(current.status, current.text).toBe(200);
      expect(current.headers.get("idempotent-replayed")).toBeNull();
      expect(current.json).toMatchObject({ state: "submitted", version: 2 });
      const again = await send("POST", path, { headers: { "if-match": '"1"' }, key: "sub" });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.json).toEqual(current.json);
    });

    it("idempotency - 50 concurrent requests with one key run the operation exactly once", async () => {
      const { send, store, create, merchant } = await setup();
      const r = await create();
      await send("POST", `/v1/portal/returns/${r.id}/submit`, {});
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          send("POST", `/v1/merchant/returns/${r.id}/approve`, {
            token: merchant,
            key: "approve-once",
          }),
        ),
      );
      const statuses = responses.map((res) => res.status);
      const fresh = responses.filter(
        (res) => res.status === 200 && res.headers.get("idempotent-replayed") !== "true",
      );
      expect(fresh).toHaveLength(1);
      // No key is held while a request runs: every other request replays the one execution.
      for (const res of responses) if (res.status === 200) expect(res.json.version).toBe(3);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const stored = await store.getReturn(r.id);
      expect(stored!.record.history.filter((h) => h.event === "approve")).toHaveLength(1);
      expect(
        (await store.listEvents(r.id)).filter((e) => e.type === "return.approved"),
      ).toHaveLength(1);
    });

    // ------------------------------------------------------------------ bad input

    it("bad input - every malformed request is a 4xx problem and changes nothing", async () => {
      const { send, store, create, merchant } = await setup();
      const r = await create();
      const before = await storeContents(store);
      const deep = "[".repeat(5000) + "]".repeat(5000);
      const cases: {
        name: string;
        method: string;
        path: string;
        opts: Parameters<typeof send>[2];
        status: number;
      }[] = [
        {
          name: "malformed JSON",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: '{"order_id":', headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "wrong types",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, line: { sku: 5, quantity: "one" } } },
          status: 400,
        },
        {
          name: "unknown field",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, discount: 10 } },
          status: 400,
        },
        {
          name: "__proto__ key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: `{"__proto__":{"admin":true},${JSON.stringify(validCreate).slice(1)}`,
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "constructor key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: `{"constructor":{"prototype":{"x":1}},${JSON.stringify(validCreate).slice(1)}`,
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "1 MB body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: JSON.stringify({ ...validCreate, pad: "x".repeat(1 << 20) }),
            headers: { "content-type": "application/json" },
          },
          status: 413,
        },
        {
          name: "deep nesting",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: deep, headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "array body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: [validCreate] },
          status: 400,
        },
        {
          name: "null body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: "null", headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "empty body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: "", headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "wrong content type",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: JSON.stringify(validCreate), headers: { "content-type": "text/plain" } },
          status: 415,
        },
        {
          name: "form body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: "order_id=1",
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
          status: 415,
        },
        {
          name: "invalid UTF-8",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "unknown reason",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, reason: "TOO_BLUE" } },
          status: 400,
        },
        {
          name: "exchange size with refund",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, resolution: "REFUND" } },
          status: 400,
        },
        {
          name: "exchange without size",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, exchange_size: undefined } },
          status: 400,
        },
        {
          name: "oversized order id",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, order_id: "o".repeat(129) } },
          status: 400,
        },
        // PostgreSQL's text cannot hold NUL: refused up front, for every store alike.
        {
          name: "NUL in order id",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, order_id: "ord\u0000-1" } },
          status: 400,
        },
        {
          name: "NUL in a note",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/flag`,
          opts: { body: { note: "look\u0000" }, token: merchant },
          status: 400,
        },
        {
          name: "NUL in a list filter",
          method: "GET",
          path: "/v1/portal/returns?order_id=ord%00",
          opts: {},
          status: 400,
        },
        {
          name: "NUL in a cursor",
          method: "GET",
          path: "/v1/merchant/returns?cursor=ret_%00",
          opts: { token: merchant },
          status: 400,
        },
        // Nor can it hold a lone surrogate (it keeps U+FFFD instead), which a JSON escape
        // carries into any string: refused like NUL.
        ...illFormedBodies(r.id, merchant).map((c) => ({ ...c, status: 400 })),
        {
          name: "zero quantity",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, line: { sku: "A", quantity: 0 } } },
          status: 400,
        },
        {
          name: "empty key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "" },
          status: 400,
        },
        {
          name: "oversized key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "k".repeat(256) },
          status: 400,
        },
        {
          name: "non-ASCII key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "kéy" },
          status: 400,
        },
        {
          name: "invalid id",
          method: "GET",
          path: "/v1/portal/returns/not-an-id",
          opts: {},
          status: 404,
        },
        {
          name: "encoded traversal id",
          method: "GET",
          path: "/v1/portal/returns/..%2F..%2Fetc",
          opts: {},
          status: 404,
        },
        {
          name: "unknown return",
          method: "POST",
          path: "/v1/merchant/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C/approve",
          opts: { token: merchant },
          status: 404,
        },
        {
          name: "note too long",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/flag`,
          opts: { token: merchant, body: { note: "n".repeat(501) } },
          status: 400,
        },
        {
          name: "unknown event field",
          method: "POST",
          path: `/v1/portal/returns/${r.id}/submit`,
          opts: { body: { state: "closed" } },
          status: 400,
        },
        {
          name: "bad grade enum",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/grade`,
          opts: { token: merchant, body: { condition: "SHINY" } },
          status: 400,
        },
        {
          name: "empty patch",
          method: "PATCH",
          path: `/v1/portal/returns/${r.id}`,
          opts: { body: {} },
          status: 400,
        },
        { name: "unknown route", method: "GET", path: "/v1/portal/refunds", opts: {}, status: 404 },
        {
          name: "wrong method",
          method: "DELETE",
          path: `/v1/portal/returns/${r.id}`,
          opts: {},
          status: 405,
        },
        {
          name: "bad limit",
          method: "GET",
          path: "/v1/portal/returns?limit=100000",
          opts: {},
          status: 400,
        },
        {
          name: "unknown query param",
          method: "GET",
          path: "/v1/portal/returns?sort=asc",
          opts: {},
          status: 400,
        },
        {
          name: "garbage token",
          method: "GET",
          path: "/v1/portal/returns",
          opts: { token: "Bearer ???" },
          status: 401,
        },
      ];
      for (const c of cases) {
        const res = await send(c.method, c.path, c.opts);
        expect(res.status, `${c.name}: ${res.text.slice(0, 300)}`).toBe(c.status);
        expect(res.headers.get("content-type"), c.name).toBe("application/problem+json");
        expect(res.json, c.name).toMatchObject({
          type: expect.stringMatching(/^urn:returnkit:problem:/),
          status: c.status,
          title: expect.any(String),
          detail: expect.any(String),
        });
        if (
          c.status === 400 &&
          c.name !== "empty key" &&
          c.name !== "oversized key" &&
          c.name !== "non-ASCII key"
        ) {
          expect(Array.isArray(res.json.errors), c.name).toBe(true);
        }
      }
      expect(await storeContents(store)).toBe(before);
      expect(Object.prototype).not.toHaveProperty("admin");
      // Still serving after the battery.
      const after = await send("GET", `/v1/portal/returns/${r.id}`, {});
      expect(after.status).toBe(200);
    });

    it("auth - a host's challenge is what its 401 carries, and the OpenAPI document declares the host's scheme, not OAuth", async () => {
      const securityScheme = { type: "apiKey", in: "cookie", name: "shop_session" };
      const { send } = await setup({
        auth: { authenticate: testAuthenticate, securityScheme, challenge: 'Cookie realm="shop"' },
      });
      const none = await send("POST", "/v1/portal/returns", { token: null, body: validCreate });
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Cookie realm="shop"');
      const document = await (await mounted!.request(OPENAPI_PATH)).json();
      expect(document.components.securitySchemes).toEqual({ hostAuth: securityScheme });
      const create = document.paths["/v1/portal/returns"].post;
      expect(create.security).toEqual([{ hostAuth: ["portal:returns.write"] }]);
    });

    it("auth - a host principal whose id is not well-formed Unicode is 401 invalid-token", async () => {
      const { send, store } = await setup({
        auth: {
          authenticate: () => ({ kind: "portal", id: "\ud800", scopes: ["portal:returns.write"] }),
        },
      });
      const before = await storeContents(store);
      for (const [method, path] of [
        ["POST", "/v1/portal/returns"],
        ["GET", "/v1/portal/returns"],
      ] as const) {
        const res = await send(method, path, method === "POST" ? { body: validCreate } : {});
        expect(res.status, res.text).toBe(401);
        expect(res.json.type).toBe("urn:returnkit:problem:invalid-token");
      }
      expect(await storeContents(store)).toBe(before);
    });

    it("bad input - an unknown reason names the rule and links the catalogue, in a short problem", async () => {
      const { send } = await setup({ mountPath: "/returns" });
      const res = await send("POST", "/v1/portal/returns", {
        body: { ...validCreate, reason: "TOO_BLUE" },
      });
      expect(res.status).toBe(400);
      // Listing ~80 codes in detail and again in errors made a 3.6 KB answer.
      expect(res.text.length).toBeLessThan(1024);
      expect(res.json.errors).toEqual([{ path: "reason", message: expect.any(String) }]);
      expect(res.json.detail).not.toContain("CHANGED_MIND");
      const href = /https?:\/\/\S+\/v1\/reasons/.exec(res.json.errors[0].message)?.[0];
      expect(href, res.json.errors[0].message).toBe(`${BASE}/returns/v1/reasons`);
      const catalogue = await send("GET", "/v1/reasons");
      expect(catalogue.status).toBe(200);
      expect(catalogue.json.data).toContainEqual(
        expect.objectContaining({ code: "TOO_SMALL_AT_CHEST" }),
      );
    });
  });
}

/** Lone high and low surrogates, and a pair in the wrong order: none is Unicode text. */
const ILL_FORMED = ["\ud800", "x\udfff", "\udc00\ud800"];

/** A write carrying ill-formed text in each field a caller may fill in. */
function illFormedBodies(id: string, merchant: string) {
  const create = (body: unknown) => ({
    method: "POST",
    path: "/v1/portal/returns",
    opts: { body },
  });
  const merchantEvent = (event: string, body: unknown) => ({
    method: "POST",
    path: `/v1/merchant/returns/${id}/${event}`,
    opts: { body, token: merchant },
  });
  return ILL_FORMED.flatMap((text) => [
    { name: `${JSON.stringify(text)} in order id`, ...create({ ...validCreate, order_id: text }) },
    {
      name: `${JSON.stringify(text)} in sku`,
      ...create({ ...validCreate, line: { ...validCreate.line, sku: text } }),
    },
    {
      name: `${JSON.stringify(text)} in size`,
      ...create({ ...validCreate, line: { ...validCreate.line, size: text } }),
    },
    {
      name: `${JSON.stringify(text)} in exchange size`,
      ...create({ ...validCreate, exchange_size: text }),
    },
    {
      name: `${JSON.stringify(text)} in a patched exchange size`,
      method: "PATCH",
      path: `/v1/portal/returns/${id}`,
      opts: { body: { exchange_size: text } },
    },
    { name: `${JSON.stringify(text)} in a note`, ...merchantEvent("flag", { note: text }) },
    { name: `${JSON.stringify(text)} in a carrier`, ...merchantEvent("ship", { carrier: text }) },
    {
      name: `${JSON.stringify(text)} in a tracking number`,
      ...merchantEvent("ship", { tracking_number: text }),
    },
  ]);
}
