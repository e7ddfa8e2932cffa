/**
 * `pnpm start`: a returnkit service on an embedded PostgreSQL (PGlite, in memory) with
 * Shopify's compliance webhooks at /shopify/compliance, verified with SHOPIFY_API_SECRET.
 * Exports are written to ./data-requests/<shop>/<request id>.json for the shop owner.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serve } from "@hono/node-server";
import { createReturnsService } from "@returnkit/core";
import { dropStore, postgresStore } from "@returnkit/store-postgres";
import { complianceWebhooks } from "./compliance";

const secret = process.env.SHOPIFY_API_SECRET;
const apiKey = process.env.SHOPIFY_API_KEY;
if (!secret || !apiKey) {
  console.error("set SHOPIFY_API_KEY and SHOPIFY_API_SECRET to the app's client id and secret");
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const db = new PGlite();
const schema = "shop";
const service = createReturnsService({
  store: postgresStore({ db, schema }),
  baseUrl: `http://127.0.0.1:${port}`,
});
await service.ready();
service.scheduler.start();

const compliance = complianceWebhooks({
  service,
  apiKey,
  apiSecretKey: secret,
  hostName: `127.0.0.1:${port}`,
  async deliverExport(request, document) {
    const dir = join("data-requests", request.shop_domain);
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${request.data_request.id}.json`);
    await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`data request ${request.data_request.id}: export written to ${file}`);
  },
  async eraseShop({ shop_domain }) {
    await service.close();
    const { dropped } = await dropStore({ db, schema });
    console.log(`shop/redact for ${shop_domain}: dropped ${dropped.length} tables`);
  },
});

serve({
  port,
  fetch: (request) =>
    new URL(request.url).pathname === "/shopify/compliance"
      ? compliance(request)
      : service.fetch(request),
});
console.log(
  `returnkit with Shopify's compliance webhooks on http://127.0.0.1:${port}/shopify/compliance`,
);
