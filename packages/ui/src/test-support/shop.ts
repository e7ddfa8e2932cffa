/**
 * @module test-support/shop — a real service (memory store, in-memory orders, a webhook
 * receiver on this machine) with the pages mounted, over HTTP through Hono, signed in by a
 * cookie the host's `authenticate` reads: the common host setup, for the browser tests.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { returnsApp } from "@returnkit/adapter-hono";
import {
  createReturnsService,
  generateWebhookSecret,
  inMemoryOrders,
  memoryStore,
  type OrderInput,
  type Principal,
  type ReasonRules,
  type RefundPolicyInput,
  type ReturnsService,
  type ReturnsServiceOptions,
} from "@returnkit/core";
import { type DevAuthorizationServer, startDevAuthorizationServer } from "@returnkit/dev-auth";
import { Hono } from "hono";
import { readCookie, withCsrfProtection } from "../server/csrf";
import { mountReturnsUi } from "../server/mount";
import { labelCarrier, labelCodeSvg } from "./label-carrier";

export const SESSION_COOKIE = "shop_session";

/** A storefront page of the shop's own, its colour set with a custom property. */
const STOREFRONT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>My account · Acme Outfitters</title>
<style>:root { --rk-color-primary: #7a1f5c; }</style></head>
<body><h1>My account</h1>
<returnkit-returns order="ord_1001"></returnkit-returns>
<script type="module" src="/returns/assets/customer.js"></script>
</body></html>`;
export const ORDER_ID = "ord_1001";
/** Where the shop carrier's labels go (`labels`). */
const RETURNS_ADDRESS = {
  name: "Acme Outfitters Returns",
  street1: "Lagerstraße 5",
  city: "Berlin",
  postal_code: "10115",
  country: "DE",
};
/** A guest's order (no account): found by its number and email or postcode. */
export const GUEST_ORDER = { id: "ord_4001", number: "#4001", email: "dana@example.com" };
export const HUF_ORDER_ID = "ord_3001";
/** Pia's order of three named products, their pictures served by the shop itself. */
export const PICTURED_ORDER = { id: "ord_1101", customer: "pia" };
/** Bob's order: one pair each of 24 shoes, each a sku of its own (`SHOE-00` …). */
export const SHOE_ORDER_ID = "ord_2000";
export const SHOE_SKUS = Array.from({ length: 24 }, (_, i) => `SHOE-${String(i).padStart(2, "0")}`);

export interface Shop {
  url: string;
  /** The development authorization server, when the pages sign in with OAuth. */
  auth?: DevAuthorizationServer;
  service: ReturnsService;
  /** Every webhook the receiver got. */
  received: unknown[];
  close(): Promise<void>;
}

/** The host's session: `customer:<id>` or `staff:<id>` (a test sets the cookie). */
function sessionPrincipal(request: Request): Principal | null {
  const value = readCookie(request, SESSION_COOKIE);
  const [kind, id] = value?.split(":") ?? [];
  if (!id) return null;
  if (kind === "customer") return { kind: "portal", id, scopes: ["portal:returns.write"] };
  if (kind === "staff") {
    return { kind: "merchant", id, scopes: ["merchant:returns.write", "merchant:webhooks.manage"] };
  }
  return null;
}

function withVisitor(
  authenticate: (request: Request) => Principal | null,
  visitor: string | undefined,
): (request: Request) => Principal | null {
  if (visitor === undefined) return authenticate;
  const customer: Principal = { kind: "portal", id: visitor, scopes: ["portal:returns.write"] };
  return (request) => authenticate(request) ?? customer;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A product picture: a square of the product's colour (`/pictures/<colour>.svg`). */
function picture(colour: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#${colour}"/></svg>`;
}

