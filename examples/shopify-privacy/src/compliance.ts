/**
 * @module compliance — Shopify's three mandatory compliance webhooks wired to returnkit. Each
 * request is verified by Shopify's own SDK (`webhooks.validate`: the HMAC-SHA256 of the raw
 * body under the app's client secret, compared in constant time) before anything is read;
 * then, by topic:
 *
 * - `customers/data_request` → `service.exportCustomer`, handed to `deliverExport` (the shop
 *   owner owes it to the customer within 30 days);
 * - `customers/redact` → `service.eraseCustomer`, and `service.eraseOrder` for each of
 *   `orders_to_redact` (the erasure runs as a durable job; `customer.erased` follows);
 * - `shop/redact` → `eraseShop`, the host's own: drop that shop's store (`dropStore`).
 *
 * Shopify retries a webhook that is not answered 2xx, so each call is safe to repeat: the
 * erasures are idempotent, and a data request's export is simply made again.
 */
import "@shopify/shopify-api/adapters/web-api";
import type { CustomerExport, ErasureRequest, OperationContext } from "@returnkit/core";
import { ApiVersion, LogSeverity, shopifyApi } from "@shopify/shopify-api";

/** The part of the returns service the webhooks call. */
interface ComplianceService {
  exportCustomer(customerId: string, ctx: OperationContext): Promise<CustomerExport>;
  eraseCustomer(customerId: string, body: ErasureRequest, ctx: OperationContext): Promise<unknown>;
  eraseOrder(orderId: string, body: ErasureRequest, ctx: OperationContext): Promise<unknown>;
}

interface ComplianceOptions {
  service: ComplianceService;
  /** The app's client id (Partner Dashboard). */
  apiKey: string;
  /** The app's client secret (Partner Dashboard): what Shopify signs its webhooks with. */
  apiSecretKey: string;
  /** The app's host name, as configured in Shopify. */
  hostName: string;
  /** Hands a customer's export to the shop owner (a file, a mail, an admin page). */
  deliverExport(request: DataRequest, document: CustomerExport): Promise<void>;
  /** Erases every record of the shop: drop its store. */
  eraseShop(shop: { shop_id: number; shop_domain: string }): Promise<void>;
}

/** What `customers/data_request` carries (Shopify's documented payload). */
export interface DataRequest {
  shop_id: number;
  shop_domain: string;
  customer: { id: number; email?: string | null; phone?: string | null };
  orders_requested: number[];
  data_request: { id: number };
}

interface RedactCustomer {
  shop_id: number;
  shop_domain: string;
  customer: { id: number };
  orders_to_redact: number[];
}

/** The staff member the history names (actor `privacy`, on behalf of this caller). */
const SHOPIFY: OperationContext = {
  principal: {
    kind: "merchant",
    id: "shopify-compliance-webhooks",
    scopes: ["merchant:returns.read", "merchant:returns.write"],
  },
};

/** A Fetch handler for `POST` of the three topics (mount it at the URL given to Shopify). */
export function complianceWebhooks(options: ComplianceOptions) {
  const shopify = shopifyApi({
    apiKey: options.apiKey,
    apiSecretKey: options.apiSecretKey,
    hostName: options.hostName,
    apiVersion: ApiVersion.July25,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error, log: async () => {} },
  });
  return async (request: Request): Promise<Response> => {
    if (request.method !== "POST") return new Response(null, { status: 405 });
    const rawBody = await request.text();
    const check = await shopify.webhooks.validate({ rawBody, rawRequest: request });
    if (!check.valid) return Response.json({ error: check.reason }, { status: 401 });
    let payload: unknown;
    try {
      payload = JSON.parse(rawBody);
    } catch {
      return Response.json({ error: "body is not JSON" }, { status: 400 });
    }
    const handled = await handleTopic(options, check.topic, payload);
    return handled ? new Response(null, { status: 200 }) : new Response(null, { status: 404 });
  };
}

async function handleTopic(options: ComplianceOptions, topic: string, payload: unknown) {
  const { service } = options;
  // Shopify's ids are numbers; returnkit's customer and order ids are the shop's as text.
  // The SDK names topics as its registry stores them: `customers/redact` → `CUSTOMERS_REDACT`.
  switch (topic) {
    case "CUSTOMERS_DATA_REQUEST": {
      const request = payload as DataRequest;
      const document = await service.exportCustomer(String(request.customer.id), SHOPIFY);
      await options.deliverExport(request, document);
      return true;
    }
    case "CUSTOMERS_REDACT": {
      const { customer, orders_to_redact } = payload as RedactCustomer;
      const reason = "Shopify customers/redact";
      await service.eraseCustomer(String(customer.id), { reason }, SHOPIFY);
      for (const order of orders_to_redact)
        await service.eraseOrder(String(order), { reason }, SHOPIFY);
      return true;
    }
    case "SHOP_REDACT":
      await options.eraseShop(payload as { shop_id: number; shop_domain: string });
      return true;
    default:
      return false;
  }
}
