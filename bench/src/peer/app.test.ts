import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrdersSql } from "../support/shop-orders";
import { BENCH_BASE_URL, createLocalIssuer, type LocalIssuer } from "../support/tokens";
import { initPeer, peerApp } from "./app";

const url = process.env.DATABASE_URL;
const schema = `bench_peer_test_${process.pid}`;
const CREATE = {
  order_id: "ord_1001",
  line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE",
  exchange_for: { sku: "TEE-BLK-L" },
};

// The peer is the PostgreSQL rows' baseline: it must do the work it claims, one transaction
// per write with the key, the history and the outbox, or the comparison flatters returnkit.
describe.skipIf(!url)("the hand-written peer on PostgreSQL", () => {
  let pool: pg.Pool;
  let issuer: LocalIssuer;
  let app: ReturnType<typeof peerApp>;
  let token: string;
  const post = (path: string, body: unknown, key: string, bearer = token) =>
    app.request(path, {
      method: "POST",
      headers: {
        authorization: `Bearer ${bearer}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: JSON.stringify(body),
    });
  const count = async (table: string) =>
    Number((await pool.query(`SELECT count(*) FROM "${schema}".${table}`)).rows[0].count);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    await initPeer(pool, schema);
    issuer = await createLocalIssuer();
    token = await issuer.token({ alg: "ES256", sub: "customer-1", scope: "portal:returns.write" });
    app = peerApp({
      pool,
      schema,
      issuer: issuer.issuer,
      audience: BENCH_BASE_URL,
      jwks: issuer.jwks,
    });
  });
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool?.end();
  });

  it("creates, replays a key, refuses its reuse, submits once, and writes every row", async () => {
    const created = await post("/v1/portal/returns", CREATE, "k1");
    expect(created.status).toBe(201);
    const record = (await created.json()) as { id: string; state: string; version: number };
    expect(record).toMatchObject({ state: "draft", version: 1, customer_id: "customer-1" });

    const replay = await post("/v1/portal/returns", CREATE, "k1");
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(record);
    expect((await post("/v1/portal/returns", { ...CREATE, order_id: "x" }, "k1")).status).toBe(422);

    const submitted = await post(`/v1/portal/returns/${record.id}/submit`, {}, "k2");
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toMatchObject({ id: record.id, state: "submitted", version: 2 });
    expect((await post(`/v1/portal/returns/${record.id}/submit`, {}, "k3")).status).toBe(409);

    expect(await count("returns")).toBe(1);
    expect(await count("return_history")).toBe(2);
    expect(await count("outbox")).toBe(2);
    // k3's refused transition rolled back, its key with it.
    expect(await count("idempotency_keys")).toBe(2);
  });

  it("refuses a token it cannot verify and a body that does not parse, writing nothing", async () => {
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await post("/v1/portal/returns", CREATE, "k4", forged)).status).toBe(401);
    expect((await post("/v1/portal/returns", { ...CREATE, line: {} }, "k5")).status).toBe(422);
    expect(await count("idempotency_keys")).toBe(2);
  });
});

// The production rows' peer does by hand what returnkit does with `orders` bound: the order is
// the caller's (else 404), the line is on it, and the units left are checked under a lock on
// the order, so two returns of the last unit cannot both pass.
describe.skipIf(!url)("the hand-written peer with the shop's orders", () => {
  const shop = `bench_peer_shop_test_${process.pid}`;
  let pool: pg.Pool;
  let app: ReturnType<typeof peerApp>;
  let token: string;
  const post = (path: string, body: unknown, key: string) =>
    app.request(path, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: JSON.stringify(body),
    });
  const count = async (table: string) =>
    Number((await pool.query(`SELECT count(*) FROM "${shop}".${table}`)).rows[0].count);
  const lines = ["SKU-1", "SKU-2", "SKU-3"].map((sku) => ({
    line: { sku, size: "M" },
    quantity: 1,
    reason: "TOO_SMALL",
    resolution: "REFUND",
  }));
  const single = (order_id: string, sku = "SKU-4") => ({
    order_id,
    line: { sku, quantity: 1, size: "M" },
    reason: "TOO_SMALL_AT_CHEST",
    resolution: "REFUND",
  });

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 4 });
    // Orders ord_0 … ord_3: customer-1 owns ord_1 and ord_3, each with SKU-1 … SKU-4, 1 unit.
    await pool.query(shopOrdersSql(shop, 4, 2));
    await initPeer(pool, shop);
    const issuer = await createLocalIssuer();
    token = await issuer.token({ alg: "RS256", sub: "customer-1", scope: "portal:returns.write" });
    app = peerApp({
      pool,
      schema: shop,
      issuer: issuer.issuer,
      audience: BENCH_BASE_URL,
      jwks: issuer.jwks,
      orders: true,
    });
  });
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS "${shop}" CASCADE`);
    await pool?.end();
  });

  it("creates a three-line request and submits it in one transaction each", async () => {
    const created = await post("/v1/portal/return-requests", { order_id: "ord_1", lines }, "r1");
    expect(created.status).toBe(201);
    const request = (await created.json()) as { id: string; returns: { state: string }[] };
    expect(request.returns.map((r) => r.state)).toEqual(["draft", "draft", "draft"]);
    const submitted = await post(`/v1/portal/return-requests/${request.id}/submit`, {}, "r2");
    expect(submitted.status).toBe(200);
    const after = (await submitted.json()) as { returns: { state: string }[] };
    expect(after.returns.map((r) => r.state)).toEqual(["submitted", "submitted", "submitted"]);
    expect(await count("returns")).toBe(3);
    expect(await count("return_history")).toBe(6);
    expect(await count("outbox")).toBe(6);
    expect(await count("idempotency_keys")).toBe(2);
  });

  it("answers 404 for another customer's order and 422 for a line not on it, writing nothing", async () => {
    expect((await post("/v1/portal/returns", single("ord_0"), "o1")).status).toBe(404);
    expect(
      (await post("/v1/portal/return-requests", { order_id: "ord_2", lines }, "o2")).status,
    ).toBe(404);
    expect((await post("/v1/portal/returns", single("ord_3", "SKU-9"), "o3")).status).toBe(422);
    expect(await count("returns")).toBe(3);
    expect(await count("idempotency_keys")).toBe(2);
  });

  it("lets one of two concurrent returns of the last unit through", async () => {
    const answers = await Promise.all([
      post("/v1/portal/returns", single("ord_3"), "q1"),
      post("/v1/portal/returns", single("ord_3"), "q2"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    // The request's lines are taken too: returning SKU-1 of ord_1 again is refused.
    expect((await post("/v1/portal/returns", single("ord_1", "SKU-1"), "q3")).status).toBe(422);
    expect(await count("returns")).toBe(4);
  });
});