function picturedOrder(baseUrl: string): OrderInput {
  const line = (sku: string, title: string, variant: string, colour: string, price: number) => ({
    sku,
    size: variant.split(" / ")[1]!,
    quantity: 1,
    unit_price: price,
    title,
    variant_title: variant,
    image_url: `${baseUrl}/pictures/${colour}.svg`,
  });
  return {
    id: PICTURED_ORDER.id,
    number: "#1101",
    customer_id: PICTURED_ORDER.customer,
    placed_at: daysAgo(6),
    delivered_at: daysAgo(3),
    currency: "EUR",
    lines: [
      line("TEE-ORG-BLK", "Organic cotton tee", "Black / M", "222222", 2900),
      line("JEANS-IND", "Slim jeans", "Indigo / 32", "3b4a7a", 7900),
      line("JUMPER-OAT", "Wool jumper", "Oat / M", "d8c8a8", 5900),
    ],
  };
}

function shopOrders(extra: readonly OrderInput[], baseUrl: string) {
  return inMemoryOrders([
    ...extra,
    picturedOrder(baseUrl),
    {
      id: ORDER_ID,
      number: "#1001",
      customer_id: "alice",
      customer: { name: "Alice Martin", email: "alice@example.com" },
      // Where a return label is bought from, when the shop buys labels (`labels`).
      shipping_address: {
        name: "Alice Martin",
        street1: "Kastanienallee 12",
        city: "Berlin",
        postal_code: "10435",
        country: "DE",
      },
      placed_at: daysAgo(6),
      delivered_at: daysAgo(3),
      currency: "EUR",
      lines: [
        { sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 2900 },
        { sku: "JEANS-SLIM", size: "32", quantity: 1, unit_price: 7900 },
        { sku: "DRESS-RED", size: "S", quantity: 1, unit_price: 5900 },
      ],
    },
    {
      id: "ord_1002",
      customer_id: "alice",
      placed_at: daysAgo(4),
      delivered_at: daysAgo(2),
      currency: "EUR",
      lines: [{ sku: "SOCKS-3PK", size: "M", quantity: 1, unit_price: 900, final_sale: true }],
    },
    {
      // In forints, whose minor unit (the fillér) ISO 4217 counts with 2 digits and Intl with 0.
      id: HUF_ORDER_ID,
      customer_id: "bence",
      placed_at: daysAgo(6),
      delivered_at: daysAgo(3),
      currency: "HUF",
      lines: [
        { sku: "TEE-PAPRIKA", size: "M", quantity: 1, unit_price: 1_234_500 },
        { sku: "SCARF-TOKAJ", size: null, quantity: 1, unit_price: 199_050 },
      ],
    },
    {
      // More skus than one page of fit insights holds (20): for the pages of the back office.
      id: SHOE_ORDER_ID,
      customer_id: "bob",
      placed_at: daysAgo(5),
      delivered_at: daysAgo(2),
      currency: "EUR",
      lines: SHOE_SKUS.map((sku) => ({ sku, size: "42", quantity: 1, unit_price: 6900 })),
    },
    {
      id: GUEST_ORDER.id,
      number: GUEST_ORDER.number,
      customer_id: "guest-dana",
      customer: { name: "Dana Guest", email: GUEST_ORDER.email, postcode: "10115" },
      placed_at: daysAgo(5),
      delivered_at: daysAgo(2),
      currency: "EUR",
      lines: [{ sku: "TEE-BLK", size: "M", quantity: 1, unit_price: 2900 }],
    },
    {
      id: "ord_0900",
      customer_id: "alice",
      placed_at: daysAgo(90),
      delivered_at: daysAgo(85),
      currency: "EUR",
      lines: [{ sku: "COAT-GRY", size: "L", quantity: 1, unit_price: 19900 }],
    },
  ]);
}

