/**
 * @module hono-server — returnkit mounted in a Hono app, on the PGlite store (embedded
 * PostgreSQL, kept on disk), with the in-process development authorization server.
 *
 * This is the shape of a production setup with the two embedded pieces swapped in:
 * use `postgresStore({ db: new pg.Pool(...) })` and your real authorization server.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { serve } from "@hono/node-server";
import { returnsApp } from "@returnkit/adapter-hono";
import {
  type CarrierOptions,
  createReturnsService,
  type ExchangeOptions,
  type FitSignal,
  type Logger,
  type OrderSource,
  type ReasonRules,
  type RefundPolicyInput,
  type ReturnsService,
  type Subscriber,
} from "@returnkit/core";
import {
  DEV_CLIENTS,
  type DevAuthorizationServer,
  startDevAuthorizationServer,
} from "@returnkit/dev-auth";
import { createMcpHandler, mcpResourceUrl } from "@returnkit/mcp";
import {
  DataDirInUseError,
  type DataDirLock,
  lockDataDir,
  postgresStore,
} from "@returnkit/store-postgres";
import { mountReturnsUi } from "@returnkit/ui";
import { customerReturnsApp } from "@returnkit/ui/mcp-app";
import { Hono } from "hono";
import { PICTURES_PATH, pictureResponse } from "./pictures";

/** Where `@returnkit/ui` serves its pages. */
const PAGES_PATH = "/returns";

export interface ReturnsServerOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Port of the development authorization server; 0 picks a free one. */
  authPort?: number;
  /**
   * Where PGlite keeps its files; `memory://` for nothing on disk. One process at a time: a
   * second one on the same directory fails at start, naming the process that has it.
   */
  dataDir?: string;
  webhookEndpoints?: { url: string; secret: string; id?: string }[];
  /**
   * Hosts, addresses or CIDR blocks webhooks may go to inside the network (the service's
   * `webhooks.allowedDestinations`); by default only public ones are.
   */
  allowedDestinations?: readonly string[];
  /** Short retries for demos; the default is the Svix-like schedule. */
  retrySchedule?: number[];
  onFitSignal?: (signal: FitSignal) => void;
  /** In-process code run for each event, through the outbox (see the README's Subscribers). */
  subscribers?: Subscriber[];
  /**
   * The shop's orders, so returns are checked against them (`inMemoryOrders([...])` for a
   * demo); or a function of the server's base URL, for orders whose pictures it serves.
   */
  orders?: OrderSource | ((baseUrl: string) => OrderSource);
  /**
   * A folder of product pictures (`<name>.svg`) to serve at `/pictures/<name>.svg`, so the
   * pages show the products offline; the pages' CSP then names this server's origin.
   */
  picturesDir?: string;
  /** The reasons that fit each line's product (the service's `orders.reasons`), with `orders`. */
  reasons?: ReasonRules;
  /** How refunds are worked out (the service's `policy.refund`); nothing charged when omitted. */
  refundPolicy?: RefundPolicyInput;
  /**
   * What a line can be exchanged for, and how exchanges are released (the service's
   * `exchanges`), with `orders`; without it an exchange is like for like.
   */
  exchanges?: ExchangeOptions;
  /** Where requests, deliveries and failures are logged (pino fits); the service's default when omitted. */
  logger?: Logger;
  /**
   * The carrier return labels are bought from at approval, and whose tracking webhooks
   * `POST /v1/carriers/{name}/events` takes (the service's `carriers`); none when omitted.
   */
  carriers?: CarrierOptions;
}

export interface ReturnsServer {
  baseUrl: string;
  /** The customer's returns page and the back office (`@returnkit/ui`). */
  pages: { customer: string; backOffice: string };
  auth: DevAuthorizationServer;
  service: ReturnsService;
  close(): Promise<void>;
}

