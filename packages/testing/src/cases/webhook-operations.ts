/**
 * @module testing/cases/webhook-operations — the back office's webhook operations over HTTP
 * (`/v1/webhooks/…`, scope `merchant:webhooks.manage`): every route for every caller kind,
 * endpoints and their secrets, a return's events and deliveries, redelivery and recovery,
 * test events, and the endpoints the service's own configuration owns.
 */

import type { ReturnsStore } from "@returnkit/core";
import { createWebhookDispatcher, memoryStore, signWebhook } from "@returnkit/core";
import { endpointIdForUrl } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import type { ServeService } from "../http-client";
import { testToken } from "../http-client";

const PROBLEM = "urn:returnkit:problem:";
const ENDPOINTS = "/v1/webhooks/endpoints";
const ERP = "https://erp.example/hooks";
const OPTION_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const MANAGE = "merchant:webhooks.manage";
const manager = testToken("merchant", "ops", [MANAGE]);

interface SentWebhook {
  url: string;
  headers: Headers;
  body: string;
}

/**
 * A receiver on the other side of the dispatcher's `fetch` option: records what it gets and
 * answers with `status` (settable between calls).
 */
function receiverFetch() {
  const sent: SentWebhook[] = [];
  const state = { status: 204 };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, headers: new Headers(init?.headers), body: String(init?.body ?? "") });
    return new Response(null, { status: state.status });
  }) as typeof globalThis.fetch;
  return { fetch, sent, state };
}

/** A service with one endpoint from its options, one subscriber, and a recording receiver. */
async function serveWithWebhooks(serve: ServeService) {
  const receiver = receiverFetch();
  const client = await serve({
    webhooks: {
      endpoints: [{ url: ERP, secret: OPTION_SECRET }],
      fetch: receiver.fetch,
      retrySchedule: [0],
    },
    subscribers: [{ name: "refunds", handle: async () => {} }],
  });
  const { send } = client;
  const as = (token: string) => ({
    get: (path: string) => send("GET", path, { token }),
    post: (path: string, body?: unknown, key?: string) => send("POST", path, { token, body, key }),
    patch: (path: string, body: unknown) => send("PATCH", path, { token, body }),
    delete: (path: string) => send("DELETE", path, { token }),
  });
  return { ...client, receiver, ops: as(manager), as };
}

