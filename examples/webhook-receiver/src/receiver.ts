/**
 * @module webhook-receiver — what a shop's webhook endpoint looks like: verify the raw body
 * with `@returnkit/webhook-verify`, deduplicate on `webhook-id` (delivery is at least once),
 * answer 2xx fast, and keep each return's timeline in `seq` order.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ReturnkitWebhookEvent,
  verifyWebhook,
  WebhookVerificationError,
} from "@returnkit/webhook-verify";

export interface ReceivedWebhook {
  /** `webhook-id`: the event id, the same on every retry. */
  id: string;
  event: ReturnkitWebhookEvent;
  returnId: string;
  seq: number;
  /**
   * `returnkit-request-id`: the request whose change produced the event, for finding it in
   * the shop's logs (null for a change made in-process). Not signed: for correlation only.
   */
  requestId: string | null;
  receivedAt: Date;
}

export interface WebhookReceiverOptions {
  /** `whsec_…` secret(s) shared with returnkit's endpoint registration. */
  secrets: string[];
  port?: number;
  host?: string;
  /** Called once per distinct event, after verification. */
  onWebhook?: (webhook: ReceivedWebhook) => void;
  /** Called for every rejected delivery (bad signature, stale timestamp, ...). */
  onRejected?: (error: WebhookVerificationError) => void;
}

export interface WebhookReceiver {
  url: string;
  /** Distinct verified events, in arrival order. */
  received: ReceivedWebhook[];
  /** Deliveries answered 2xx that repeated an event already seen. */
  duplicates: number;
  rejected: number;
  /** One return's events ordered by `seq` (a transition and its fit signal share a seq). */
  timeline(returnId: string): ReceivedWebhook[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1 << 20;

export async function startWebhookReceiver(
  options: WebhookReceiverOptions,
): Promise<WebhookReceiver> {
  const seen = new Set<string>();
  const received: ReceivedWebhook[] = [];
  const state = { duplicates: 0, rejected: 0 };

  const server = createServer(async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    let payload: Buffer;
    try {
      payload = await readRaw(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    try {
      // The raw bytes, never a re-serialised object: the signature covers them exactly.
      const event = await verifyWebhook({
        payload,
        headers: req.headers,
        secrets: options.secrets,
      });
      const id = String(req.headers["webhook-id"]);
      if (seen.has(id)) {
        state.duplicates++;
      } else {
        seen.add(id);
        const data = event.data as { return: { id: string }; transition: { seq: number } };
        const webhook: ReceivedWebhook = {
          id,
          event,
          returnId: data.return.id,
          seq: data.transition.seq,
          requestId: headerValue(req, "returnkit-request-id"),
          receivedAt: new Date(),
        };
        received.push(webhook);
        options.onWebhook?.(webhook);
      }
      res.writeHead(204).end();
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      state.rejected++;
      options.onRejected?.(error);
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: error.code }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}/webhooks/returnkit`,
    received,
    get duplicates() {
      return state.duplicates;
    },
    get rejected() {
      return state.rejected;
    },
    timeline: (returnId) =>
      received.filter((w) => w.returnId === returnId).sort((a, b) => a.seq - b.seq),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}
