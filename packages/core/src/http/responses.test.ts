import { describe, expect, test } from "vitest";
import { generateWebhookSecret } from "../delivery/signer";
import type { Principal } from "../domain/principal";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService } from "../service";
import { buildRoutes, type RouteDefinition } from "./routes";

const BASE = "https://shop.example/api";
const PRIVATE = "private, no-store";

const callers: Record<string, Principal> = {
  portal: { kind: "portal", id: "alice", scopes: ["portal:returns.write"] },
  merchant: {
    kind: "merchant",
    id: "ops",
    scopes: ["merchant:returns.write", "merchant:webhooks.manage"],
  },
};

/** A shop with one return request of two returns, an endpoint and the events they made. */
async function shopWithReturns() {
  const service = createReturnsService({
    baseUrl: BASE,
    orders: {
      source: inMemoryOrders([
        {
          id: "ord_1",
          customer_id: "alice",
          placed_at: new Date(),
          currency: "EUR",
          lines: [
            { sku: "TEE", size: "M", quantity: 2, unit_price: 2900 },
            { sku: "JEANS", size: "32", quantity: 1, unit_price: 7900 },
          ],
        },
      ]),
    },
    idempotency: { required: false },
    auth: { authenticate: (request) => callers[request.headers.get("x-caller") ?? ""] ?? null },
    webhooks: {
      // Nothing listens there: a test event fails at once, without leaving the machine.
      endpoints: [{ id: "ep_1", url: "http://127.0.0.1:1/hooks", secret: generateWebhookSecret() }],
      allowedDestinations: ["127.0.0.1"],
    },
  });
  const created = await service.fetch(
    new Request(`${BASE}/v1/portal/return-requests`, {
      method: "POST",
      headers: { "x-caller": "portal", "content-type": "application/json" },
      body: JSON.stringify({
        order_id: "ord_1",
        lines: [
          {
            line: { sku: "TEE", size: "M" },
            quantity: 1,
            reason: "TOO_SMALL",
            resolution: "REFUND",
          },
          { line: { sku: "JEANS", size: "32" }, reason: "DAMAGED", resolution: "REFUND" },
        ],
      }),
    }),
  );
  expect(created.status).toBe(201);
  const request = (await created.json()) as { id: string; returns: { id: string }[] };
  const returnId = request.returns[0]?.id ?? "";
  const [event] = await service.store.listEvents(returnId);
  const ids: Record<string, string> = {
    returns: returnId,
    "return-requests": request.id,
    orders: "ord_1",
    endpoints: "ep_1",
    events: event?.id ?? "",
  };
  return { service, ids, returnId };
}

/** The route's path with real ids (the collection before each parameter says which). */
function pathOf(route: RouteDefinition, ids: Record<string, string>, returnId: string): string {
  const path = route.path.replace(/\/([\w-]+)\/\{\w+\}/g, (_, collection: string) => {
    return `/${collection}/${encodeURIComponent(ids[collection] ?? "unknown")}`;
  });
  // The two lists that must be told whose events.
  const byReturn = ["/v1/webhooks/events", "/v1/webhooks/deliveries"].includes(path);
  return byReturn ? `${path}?return_id=${returnId}` : path;
}

function requestFor(route: RouteDefinition, path: string, signedIn: boolean): Request {
  const caller = route.caller === "any" ? "portal" : route.caller;
  const headers: Record<string, string> = signedIn && caller ? { "x-caller": caller } : {};
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  if (hasBody) headers["content-type"] = "application/json";
  return new Request(`${BASE}${path}`, {
    method: route.method,
    headers,
    body: hasBody ? "{}" : undefined,
  });
}