interface ShopOptions {
  /** `session` (the host's cookie, the default) or `oauth` (PKCE against dev-auth). */
  signIn?: "session" | "oauth";
  /** The shop's refund policy (default: none, so refunds are the goods' value). */
  refundPolicy?: RefundPolicyInput;
  /** How returns travel back (default: by mail, no address). */
  returnMethods?: NonNullable<ReturnsServiceOptions["policy"]>["returnMethods"];
  /** Approve every return at submit (default: staff approve). */
  autoApprove?: boolean;
  /**
   * The customer a request without the session cookie is signed in as. For Lighthouse, whose
   * run clears the page's cookies and whose extra headers do not reach the page's own fetches.
   */
  visitor?: string;
  /** More orders, beside the shop's own (named, pictured products). */
  orders?: readonly OrderInput[];
  /** The pages' `imageOrigins` option: where the products' pictures may come from. */
  imageOrigins?: string[];
  /** Guests find an order by number and email or postcode ("Find your order"), within `limits`. */
  guests?: boolean | { limits: NonNullable<ReturnsServiceOptions["guests"]>["limits"] };
  /** The reasons that fit each line (`orders.reasons`; default: every reason for every line). */
  reasons?: ReasonRules;
  /**
   * Buy a paperless return label for each approved parcel from the shop's own carrier
   * (`label-carrier.ts`), once the test fires the service's timers (`scheduler.fireDue()`).
   */
  labels?: boolean;
  /**
   * Run the service's scheduler, as a host does: timers and erasure jobs fire on their own
   * (a job set while it sleeps waits for its next look, at most its poll interval).
   */
  scheduler?: boolean;
}

/** What the tee, the dress and the journey's jumper can be exchanged for: their other size. */
const EXCHANGE_VARIANTS: Record<string, { sku: string; variant_title: string; title?: string }> = {
  "TEE-BLK": { sku: "TEE-BLK-L", variant_title: "Black / L" },
  "DRESS-RED": { sku: "DRESS-RED-M", variant_title: "Red / M" },
  "JUMPER-OAT": { sku: "JUMPER-OAT-L", variant_title: "Oat / L", title: "Wool jumper" },
};

/**
 * What the navy jumper (a sku only exchange.browser.test.ts's orders have) can be exchanged
 * for, at prices of their own: another colour dearer, one cheaper, another size the same.
 */
const PRICED_OFFERS: Record<
  string,
  { sku: string; title: string; variant_title: string; colour: string; unit_price: number }[]
> = {
  "JUMPER-NAVY": [
    {
      sku: "JUMPER-RED-M",
      title: "Wool jumper",
      variant_title: "Red / M",
      colour: "b03a2e",
      unit_price: 6900,
    },
    {
      sku: "JUMPER-GRY-M",
      title: "Wool jumper",
      variant_title: "Grey / M",
      colour: "8a8d91",
      unit_price: 5400,
    },
    {
      sku: "JUMPER-NAVY-L",
      title: "Wool jumper",
      variant_title: "Navy / L",
      colour: "1f2a44",
      unit_price: 5900,
    },
  ],
};

/** The offers for `sku` with the shop's own pictures, in `currency`, all in stock. */
function pricedOffers(sku: string, baseUrl: string, currency: string) {
  return (PRICED_OFFERS[sku] ?? []).map(({ colour, ...offer }) => ({
    ...offer,
    image_url: `${baseUrl}/pictures/${colour}.svg`,
    currency,
    available: true,
  }));
}

