/**
 * Two processes (two services, each with its own pool) write two returns of one request on
 * one PostgreSQL database at once, each having read the other before either commits: every
 * write that moves the request's shares of the return label writes the request's open returns
 * with it, so the database refuses one of the two commits, its write retries on fresh versions,
 * and the label is charged once.
 */
import {
  createReturnsService,
  inMemoryOrders,
  type Principal,
  type ReturnsService,
  type ReturnsStore,
} from "@returnkit/core";
import { T0 } from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";

warnWithoutServer("the concurrent request shares case");

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const ORDER = "ord_shares_pg";
const ORDERS = [
  {
    id: ORDER,
    customer_id: customer.id,
    placed_at: "2026-11-20T10:00:00Z",
    currency: "EUR",
    lines: [
      { sku: "TEE-BLK", size: "M", quantity: 1, unit_price: 4_000 },
      { sku: "CAP-RED", quantity: 1, unit_price: 1_000 },
    ],
  },
];

/** Holds the next `count` commits of the stores it wraps until all of them have arrived. */
function commitGate() {
  let holding = 0;
  let waiting: Array<() => void> = [];
  const pass = (): Promise<void> =>
    holding === 0
      ? Promise.resolve()
      : new Promise((resolve) => {
          waiting.push(resolve);
          if (waiting.length < holding) return;
          const released = waiting;
          waiting = [];
          holding = 0;
          for (const release of released) release();
        });
  const wrap = (inner: ReturnsStore): ReturnsStore =>
    new Proxy(inner, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property !== "commit" && property !== "commitMany") return value.bind(target);
        return async (commit: never) => {
          await pass();
          return value.call(target, commit);
        };
      },
    });
  return {
    wrap,
    hold(count: number) {
      holding = count;
    },
  };
}

describe.skipIf(!DATABASE_URL)("request shares over two processes (DATABASE_URL)", () => {
  const schema = uniqueSchema("shares");
  const gate = commitGate();
  const pools: pg.Pool[] = [];
  const services: ReturnsService[] = [];

  beforeAll(() => {
    for (let i = 0; i < 2; i++) {
      const pool = newPool(4);
      pools.push(pool);
      services.push(
        createReturnsService({
          store: gate.wrap(postgresStore({ db: pool, schema })),
          idempotency: { required: false },
          orders: { source: inMemoryOrders(ORDERS) },
          policy: {
            refund: {
              restocking_fee: { percent: 10 },
              return_shipping_fee: { amount: { EUR: 495 } },
            },
          },
          clock: () => T0,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const service of services) await service.close();
    await dropSchema(pools[0]!, schema);
    for (const pool of pools) await pool.end();
  });

  it("update - two exchanges switched to REFUND at once from two processes: the label is charged once", async () => {
    const [first, second] = services as [ReturnsService, ReturnsService];
    const exchange = { resolution: "EXCHANGE", reason: "CHANGED_MIND" };
    const { request } = await first.createReturnRequest(
      {
        order_id: ORDER,
        lines: [
          { line: { sku: "TEE-BLK", size: "M" }, ...exchange },
          { line: { sku: "CAP-RED" }, ...exchange },
        ],
      },
      { principal: customer },
    );
    const [tee, cap] = request.returns.map((record) => record.id) as [string, string];

    gate.hold(2);
    await Promise.all([
      first.updateDraft(tee, { resolution: "REFUND" }, { principal: customer }),
      second.updateDraft(cap, { resolution: "REFUND" }, { principal: customer }),
    ]);

    const after = await second.getReturnRequest(request.id, { principal: customer });
    // What each can carry, 3600 and 900: 495 split 4 : 1, as a request created so would be.
    expect(after.returns.map((record) => record.refund?.return_shipping_fee)).toEqual([396, 99]);
    expect(after.refund?.return_shipping_fee).toBe(495);
  });
});
