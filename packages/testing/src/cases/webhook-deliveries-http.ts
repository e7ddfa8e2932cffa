/**
 * @module testing/cases/webhook-deliveries-http — a return's events and deliveries over HTTP, the
 * dead letters a page at a time, redelivery (in order unless out_of_order) and recovery.
 */

import { expect, it } from "vitest";
import type { ServeService } from "../http-client";
import { PROBLEM, serveWithWebhooks } from "./webhook-service";

/** Events, deliveries, dead letters and redelivery. */
export function describeWebhookDeliveriesOverHttp(serve: ServeService): void {
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
    const pending = await ops.get(`/v1/webhooks/deliveries?return_id=${second.id}&status=pending`);
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
}