export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  const received: unknown[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  let app: Hono | undefined;
  const server = serve({
    fetch: (request, env) =>
      app ? app.fetch(request, env) : new Response("starting", { status: 503 }),
    port: 0,
    hostname: "127.0.0.1",
    createServer,
  }) as Server;
  await new Promise<void>((resolve) => {
    if (server.listening) resolve();
    else server.once("listening", resolve);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth =
    options.signIn === "oauth"
      ? await startDevAuthorizationServer({
          resource: url,
          clients: {
            portalRedirectUris: [`${url}/returns`],
            backOfficeRedirectUris: [`${url}/returns/admin`],
          },
        })
      : undefined;
  const service = createReturnsService({
    store: memoryStore(),
    baseUrl: url,
    orders: {
      source: shopOrders(options.orders ?? [], url),
      returnWindowDays: 30,
      reasons: options.reasons,
    },
    // The other size of a few lines, at the price paid: such an exchange settles nothing.
    // The navy jumper's offers have prices of their own.
    exchanges: {
      offers: (line, order) => {
        if (!order.currency) return [];
        if (PRICED_OFFERS[line.sku]) return pricedOffers(line.sku, url, order.currency);
        const other = EXCHANGE_VARIANTS[line.sku];
        if (!other) return [];
        const offer = { ...other, unit_price: line.unit_price ?? 0, currency: order.currency };
        return [{ ...offer, available: true }];
      },
    },
    ...(options.labels
      ? { carriers: { label: labelCarrier(url), returnsAddress: RETURNS_ADDRESS, paperless: true } }
      : {}),
    policy: {
      ...(options.refundPolicy ? { refund: options.refundPolicy } : {}),
      ...(options.returnMethods ? { returnMethods: options.returnMethods } : {}),
      ...(options.autoApprove ? { autoApprove: () => true } : {}),
    },
    ...(options.guests
      ? {
          guests: {
            secret: "the browser tests' guest secret, 32+",
            ...(typeof options.guests === "object" ? options.guests : {}),
          },
        }
      : {}),
    auth: auth
      ? { issuer: auth.issuer, jwksUri: auth.jwksUri }
      : { authenticate: withCsrfProtection(withVisitor(sessionPrincipal, options.visitor)) },
    webhooks: {
      endpoints: [
        { id: "ep_erp", url: receiverUrl, secret: generateWebhookSecret() },
        // Nothing listens there: its deliveries die at once, for redelivery.
        { id: "ep_down", url: "http://127.0.0.1:1/hooks", secret: generateWebhookSecret() },
      ],
      retrySchedule: [0],
      allowedDestinations: ["127.0.0.1"],
    },
  });
  mountReturnsUi(service, "/returns", {
    brand: { name: "Acme Outfitters" },
    ...(options.imageOrigins ? { imageOrigins: options.imageOrigins } : {}),
    ...(options.guests ? { guests: true } : {}),
    signIn: auth
      ? {
          mode: "oauth",
          authorizationEndpoint: auth.authorizationEndpoint,
          tokenEndpoint: auth.tokenEndpoint,
          clientId: auth.portalClientId,
        }
      : { mode: "session", signInUrl: "/login" },
    ...(auth
      ? {
          staffSignIn: {
            mode: "oauth",
            authorizationEndpoint: auth.authorizationEndpoint,
            tokenEndpoint: auth.tokenEndpoint,
            clientId: auth.backOfficeClientId,
            scope: "merchant:returns.read merchant:returns.write merchant:webhooks.manage",
          },
        }
      : {}),
  });
  await service.ready();
  service.dispatcher.start();
  if (options.scheduler) service.scheduler.start();
  const host = new Hono();
  // The shop's own storefront page, with the returns page placed in it by one script tag.
  host.get("/account", (c) => c.html(STOREFRONT_PAGE));
  host.get("/pictures/:file{[0-9a-f]{6}\\.svg}", (c) =>
    c.body(picture(c.req.param("file").slice(0, 6)), 200, {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=3600",
    }),
  );
  // The shop carrier's drop-off codes: a label's tracking number as a QR code.
  host.get("/labels/:file{\\d{20}\\.svg}", (c) => {
    const svg = labelCodeSvg(c.req.param("file").slice(0, 20));
    return svg ? c.body(svg, 200, { "content-type": "image/svg+xml" }) : c.notFound();
  });
  host.route("/", returnsApp(service));
  app = host;
  return {
    url,
    auth,
    service,
    received,
    async close() {
      await service.close();
      await auth?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}