describe("the headers of every answer, walking the route table", () => {
  test("every route - an answer to a signed-in caller is private, no-store and nosniff, errors included", async () => {
    const { service, ids, returnId } = await shopWithReturns();
    const routes = buildRoutes(service.schemas).filter((route) => route.caller !== null);
    // Reads first, so each reads what the writes have not changed yet.
    routes.sort((a, b) => Number(a.method !== "GET") - Number(b.method !== "GET"));
    const seen: string[] = [];
    for (const route of routes) {
      const path = pathOf(route, ids, returnId);
      for (const signedIn of [true, false]) {
        const answer = await service.fetch(requestFor(route, path, signedIn));
        const what = `${route.method} ${route.path} (${signedIn ? "signed in" : "anonymous"}): ${answer.status}`;
        seen.push(what);
        expect(answer.headers.get("cache-control"), what).toBe(PRIVATE);
        expect(answer.headers.get("x-content-type-options"), what).toBe("nosniff");
        if (!signedIn) expect(answer.status, what).toBe(401);
        // Every personal read really read something: the header is on the data, not only on errors.
        if (signedIn && route.method === "GET") expect(answer.status, what).toBe(200);
      }
      if (route.method === "GET") {
        const head = await service.fetch(
          new Request(`${BASE}${path}`, { method: "HEAD", headers: { "x-caller": "merchant" } }),
        );
        expect(head.headers.get("cache-control")).toBe(PRIVATE);
      }
    }
    expect(seen.length).toBe(routes.length * 2);
    await service.close();
  });

  test("public documents - keep their own caching, and are nosniff too", async () => {
    const { service } = await shopWithReturns();
    // The carriers' webhooks are public too, but a write, no document.
    const publicRoutes = buildRoutes(service.schemas).filter(
      (route) => route.caller === null && route.method === "GET",
    );
    expect(publicRoutes.map((route) => route.path).sort()).toEqual([
      "/v1/health",
      "/v1/health/live",
      "/v1/return-policy",
    ]);
    const get = (path: string, headers: Record<string, string> = {}) =>
      service.fetch(new Request(`${BASE}${path}`, { headers }));
    const expected: Record<string, string> = {
      "/v1/health": "no-store",
      "/v1/health/live": "no-store",
      "/v1/return-policy": "public, max-age=300",
      "/v1/openapi.json": "public, max-age=300",
    };
    for (const [path, cacheControl] of Object.entries(expected)) {
      // A caller's credentials do not change a public document, nor its caching.
      for (const headers of [{}, { "x-caller": "portal" }] as Record<string, string>[]) {
        const answer = await get(path, headers);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get("cache-control"), path).toBe(cacheControl);
        expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      }
    }
    const policy = await get("/v1/return-policy");
    const revalidated = await get("/v1/return-policy", {
      "if-none-match": policy.headers.get("etag") ?? "",
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-control")).toBe("public, max-age=300");
    await service.close();
  });

  test("unmatched requests - a 404, a 405 and a path outside the mount are private and nosniff", async () => {
    const { service } = await shopWithReturns();
    const answers = [
      await service.fetch(
        new Request(`${BASE}/v1/nothing-here`, { headers: { "x-caller": "portal" } }),
      ),
      await service.fetch(new Request(`${BASE}/v1/return-policy`, { method: "DELETE" })),
      await service.fetch(new Request("https://shop.example/elsewhere")),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 405, 404]);
    for (const answer of answers) {
      expect(answer.headers.get("cache-control")).toBe(PRIVATE);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
    await service.close();
  });
});

describe("the headers of a mounted handler's answers", () => {
  test("service.mount - a mounted answer gets nosniff, and private, no-store unless it sets its own caching", async () => {
    const service = createReturnsService({ baseUrl: BASE });
    service.mount("/tool", async () => Response.json({ customer: "alice" }));
    service.mount(
      "/asset",
      async () => new Response("body {}", { headers: { "cache-control": "public, max-age=300" } }),
    );
    // Immutable headers, as a fetch() answer has: copied, not thrown on.
    service.mount("/proxied", async () => Response.redirect("https://shop.example/", 302));
    const tool = await service.fetch(new Request(`${BASE}/tool`));
    expect(tool.headers.get("cache-control")).toBe(PRIVATE);
    expect(tool.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await tool.json()).toEqual({ customer: "alice" });
    const asset = await service.fetch(new Request(`${BASE}/asset`));
    expect(asset.headers.get("cache-control")).toBe("public, max-age=300");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    const proxied = await service.fetch(new Request(`${BASE}/proxied`));
    expect(proxied.status).toBe(302);
    expect(proxied.headers.get("x-content-type-options")).toBe("nosniff");
    await service.close();
  });
});
