/**
 * A guest finds an order by its number and email or postcode, and its token sees that order
 * only: its returnable view, its returns, its requests; nothing of the customer's other orders.
 */
import { iso, T0, testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService, type ReturnsServiceOptions } from "../service";
import { memoryStore } from "../store/memory/memory-store";

const BASE = "https://shop.test";
const SECRET = "a guest secret of at least 32 characters";
const ORDER = {
  id: "ord_5001",
  number: "#5001",
  customer_id: "user-42",
  customer: { name: "Ada Lovelace", email: "ada@example.com", postcode: "10115" },
  placed_at: iso(T0 - 86_400_000),
  lines: [{ sku: "CAP-RED", quantity: 2, unit_price: 1_500 }],
};
/** The same customer's second order: a guest of the first must not see it. */
const SECOND_ORDER = { ...ORDER, id: "ord_5002", number: "#5002", customer: null };

function setup(options: Partial<ReturnsServiceOptions> = {}) {
  const clock = { now: T0 };
  const service = createReturnsService({
    baseUrl: BASE,
    store: memoryStore(),
    clock: () => clock.now,
    auth: { authenticate: testAuthenticate },
    orders: { source: inMemoryOrders([ORDER, SECOND_ORDER]) },
    guests: { secret: SECRET, ttlSeconds: 600 },
    ...options,
  });
  const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    service.fetch(
      new Request(`${BASE}${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
          ...(init.token ? { authorization: init.token } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    );
  async function guestToken(body: unknown = { order_number: "#5001", email: "ada@example.com" }) {
    const response = await call("/v1/portal/guest-sessions", { body });
    expect(response.status).toBe(201);
    return `Bearer ${((await response.json()) as { token: string }).token}`;
  }
  return { service, clock, call, guestToken };
}

const createBody = (orderId: string) => ({
  order_id: orderId,
  line: { sku: "CAP-RED", quantity: 1 },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "REFUND",
});

describe("guest sessions", () => {
  it("finds the order by number and email, trimmed and in any case, or by postcode", async () => {
    const { call } = setup();
    for (const body of [
      { order_number: " #5001 ", email: "  ADA@Example.com " },
      { order_number: "5001", postcode: "10 115" },
    ]) {
      const response = await call("/v1/portal/guest-sessions", { body });
      expect(response.status).toBe(201);
      const session = (await response.json()) as Record<string, unknown>;
      expect(session).toMatchObject({
        object: "guest_session",
        token_type: "Bearer",
        expires_in: 600,
        order_id: "ord_5001",
        _links: { returnable: { href: `${BASE}/v1/portal/orders/ord_5001/returnable` } },
      });
    }
  });

  it("lets the token read and return from its order only", async () => {
    const { call, guestToken } = setup();
    const token = await guestToken();
    expect((await call("/v1/portal/orders/ord_5001/returnable", { token })).status).toBe(200);
    const created = await call("/v1/portal/returns", { body: createBody("ord_5001"), token });
    expect(created.status).toBe(201);
    const record = (await created.json()) as { id: string; customer_id: string };
    // The return is the order's customer's: a later sign-in sees it too.
    expect(record.customer_id).toBe("user-42");
    expect((await call(`/v1/portal/returns/${record.id}`, { token })).status).toBe(200);

    // The customer's other order is as unknown to the guest as one that does not exist.
    const other = await call("/v1/portal/orders/ord_5002/returnable", { token });
    const none = await call("/v1/portal/orders/ord_nope/returnable", { token });
    expect(other.status).toBe(404);
    expect(without(await other.json(), "ord_5002")).toEqual(without(await none.json(), "ord_nope"));
    expect((await call("/v1/portal/returns", { body: createBody("ord_5002"), token })).status).toBe(
      404,
    );
  });

  it("lists and reads only its order's returns, though the customer has others", async () => {
    const { call, guestToken } = setup();
    const customer = testToken("portal", "user-42");
    const elsewhere = await call("/v1/portal/returns", {
      body: createBody("ord_5002"),
      token: customer,
    });
    const otherId = ((await elsewhere.json()) as { id: string }).id;
    const token = await guestToken();
    await call("/v1/portal/returns", { body: createBody("ord_5001"), token });

    const list = (await (await call("/v1/portal/returns", { token })).json()) as {
      data: { order_id: string }[];
    };
    expect(list.data.map((r) => r.order_id)).toEqual(["ord_5001"]);
    const asked = (await (
      await call("/v1/portal/returns?order_id=ord_5002", { token })
    ).json()) as { data: unknown[] };
    expect(asked.data).toEqual([]);
    expect((await call(`/v1/portal/returns/${otherId}`, { token })).status).toBe(404);
  });

  it("refuses the token once it expires, and a token altered or signed with another secret", async () => {
    const { call, clock, guestToken } = setup();
    const token = await guestToken();
    const other = setup({ guests: { secret: `${SECRET}, but another` } });
    const foreign = await other.guestToken();
    const altered = token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    for (const bad of [foreign, altered]) {
      const response = await call("/v1/portal/orders/ord_5001/returnable", { token: bad });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        type: expect.stringContaining("invalid-token"),
      });
    }
    clock.now += 601_000;
    expect((await call("/v1/portal/orders/ord_5001/returnable", { token })).status).toBe(401);
  });

  it("answers a wrong email, a wrong postcode and an unknown number byte for byte alike", async () => {
    const { call } = setup();
    const answers = [];
    for (const body of [
      { order_number: "#5001", email: "eve@example.com" },
      { order_number: "#5001", postcode: "99999" },
      { order_number: "#5002", email: "ada@example.com" },
      { order_number: "#9999", email: "ada@example.com" },
    ]) {
      const response = await call("/v1/portal/guest-sessions", { body });
      answers.push(await comparable(response));
    }
    expect(answers[0]).toMatchObject({ status: 404 });
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it("answers 429 with Retry-After past the limit per order number, for known and unknown alike", async () => {
    const { call } = setup({
      guests: { secret: SECRET, limits: { perOrderNumber: 2, windowSeconds: 60 } },
    });
    for (const number of ["#5001", "#9999"]) {
      const body = { order_number: number, email: "eve@example.com" };
      for (let i = 0; i < 2; i++) {
        expect((await call("/v1/portal/guest-sessions", { body })).status).toBe(404);
      }
      const refused = await call("/v1/portal/guest-sessions", { body });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
    }
    // The right pair is refused too while the window lasts: no way round the count.
    const right = { order_number: "#5001", email: "ada@example.com" };
    expect((await call("/v1/portal/guest-sessions", { body: right })).status).toBe(429);
  });

  it("counts per client address when the host says what it is", async () => {
    const { call } = setup({
      guests: {
        secret: SECRET,
        limits: { perAddress: 3 },
        clientAddress: () => "203.0.113.9",
      },
    });
    const lookups = Array.from({ length: 4 }, (_, i) => ({
      order_number: `#${7000 + i}`,
      email: "ada@example.com",
    }));
    const statuses = [];
    for (const body of lookups)
      statuses.push((await call("/v1/portal/guest-sessions", { body })).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it("does not exist unless the host configures guests, and needs orders", async () => {
    const { call } = setup({ guests: undefined });
    const body = { order_number: "#5001", email: "ada@example.com" };
    expect((await call("/v1/portal/guest-sessions", { body })).status).toBe(404);
    expect(() =>
      createReturnsService({ baseUrl: BASE, store: memoryStore(), guests: { secret: SECRET } }),
    ).toThrow(/guests.*orders/s);
    expect(() =>
      createReturnsService({
        store: memoryStore(),
        orders: { source: inMemoryOrders([]) },
        guests: { secret: "short" },
      }),
    ).toThrow(/at least 32 characters/);
  });
});

/** A problem without what names the order it was asked about. */
function without(body: unknown, orderId: string): unknown {
  const { request_id: _, ...rest } = JSON.parse(JSON.stringify(body).replaceAll(orderId, "ORDER"));
  return rest;
}

/** Status, headers and body, without the request's own id (it differs by design). */
async function comparable(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== "request-id");
  const body = (await response.text()).replace(/"request_id":"[^"]*"/, "");
  return { status: response.status, headers, body };
}
