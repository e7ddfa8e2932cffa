/**
 * @module express-server — returnkit inside an existing Express shop: the host keeps its
 * own routes and its own sessions (a custom `authenticate`), mounts the returns API under
 * `/returns`, and receives returnkit's webhooks on the same app with the raw-body recipe.
 */

import { returnsRouter } from "@returnkit/adapter-express";
import {
  createReturnsService,
  generateWebhookSecret,
  memoryStore,
  type Principal,
  type ReturnsService,
  type ReturnsStore,
} from "@returnkit/core";
import {
  type ReturnkitWebhookEvent,
  verifyWebhook,
  WebhookVerificationError,
} from "@returnkit/webhook-verify";
import express from "express";

/** The host's own session store: session token → who is signed in. */
export type Sessions = Map<string, { kind: "customer" | "staff"; id: string }>;

interface ShopAppOptions {
  /** Public origin of the shop, e.g. `https://shop.example`. */
  origin: string;
  sessions: Sessions;
  store?: ReturnsStore;
  onWebhook?: (event: ReturnkitWebhookEvent) => void;
}

export function createShopApp(options: ShopAppOptions): {
  app: express.Express;
  returns: ReturnsService;
} {
  const webhookSecret = generateWebhookSecret();
  const returns = createReturnsService({
    store: options.store ?? memoryStore(),
    baseUrl: `${options.origin}/returns`,
    // The shop's own sessions decide who is calling; returnkit only needs a Principal.
    auth: {
      authenticate: (request): Principal | null => {
        const session = options.sessions.get(request.headers.get("x-shop-session") ?? "");
        if (!session) return null;
        return session.kind === "customer"
          ? { kind: "portal", id: session.id, scopes: ["portal:returns.write"] }
          : { kind: "merchant", id: session.id, scopes: ["merchant:returns.write"] };
      },
    },
    webhooks: {
      endpoints: [{ url: `${options.origin}/hooks/returnkit`, secret: webhookSecret }],
      // The shop receives its own webhooks, on this machine: a destination to allow explicitly.
      allowedDestinations: [new URL(options.origin).hostname],
    },
  });

  const app = express();
  app.get("/health", (_req, res) => {
    res.json({ ok: true });
  });

  // Webhooks: express.raw keeps the exact bytes the signature covers. It must run before
  // any express.json() that would otherwise consume and re-shape the body.
  app.post("/hooks/returnkit", express.raw({ type: "application/json" }), async (req, res) => {
    try {
      const event = await verifyWebhook({
        payload: req.body as Buffer,
        headers: req.headers,
        secret: webhookSecret,
      });
      options.onWebhook?.(event);
      res.sendStatus(204);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.status(400).json({ error: error.code });
    }
  });

  // The returns API, mounted before the host's JSON parser so it sees the raw body.
  app.use("/returns", returnsRouter(returns));

  // The host's own JSON API, with its own body parser.
  app.use(express.json());
  app.post("/api/orders/:id/notes", (req, res) => {
    res
      .status(201)
      .json({ order: req.params.id, note: (req.body as { note?: string }).note ?? null });
  });

  return { app, returns };
}
