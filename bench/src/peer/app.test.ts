import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
