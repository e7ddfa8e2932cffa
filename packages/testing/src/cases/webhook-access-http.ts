/**
 * @module testing/cases/webhook-access-http — who may use the webhook operations
 * (merchant:webhooks.manage only), malformed bodies and queries refused, and keyed writes
 * replayed.
 */

import { expect, it } from "vitest";
import { type ServeService, testToken } from "../http-client";
import { ENDPOINTS, MANAGE, PROBLEM, serveWithWebhooks } from "./webhook-service";

/** The rules every webhook operation keeps: its scope, its input, its key. */
export function describeWebhookAccessOverHttp(serve: ServeService): void {
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
}
