/**
 * @module testing/cases/webhook-endpoints-http — endpoints over HTTP: their secrets shown once,
 * updated, rotated, deleted, tested; the configuration's own; a change that lost a race.
 */

import {
  createWebhookDispatcher,
  memoryStore,
  type ReturnsStore,
  signWebhook,
} from "@returnkit/core";
import { endpointIdForUrl } from "@returnkit/core/store";
import { expect, it } from "vitest";
import type { ServeService } from "../http-client";
import {
  ENDPOINTS,
  ERP,
  manager,
  OPTION_SECRET,
  PROBLEM,
  serveWithWebhooks,
} from "./webhook-service";

/** Endpoints and their secrets. */
export function describeWebhookEndpointsOverHttp(serve: ServeService): void {
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
}