export function describeWebhookOperations(serve: ServeService): void {
  describe("webhook operations", () => {
    it("webhooks - every route refuses a customer and a merchant without merchant:webhooks.manage with 403 naming it, and changes nothing", async () => {
      const { store, ops, create, send } = await serveWithWebhooks(serve);
      const created = await ops.post(ENDPOINTS, { url: "https://crm.example/in" });
      const ret = await create();
      const event = (await store.listEvents(ret.id))[0]!;
      const id = created.json.id;
      const routes: [string, string, unknown?][] = [
        ["GET", ENDPOINTS],
        ["POST", ENDPOINTS, { url: "https://evil.example/" }],
        ["GET", `${ENDPOINTS}/${id}`],
        ["PATCH", `${ENDPOINTS}/${id}`, { enabled: false }],
        ["DELETE", `${ENDPOINTS}/${id}`],
        ["POST", `${ENDPOINTS}/${id}/secret/rotate`, {}],
        ["POST", `${ENDPOINTS}/${id}/test`, {}],
        ["GET", `/v1/webhooks/events?return_id=${ret.id}`],
        ["GET", `/v1/webhooks/deliveries?return_id=${ret.id}`],
        ["GET", "/v1/webhooks/deliveries?status=dead"],
        ["POST", `/v1/webhooks/events/${event.id}/redeliver`, {}],
        ["POST", "/v1/webhooks/recover", { since: "2020-01-01T00:00:00Z" }],
      ];
      const before = JSON.stringify([
        await store.listEndpoints(),
        await store.listDeliveries({ returnId: ret.id }),
      ]);
      const callers = {
        customer: testToken("portal", "user-42"),
        "returns merchant": testToken("merchant", "backoffice"),
      };
      for (const [caller, token] of Object.entries(callers)) {
        for (const [method, path, body] of routes) {
          const res = await send(method, path, { token, body });
          expect([caller, method, path, res.status]).toEqual([caller, method, path, 403]);
          expect(res.json).toMatchObject({
            type: `${PROBLEM}insufficient-scope`,
            required_scopes: [MANAGE],
          });
          expect(res.text).not.toContain("crm.example");
        }
      }
      expect(
        JSON.stringify([
          await store.listEndpoints(),
          await store.listDeliveries({ returnId: ret.id }),
        ]),
      ).toBe(before);
    });

    it("endpoints - create shows the secret once; list and get never do; update, rotate and delete", async () => {
      const { ops } = await serveWithWebhooks(serve);

      const created = await ops.post(ENDPOINTS, { url: "https://crm.example/in", id: "crm" });
      expect(created.status, created.text).toBe(201);
      expect(created.headers.get("location")).toBe(`https://shop.example${ENDPOINTS}/crm`);
      expect(created.json).toMatchObject({
        object: "webhook_endpoint",
        id: "crm",
        kind: "webhook",
        url: "https://crm.example/in",
        types: null,
        enabled: true,
        signing_secrets: 1,
        managed_by: "api",
        _links: { self: { href: `https://shop.example${ENDPOINTS}/crm` } },
      });
      const secret: string = created.json.secret;
      expect(secret).toMatch(/^whsec_/);

      const list = await ops.get(ENDPOINTS);
      expect(list.status).toBe(200);
      expect(
        list.json.data.map((e: { id: string; managed_by: string; kind: string }) => e.kind),
      ).toEqual(expect.arrayContaining(["webhook", "subscriber"]));
      expect(list.json.data.find((e: { id: string }) => e.id === "sub_refunds")).toMatchObject({
        kind: "subscriber",
        url: null,
        signing_secrets: 0,
        managed_by: "subscriber",
      });
      expect(list.json.data.find((e: { url: string }) => e.url === ERP)).toMatchObject({
        managed_by: "options",
      });
      for (const text of [list.text, (await ops.get(`${ENDPOINTS}/crm`)).text]) {
        expect(text).not.toContain(secret.slice(6));
        expect(text).not.toContain(OPTION_SECRET.slice(6));
        expect(text).not.toContain('"secret');
      }

      const updated = await ops.patch(`${ENDPOINTS}/crm`, {
        types: ["return.closed"],
        enabled: false,
      });
      expect(updated.json).toMatchObject({
        types: ["return.closed"],
        enabled: false,
        disabled_reason: "disabled by an operator",
      });

      const rotated = await ops.post(`${ENDPOINTS}/crm/secret/rotate`, { overlap_seconds: 3600 });
      expect(rotated.status, rotated.text).toBe(200);
      expect(rotated.json.secret).toMatch(/^whsec_/);
      expect(rotated.json.secret).not.toBe(secret);
      expect(rotated.json).toMatchObject({ signing_secrets: 2 });
      expect(Date.parse(rotated.json.previous_secrets_until)).toBeGreaterThan(Date.now());

      const deleted = await ops.delete(`${ENDPOINTS}/crm`);
      expect(deleted.json).toEqual({ object: "webhook_endpoint", id: "crm", deleted: true });
      const gone = await ops.get(`${ENDPOINTS}/crm`);
      expect(gone.status).toBe(404);
      expect(gone.json.type).toBe(`${PROBLEM}endpoint-not-found`);
    });

    it("endpoints - a test event is one signed attempt now; not accepted, it answers no status, only that it failed", async () => {
      const { ops, receiver, store } = await serveWithWebhooks(serve);
      const created = await ops.post(ENDPOINTS, { url: "https://crm.example/in" });
      receiver.state.status = 503;

      const res = await ops.post(`${ENDPOINTS}/${created.json.id}/test`);

      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({
        object: "webhook_test",
        endpoint_id: created.json.id,
        delivered: false,
        // What the receiver answered is the log's to say: the API is no probe of what listens.
        status: null,
        error: expect.stringContaining("did not accept the test event"),
      });
      expect(res.json.duration_ms).toBeGreaterThanOrEqual(0);
      const [sent] = receiver.sent;
      expect(sent!.url).toBe("https://crm.example/in");
      expect(JSON.parse(sent!.body)).toMatchObject({ type: "webhook.test" });
      const id = sent!.headers.get("webhook-id")!;
      const timestamp = Number(sent!.headers.get("webhook-timestamp"));
      expect(id).toBe(res.json.event_id);
      expect(sent!.headers.get("webhook-signature")).toBe(
        signWebhook(created.json.secret, id, timestamp, sent!.body),
      );
      expect(await store.listDeliveries({ eventId: id })).toEqual([]);
    });

    it("deliveries - a return's events and deliveries with every attempt; redeliver one event, recover all dead since a time", async () => {
      const { ops, receiver, create, service } = await serveWithWebhooks(serve);
      receiver.state.status = 500;
      const ret = await create();
      await service.dispatcher.drain();

      const events = await ops.get(`/v1/webhooks/events?return_id=${ret.id}`);
      expect(events.status, events.text).toBe(200);
      expect(events.json.data).toEqual([
        expect.objectContaining({ object: "webhook_event", return_id: ret.id, seq: 1 }),
      ]);
      const eventId = events.json.data[0].id;
      const dead = await ops.get(`/v1/webhooks/deliveries?return_id=${ret.id}&status=dead`);
      expect(dead.json.data).toEqual([
        expect.objectContaining({
          object: "webhook_delivery",
          event_id: eventId,
          status: "dead",
          next_attempt_at: null,
          attempts: [expect.objectContaining({ status: 500, duration_ms: expect.any(Number) })],
        }),
      ]);
      const deadEverywhere = await ops.get("/v1/webhooks/deliveries?status=dead");
      expect(deadEverywhere.json.data.map((d: { id: string }) => d.id)).toEqual([
        dead.json.data[0].id,
      ]);

      receiver.state.status = 204;
      const redelivered = await ops.post(`/v1/webhooks/events/${eventId}/redeliver`);
      expect(redelivered.json).toEqual({ object: "webhook_redelivery", revived: 1, skipped: 0 });
      await service.dispatcher.drain();
      const after = await ops.get(`/v1/webhooks/deliveries?event_id=${eventId}`);
      const webhook = after.json.data.find(
        (d: { endpoint_id: string }) => d.endpoint_id !== "sub_refunds",
      );
      // Every attempt counts, as listed; the retry schedule counts those since the revival.
      expect(webhook).toMatchObject({
        status: "delivered",
        attempt_count: 2,
        attempts_since_revival: 1,
      });
      expect(webhook.attempts.map((a: { status: number }) => a.status)).toEqual([500, 204]);

      receiver.state.status = 500;
      const since = new Date(Date.now() - 1_000).toISOString();
      const second = await create();
      await service.dispatcher.drain();
      const recovered = await ops.post("/v1/webhooks/recover", { since });
      expect(recovered.json).toEqual({ object: "webhook_redelivery", revived: 1, skipped: 0 });
      const pending = await ops.get(
        `/v1/webhooks/deliveries?return_id=${second.id}&status=pending`,
      );
      expect(pending.json.data).toHaveLength(1);
      expect(pending.json.data[0].next_attempt_at).toEqual(expect.any(String));
    });

    it("deliveries - the dead letters a page at a time: limit, an opaque cursor and a next link walk each once, in event order", async () => {
      const { ops, receiver, create, service } = await serveWithWebhooks(serve);
      receiver.state.status = 500;
      for (let i = 0; i < 5; i++) await create();
      await service.dispatcher.drain();

      const whole = await ops.get("/v1/webhooks/deliveries?status=dead");
      expect(whole.status, whole.text).toBe(200);
      expect(whole.json).toMatchObject({ object: "list", next_cursor: null });
      expect(whole.json.data).toHaveLength(5);
      expect(whole.json._links.next).toBeUndefined();

      const walked: string[] = [];
      const sizes: number[] = [];
      let path: string | null = "/v1/webhooks/deliveries?status=dead&limit=2";
      while (path !== null && sizes.length < 10) {
        const page = await ops.get(path);
        expect(page.status, page.text).toBe(200);
        walked.push(...page.json.data.map((d: { id: string }) => d.id));
        sizes.push(page.json.data.length);
        const next = page.json._links.next?.href as string | undefined;
        expect(next === undefined).toBe(page.json.next_cursor === null);
        if (next !== undefined) {
          const url = new URL(next);
          expect(url.searchParams.get("cursor")).toBe(page.json.next_cursor);
          expect(url.searchParams.get("limit")).toBe("2");
          expect(url.searchParams.get("status")).toBe("dead");
        }
        path = next === undefined ? null : next.slice(next.indexOf("/v1/"));
      }
      expect(sizes).toEqual([2, 2, 1]);
      expect(walked).toEqual(whole.json.data.map((d: { id: string }) => d.id));
    });

    it("deliveries - a limit outside 1-100 or a cursor this API did not give out is a 400 naming the field", async () => {
      const { ops, receiver, create, service } = await serveWithWebhooks(serve);
      receiver.state.status = 500;
      for (let i = 0; i < 2; i++) await create();
      await service.dispatcher.drain();
      const first = await ops.get("/v1/webhooks/deliveries?status=dead&limit=1");
      const cursor = first.json.next_cursor as string;
      expect(cursor).toEqual(expect.any(String));
      const tampered = `${cursor.slice(0, -2)}${cursor.endsWith("A") ? "B" : "A"}x`;

      const cases: Array<[string, string]> = [
        ["limit=0", "limit"],
        ["limit=101", "limit"],
        ["limit=ten", "limit"],
        ["limit=2.5", "limit"],
        ["cursor=not-a-cursor", "cursor"],
        [`cursor=${encodeURIComponent(tampered)}`, "cursor"],
        [`cursor=${encodeURIComponent(cursor.slice(1))}`, "cursor"],
        [`cursor=${encodeURIComponent(btoa('[1,"\u0000"]'))}`, "cursor"],
        [`cursor=${encodeURIComponent(btoa('[-1,"dlv_x"]'))}`, "cursor"],
      ];
      for (const [query, field] of cases) {
        const res = await ops.get(`/v1/webhooks/deliveries?status=dead&${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(res.headers.get("content-type")).toContain("application/problem+json");
        expect(res.json).toMatchObject({
          type: `${PROBLEM}invalid-query`,
          errors: [expect.objectContaining({ path: field })],
        });
      }
    });

    it("redeliver - refuses to send an event ahead of an earlier dead event of its return, unless out_of_order", async () => {
      const { ops, receiver, create, event, store, service } = await serveWithWebhooks(serve);
      receiver.state.status = 500;
      const ret = await create();
      expect((await event(ret.id, "submit")).status).toBe(200);
      await service.dispatcher.drain();
      const [first, second] = (await ops.get(`/v1/webhooks/events?return_id=${ret.id}`)).json
        .data as Array<{ id: string }>;
      const statuses = async () =>
        (await store.listDeliveries({ returnId: ret.id }))
          .filter((d) => !d.endpoint_id.startsWith("sub_"))
          .map((d) => [d.event_id, d.status]);
      expect(await statuses()).toEqual([
        [first!.id, "dead"],
        [second!.id, "dead"],
      ]);

      const refused = await ops.post(`/v1/webhooks/events/${second!.id}/redeliver`, {});
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json).toMatchObject({
        type: `${PROBLEM}redelivery-out-of-order`,
        event_id: second!.id,
        dead_ahead: [expect.objectContaining({ event_id: first!.id })],
      });
      expect(refused.json.detail).toContain("/v1/webhooks/recover");
      expect(await statuses()).toEqual([
        [first!.id, "dead"],
        [second!.id, "dead"],
      ]);

      const anyway = await ops.post(`/v1/webhooks/events/${second!.id}/redeliver`, {
        out_of_order: true,
      });
      const inOrder = await ops.post(`/v1/webhooks/events/${first!.id}/redeliver`, {});
      expect([anyway.json, inOrder.json]).toEqual([
        { object: "webhook_redelivery", revived: 1, skipped: 0 },
        { object: "webhook_redelivery", revived: 1, skipped: 0 },
      ]);
    });

    it("endpoints - the configuration's endpoints can only be enabled or disabled here; unknown ids are 404s", async () => {
      const { ops, store, service } = await serveWithWebhooks(serve);
      await service.ready();
      const configured = (await store.listEndpoints()).find((e) => e.kind === "webhook")!;
      const path = `${ENDPOINTS}/${configured.id}`;
      const refusals = [
        await ops.post(`${path}/secret/rotate`, {}),
        await ops.patch(path, { types: ["return.closed"] }),
        await ops.delete(path),
        await ops.post(`${ENDPOINTS}/sub_refunds/secret/rotate`, {}),
        await ops.post(`${ENDPOINTS}/sub_refunds/test`, {}),
        await ops.delete(`${ENDPOINTS}/sub_refunds`),
      ];
      expect(refusals.map((r) => [r.status, r.json.type])).toEqual(
        refusals.map(() => [409, `${PROBLEM}endpoint-managed-in-code`]),
      );
      expect(refusals[0]!.json.managed_by).toBe("options");
      expect(refusals[3]!.json.managed_by).toBe("subscriber");
      expect(await store.listEndpoints()).toContainEqual(configured);

      const paused = await ops.patch(path, { enabled: false });
      expect(paused.json).toMatchObject({ enabled: false, managed_by: "options" });
      const again = await ops.post(ENDPOINTS, { url: ERP });
      expect([again.status, again.json.type]).toEqual([409, `${PROBLEM}endpoint-exists`]);

      const unknown = [
        await ops.get(`${ENDPOINTS}/ep_nobody`),
        await ops.patch(`${ENDPOINTS}/ep_nobody`, { enabled: true }),
        await ops.post(`${ENDPOINTS}/ep_nobody/secret/rotate`, {}),
        await ops.post("/v1/webhooks/events/evt_nobody/redeliver", {}),
        await ops.get("/v1/webhooks/events?return_id=ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
      ];
      expect(unknown.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
      expect(unknown.map((r) => r.json.type.slice(PROBLEM.length))).toEqual([
        "endpoint-not-found",
        "endpoint-not-found",
        "endpoint-not-found",
        "event-not-found",
        "not-found",
      ]);
    });

    it("bad input - webhook operations refuse malformed bodies and queries with 400 and change nothing", async () => {
      const { ops, store } = await serveWithWebhooks(serve);
      const before = JSON.stringify(await store.listEndpoints());
      const refused = [
        await ops.post(ENDPOINTS, { url: "ftp://erp.example/" }),
        await ops.post(ENDPOINTS, { url: "not a url" }),
        await ops.post(ENDPOINTS, { url: "https://a.example/", types: ["return.shipped"] }),
        await ops.post(ENDPOINTS, { url: "https://a.example/", id: "sub_x" }),
        await ops.post(ENDPOINTS, { url: "https://a.example/", secret: "whsec_mine" }),
        await ops.patch(`${ENDPOINTS}/sub_refunds`, { enabled: "no" }),
        await ops.post(`${ENDPOINTS}/sub_refunds/secret/rotate`, { overlap_seconds: 8 * 86_400 }),
        await ops.post("/v1/webhooks/recover", { since: "yesterday" }),
        await ops.post("/v1/webhooks/recover", {}),
        await ops.get("/v1/webhooks/deliveries"),
        await ops.get("/v1/webhooks/deliveries?status=lost"),
        await ops.get("/v1/webhooks/events"),
      ];
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 400));
      expect(JSON.stringify(await store.listEndpoints())).toBe(before);
    });

    it("idempotency - a create or a rotation retried with its key replays the first answer, secret included, and acts once", async () => {
      const { ops, store } = await serveWithWebhooks(serve);
      const body = { url: "https://crm.example/in" };
      const first = await ops.post(ENDPOINTS, body, "create-crm");
      const retry = await ops.post(ENDPOINTS, body, "create-crm");
      expect(retry.status).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.json.secret).toBe(first.json.secret);

      const rotate = `${ENDPOINTS}/${first.json.id}/secret/rotate`;
      const rotated = await ops.post(rotate, {}, "rotate-crm");
      const rotatedAgain = await ops.post(rotate, {}, "rotate-crm");
      expect(rotatedAgain.json.secret).toBe(rotated.json.secret);
      const stored = (await store.listEndpoints()).find((e) => e.id === first.json.id);
      expect(stored).toMatchObject({
        secrets: [
          { secret: rotated.json.secret, until: null },
          { secret: first.json.secret, until: expect.any(String) },
        ],
      });
      const reused = await ops.post(rotate, { overlap_seconds: 60 }, "rotate-crm");
      expect([reused.status, reused.json.type]).toEqual([422, `${PROBLEM}idempotency-key-reused`]);
    });

    it("endpoints - an endpoint another process's options saved is the code's here too, whatever this service's options say", async () => {
      const store = memoryStore();
      // Another process, configured with the endpoint, saved it at its start.
      await createWebhookDispatcher({ store, endpoints: [{ url: ERP, secret: OPTION_SECRET }] })
        .ready;
      // This service is configured without it.
      const { send } = await serve({ store });
      const path = `${ENDPOINTS}/${endpointIdForUrl(ERP)}`;
      const before = await store.listEndpoints();

      const refusals = [
        await send("POST", `${path}/secret/rotate`, { token: manager, body: {} }),
        await send("PATCH", path, { token: manager, body: { types: ["return.closed"] } }),
        await send("DELETE", path, { token: manager }),
      ];

      expect(refusals.map((r) => [r.status, r.json.type, r.json.managed_by])).toEqual(
        refusals.map(() => [409, `${PROBLEM}endpoint-managed-in-code`, "options"]),
      );
      expect(await store.listEndpoints()).toEqual(before);
      expect((await send("GET", path, { token: manager })).json.managed_by).toBe("options");
    });

    it("endpoints - a change that lost a race is a 409 endpoint-concurrent-update, changes nothing, and may be sent again with its key", async () => {
      const inner = memoryStore();
      let competeOnce = false;
      // Another request's write lands between this request's read and its write.
      const store: ReturnsStore = {
        ...inner,
        async getEndpoint(id) {
          const found = await inner.getEndpoint(id);
          if (competeOnce) {
            competeOnce = false;
            await inner.disableEndpoint(id, "410 Gone");
          }
          return found;
        },
      };
      const { ops, send } = await serveWithWebhooks((options) => serve({ ...options, store }));
      const created = await ops.post(ENDPOINTS, { url: "https://crm.example/in", id: "crm" });
      const path = `${ENDPOINTS}/crm`;

      competeOnce = true;
      const lost = await send("POST", `${path}/secret/rotate`, {
        token: manager,
        body: {},
        key: "rotate-crm",
      });

      expect(lost.status).toBe(409);
      expect(lost.headers.get("content-type")).toContain("application/problem+json");
      expect(lost.json).toMatchObject({
        type: `${PROBLEM}endpoint-concurrent-update`,
        endpoint_id: "crm",
      });
      const stored = (await inner.getEndpoint("crm"))!.endpoint;
      expect(stored).toMatchObject({ enabled: false, disabled_reason: "410 Gone" });
      if (stored.kind !== "webhook") throw new Error("expected the webhook endpoint");
      expect(stored.secrets.map((s) => s.secret)).toEqual([created.json.secret]);

      const retried = await send("POST", `${path}/secret/rotate`, {
        token: manager,
        body: {},
        key: "rotate-crm",
      });
      expect(retried.status, retried.text).toBe(200);
      expect(retried.headers.get("idempotent-replayed")).toBeNull();
      expect(retried.json).toMatchObject({ enabled: false, signing_secrets: 2 });
    });
  });
}
