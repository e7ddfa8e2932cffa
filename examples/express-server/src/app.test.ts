import type { AddressInfo } from "node:net";
import type { ReturnkitWebhookEvent } from "@returnkit/webhook-verify";
import { describe, expect, it } from "vitest";
import { createShopApp, type Sessions } from "./app";

describe("express example", () => {
  it("shop - host routes, host sessions and the returns API live in one app; webhooks verify", async () => {
    const sessions: Sessions = new Map([
      ["c1", { kind: "customer", id: "alice" }],
      ["s1", { kind: "staff", id: "warehouse-1" }],
    ]);
    const events: ReturnkitWebhookEvent[] = [];
    // Listen first so the origin (and the webhook URL) carries the real port.
    const holder: { app?: ReturnType<typeof createShopApp>["app"] } = {};
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => holder.app!(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { app, returns } = createShopApp({ origin, sessions, onWebhook: (e) => events.push(e) });
    holder.app = app;
    returns.dispatcher.start();
    try {
      const send = (path: string, session: string, body?: unknown, key?: string) =>
        fetch(origin + path, {
          method: body === undefined ? "GET" : "POST",
          headers: {
            "x-shop-session": session,
            "content-type": "application/json",
            ...(key ? { "idempotency-key": key } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const created = await send(
        "/returns/v1/portal/returns",
        "c1",
        { order_id: "ord_7", line: { sku: "MUG" }, reason: "DAMAGED", resolution: "REFUND" },
        "k1",
      );
      expect(created.status).toBe(201);
      const record = (await created.json()) as { id: string; _links: { self: { href: string } } };
      expect(record._links.self.href).toBe(`${origin}/returns/v1/portal/returns/${record.id}`);
      expect(
        (await send(`/returns/v1/portal/returns/${record.id}/submit`, "c1", {}, "k2")).status,
      ).toBe(200);
      const approved = await send(
        `/returns/v1/merchant/returns/${record.id}/approve`,
        "s1",
        {},
        "k3",
      );
      expect(approved.status).toBe(200);
      expect(
        ((await approved.json()) as { history: { actor: { id: string } }[] }).history.at(-1)!.actor
          .id,
      ).toBe("warehouse-1");
      // The sessions grant only `*.write`, which also grants the reads (as the README says).
      expect((await send("/returns/v1/portal/returns", "c1")).status).toBe(200);
      const queue = await send("/returns/v1/merchant/returns?state=approved", "s1");
      expect(((await queue.json()) as { data: { id: string }[] }).data.map((r) => r.id)).toEqual([
        record.id,
      ]);
      // No session: the host's authenticate returns null → 401.
      expect((await send("/returns/v1/portal/returns", "nobody")).status).toBe(401);
      // The host's own JSON route still parses JSON after the returns router.
      const note = await send("/api/orders/ord_7/notes", "c1", { note: "gift" });
      expect(await note.json()).toEqual({ order: "ord_7", note: "gift" });
      await returns.dispatcher.drain();
      expect(events.map((e) => e.type)).toEqual([
        "return.created",
        "return.submitted",
        "return.approved",
      ]);
    } finally {
      await returns.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
