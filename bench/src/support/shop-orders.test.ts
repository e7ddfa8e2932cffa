import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReturnsService } from "../../../packages/core/src/index";
import { postgresStore } from "../../../packages/store-postgres/src/index";
import { shopIterations, shopOptions, shopOrdersSql } from "./shop-orders";
import { BENCH_BASE_URL, createLocalIssuer } from "./tokens";

const url = process.env.DATABASE_URL;
const schema = `bench_shop_test_${process.pid}`;

// The production rows are only worth reading if returnkit takes their iterations as the shop's
// real traffic: every request and single return accepted, the orders' units really checked.
describe.skipIf(!url)("the production rows' iterations on returnkit with the shop's orders", () => {
  let pool: pg.Pool;
  let service: ReturnType<typeof createReturnsService>;
  let tokens: string[];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 4, options: `-c search_path="${schema}"` });
    await pool.query(shopOrdersSql(schema, 3, 2));
    const issuer = await createLocalIssuer();
    tokens = await Promise.all(
      [0, 1].map((i) =>
        issuer.token({ alg: "ES256", sub: `customer-${i}`, scope: "portal:returns.write" }),
      ),
    );
    service = createReturnsService({
      store: postgresStore({ db: pool, schema }),
      baseUrl: BENCH_BASE_URL,
      auth: { issuer: issuer.issuer, jwks: issuer.jwks },
      ...shopOptions(pool),
    });
    await service.ready();
  });
  afterAll(async () => {
    await service?.close();
    await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool?.end();
  });

  const post = async (path: string, token: string, body: string, key: string) => {
    const response = await service.fetch(
      new Request(`${BENCH_BASE_URL}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body,
      }),
    );
    return { status: response.status, body: (await response.json()) as { id: string } };
  };

  it("creates and submits each order's request and single return, then refuses a reused order", async () => {
    const next = shopIterations(tokens, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const plan = next();
      const created = await post(plan.create.path, plan.token, plan.create.body, `c${i}`);
      statuses.push(created.status);
      if (created.status !== 201) continue;
      statuses.push((await post(plan.submit(created.body.id), plan.token, "{}", `s${i}`)).status);
    }
    // Three orders, two iterations each, then order 0 again: its units are all in returns.
    expect(statuses).toEqual([
      201, 200, 201, 200, 201, 200, 201, 200, 201, 200, 201, 200, 422, 422,
    ]);
    const held = await pool.query(
      `SELECT count(*)::int AS returns, count(request_id)::int AS in_requests FROM returnkit_returns
        WHERE state = 'submitted'`,
    );
    expect(held.rows[0]).toEqual({ returns: 12, in_requests: 9 });
    // The endpoint and the subscriber each got a delivery per event (none sent: no dispatcher).
    const deliveries = await pool.query("SELECT count(*)::int AS n FROM returnkit_deliveries");
    expect(deliveries.rows[0].n).toBe(2 * 24);
  });
});