export async function startReturnsServer(
  options: ReturnsServerOptions = {},
): Promise<ReturnsServer> {
  const dataDir = options.dataDir ?? "./.returnkit-data";
  // First of all: a second process on this directory must stop before it opens PGlite (whose
  // close would overwrite the first one's commits). A start that fails later keeps the lock
  // until the process exits, as long as the PGlite it may have opened lives.
  const lock = lockData(dataDir);
  // Listen first: the base URL (with its port) is the token audience and the link origin.
  let app: Hono | undefined;
  const server = serve({
    fetch: (request) => (app ? app.fetch(request) : new Response("starting", { status: 503 })),
    port: options.port ?? 3000,
    hostname: "127.0.0.1",
    createServer,
  }) as Server;
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const auth = await startDevAuthorizationServer({
    resource: baseUrl,
    // Agents connect at /mcp, a protected resource of its own with tokens for it alone.
    moreResources: [mcpResourceUrl(baseUrl)],
    // The pages sign in in the browser (code + PKCE) and come back to themselves.
    clients: {
      portalRedirectUris: [DEV_CLIENTS.portalRedirectUri, `${baseUrl}${PAGES_PATH}`],
      backOfficeRedirectUris: [`${baseUrl}${PAGES_PATH}/admin`],
    },
    port: options.authPort ?? 0,
    // An hour: long enough to follow the README's curl walk-through by hand.
    accessTokenTtlSeconds: 3600,
  }).catch(async (error: unknown) => {
    // This process may go on (a test, a caller that retries on another port): free the rest.
    await closeListener(server);
    lock.release();
    throw error;
  });
  const db = new PGlite(dataDir);
  const service = createReturnsService({
    // This process locked the directory itself, before PGlite opened it (see above); the
    // store would otherwise take the lock on its own, only once PGlite exists.
    store: postgresStore({ db, lockDataDir: false }),
    baseUrl,
    auth: {
      issuer: auth.issuer,
      jwksUri: auth.jwksUri,
      authorizationEndpoint: auth.authorizationEndpoint,
      tokenEndpoint: auth.tokenEndpoint,
    },
    webhooks: {
      endpoints: options.webhookEndpoints ?? [],
      retrySchedule: options.retrySchedule,
      allowedDestinations: options.allowedDestinations,
    },
    onFitSignal: options.onFitSignal,
    subscribers: options.subscribers,
    orders: options.orders && {
      source: typeof options.orders === "function" ? options.orders(baseUrl) : options.orders,
      reasons: options.reasons,
    },
    ...(options.refundPolicy ? { policy: { refund: options.refundPolicy } } : {}),
    ...(options.orders && options.exchanges ? { exchanges: options.exchanges } : {}),
    logger: options.logger,
    ...(options.carriers ? { carriers: options.carriers } : {}),
  });
  // The MCP endpoint takes the service's auth (its own audience), logger and onError; clients
  // that render MCP Apps show a customer the return form (pictures from this server).
  const returnForm = customerReturnsApp({ imageOrigins: options.picturesDir ? [baseUrl] : [] });
  service.mount("/mcp", createMcpHandler(service, { app: returnForm }));
  // The customer's page at /returns, the back office at /returns/admin, signed in by dev-auth.
  const oauth = {
    mode: "oauth",
    authorizationEndpoint: auth.authorizationEndpoint,
    tokenEndpoint: auth.tokenEndpoint,
  } as const;
  mountReturnsUi(service, PAGES_PATH, {
    brand: { name: "returnkit example shop" },
    // The products' pictures come from this server (see picturesDir), named as an origin.
    ...(options.picturesDir ? { imageOrigins: [baseUrl] } : {}),
    signIn: { ...oauth, clientId: auth.portalClientId },
    staffSignIn: {
      ...oauth,
      clientId: auth.backOfficeClientId,
      scope: "merchant:returns.read merchant:returns.write merchant:webhooks.manage",
    },
  });
  await service.ready();
  service.dispatcher.start();
  service.scheduler.start();

  const host = new Hono();
  const picturesDir = options.picturesDir;
  if (picturesDir) {
    host.get(
      `${PICTURES_PATH}/:name`,
      (c) => pictureResponse(picturesDir, c.req.param("name")) ?? c.notFound(),
    );
  }
  host.get("/", (c) =>
    c.json({
      name: "returnkit example",
      openapi: `${baseUrl}/v1/openapi.json`,
      mcp: mcpResourceUrl(baseUrl),
      issuer: auth.issuer,
    }),
  );
  host.route("/", returnsApp(service));
  app = host;

  return {
    baseUrl,
    pages: { customer: `${baseUrl}${PAGES_PATH}`, backOffice: `${baseUrl}${PAGES_PATH}/admin` },
    auth,
    service,
    async close() {
      await service.close();
      await db.close();
      lock.release();
      await auth.close();
      await closeListener(server);
    },
  };
}

function closeListener(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The data directory's lock, or an error that also says how to run a second instance. */
function lockData(dataDir: string): DataDirLock {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new Error(
      `${error.message}. To run another instance alongside it, set RETURNKIT_DATA to another directory.`,
      { cause: error },
    );
  }
}
