/**
 * Shopify's compliance webhooks, signed as Shopify signs them (HMAC-SHA256 of the raw body
 * under the app's client secret, base64, in X-Shopify-Hmac-Sha256), sent to the handler, which
 * verifies them with Shopify's own SDK and acts on a returnkit service over PGlite.
 */
import { createHmac } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { type CustomerExport, createReturnsService } from "@returnkit/core";
import { dropStore, postgresStore } from "@returnkit/store-postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { complianceWebhooks, type DataRequest } from "./compliance";

const SECRET = "shpss_test_client_secret";
const SHOP = "returns-demo.myshopify.com";
const MERCHANT = {
  principal: {
    kind: "merchant" as const,
    id: "staff-1",
    scopes: ["merchant:returns.read", "merchant:returns.write"],
  },
};
const customer = (id: string) => ({
  principal: { kind: "portal" as const, id, scopes: ["portal:returns.write"] },
  idempotencyKey: crypto.randomUUID(),
});

/** A webhook as Shopify sends it: its topic and shop in headers, the body signed. */
function shopifyWebhook(topic: string, body: unknown, secret = SECRET): Request {
  const raw = JSON.stringify(body);
  return new Request("https://app.example/shopify/compliance", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-shopify-topic": topic,
      "x-shopify-shop-domain": SHOP,
      "x-shopify-api-version": "2025-07",
      "x-shopify-webhook-id": crypto.randomUUID(),
      "x-shopify-hmac-sha256": createHmac("sha256", secret).update(raw).digest("base64"),
    },
    body: raw,
  });
}

describe("Shopify's compliance webhooks on a returnkit service", () => {
  const db = new PGlite();
  const schema = "shop_1042";
  const store = postgresStore({ db, schema, notify: false });
  const service = createReturnsService({ store, baseUrl: "https://app.example" });
  const exports: Array<{ request: DataRequest; document: CustomerExport }> = [];
  const erasedShops: string[] = [];
  const handle = complianceWebhooks({
    service,
    apiKey: "test-client-id",
    apiSecretKey: SECRET,
    hostName: "app.example",
    deliverExport: async (request, document) => {
      exports.push({ request, document });
    },
    eraseShop: async ({ shop_domain }) => {
      erasedShops.push(shop_domain);
      await service.close();
      await dropStore({ db, schema });
    },
  });
  const createFor = async (customerId: string, order: string, note: string) => {
    const { record } = await service.createReturn(
      {
        order_id: order,
        line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
        reason: "TOO_SMALL_AT_CHEST",
        resolution: "REFUND",
      },
      customer(customerId),
    );
    await service.submit(record.id, { note }, customer(customerId));
  };

  beforeAll(async () => {
    await service.ready();
    // The erasure runs as a job of the scheduler, as in any process of the shop's.
    service.scheduler.start();
    await createFor("7001", "5001", "Alice Example, 1 Main St: too tight");
    await createFor("7001", "5002", "second return of Alice");
    await createFor("7002", "5003", "Bob's return");
  });
  afterAll(async () => {
    await db.close();
  });

  it("refuses a webhook whose signature is not the app's, and acts on none of it", async () => {
    const forged = shopifyWebhook(
      "customers/redact",
      { shop_id: 1, shop_domain: SHOP, customer: { id: 7001 }, orders_to_redact: [] },
      "another secret",
    );
    const response = await handle(forged);
    expect(response.status).toBe(401);
    expect((await service.exportCustomer("7001", MERCHANT)).returns).toHaveLength(2);
  });

  it("customers/data_request hands the customer's export to the shop owner", async () => {
    const response = await handle(
      shopifyWebhook("customers/data_request", {
        shop_id: 1,
        shop_domain: SHOP,
        customer: { id: 7001, email: "alice@example.com", phone: null },
        orders_requested: [5001, 5002],
        data_request: { id: 9001 },
      }),
    );
    expect(response.status).toBe(200);
    expect(exports).toHaveLength(1);
    expect(exports[0]!.request.data_request.id).toBe(9001);
    expect(exports[0]!.document).toMatchObject({ customer_id: "7001" });
    expect(exports[0]!.document.returns.map((r) => r.order_id).sort()).toEqual(["5001", "5002"]);
  });

  it("customers/redact erases the customer's returns; the other customer's stay", async () => {
    const response = await handle(
      shopifyWebhook("customers/redact", {
        shop_id: 1,
        shop_domain: SHOP,
        customer: { id: 7001, email: "alice@example.com", phone: null },
        orders_to_redact: [5001],
      }),
    );
    expect(response.status).toBe(200);
    // The erasure is a durable job the service's scheduler runs: wait for it to finish.
    await vi.waitFor(
      async () => {
        const erasure = await service.getErasure("customer", "7001", MERCHANT);
        expect(erasure.status).toBe("completed");
      },
      { timeout: 30_000, interval: 50 },
    );
    expect((await service.exportCustomer("7001", MERCHANT)).returns).toEqual([]);
    const bob = await service.exportCustomer("7002", MERCHANT);
    expect(bob.returns).toHaveLength(1);
    const dump = (
      await db.query<{ row: string }>(`SELECT r::text AS row FROM "${schema}".returnkit_returns r`)
    ).rows
      .map((row) => row.row)
      .join("\n");
    expect(dump).not.toContain("Alice Example");
    expect(dump).toContain("Bob's return");
  });

  it("shop/redact drops the shop's store", async () => {
    const response = await handle(shopifyWebhook("shop/redact", { shop_id: 1, shop_domain: SHOP }));
    expect(response.status).toBe(200);
    expect(erasedShops).toEqual([SHOP]);
    const left = await db.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
    expect(left.rows).toEqual([]);
  });
});
