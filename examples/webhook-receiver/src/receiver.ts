/**
 * @module webhook-receiver — what a shop's webhook endpoint looks like: verify the raw body
 * with `@returnkit/webhook-verify`, deduplicate on `webhook-id` (delivery is at least once),
 * answer 2xx fast, and keep each return's timeline in `seq` order. Every type returnkit can
 * send is handled by one exhaustive switch; a type newer than this code is acknowledged and
 * logged, and a failure while handling an event is a 500 (returnkit retries it), never a crash.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type CustomerErasedEvent,
  type ReturnExchangeEvent,
  type ReturnFitSignalEvent,
  type ReturnkitWebhookEvent,
  type ReturnLabelCreatedEvent,
  type ReturnRefundedEvent,
  type ReturnStateEvent,
  type ReturnTrackingUpdatedEvent,
  verifyWebhook,
  type WebhookTestEvent,
  WebhookVerificationError,
} from "@returnkit/webhook-verify";

export interface ReceivedWebhook {
  /** `webhook-id`: the event id, the same on every retry. */
  id: string;
  event:
    | ReturnStateEvent
    | ReturnFitSignalEvent
    | ReturnRefundedEvent
    | ReturnExchangeEvent
    | ReturnLabelCreatedEvent
    | ReturnTrackingUpdatedEvent;
  returnId: string;
  /**
   * The transition's `seq`; for an event that records no transition (`return.refunded`, the
   * exchange's, the parcel's `return.label_created` and `return.tracking_updated`), the seq of
   * the return's last transition then, so it sorts after it.
   */
  seq: number;
  /**
   * `returnkit-request-id`: the request whose change produced the event, for finding it in
   * the shop's logs (null for a change made in-process). Not signed: for correlation only.
   */
  requestId: string | null;
  receivedAt: Date;
}

interface WebhookReceiverOptions {
  /** `whsec_…` secret(s) shared with returnkit's endpoint registration. */
  secrets: string[];
  port?: number;
  host?: string;
  /** Called once per distinct return event, after verification; a throw answers 500. */
  onWebhook?: (webhook: ReceivedWebhook) => void;
  /** Called for an endpoint test (`webhook.test`), which is about no return. */
  onTestEvent?: (event: WebhookTestEvent) => void;
  /**
   * Called once the copies of an erased customer's returns are dropped (`customer.erased`):
   * what this receiver held of them went with the shop's erasure.
   */
  onErased?: (event: CustomerErasedEvent) => void;
  /** Called for a verified event of a type this code does not know; it is acknowledged. */
  onIgnored?: (type: string, id: string) => void;
  /** Called for every rejected delivery (bad signature, stale timestamp, ...). */
  onRejected?: (error: WebhookVerificationError) => void;
  /** Called when handling a delivery failed; it is answered 500, so returnkit retries it. */
  onError?: (error: unknown) => void;
}

export interface WebhookReceiver {
  url: string;
  /** Distinct verified return events, in arrival order. */
  received: ReceivedWebhook[];
  /** Endpoint tests received, in arrival order. */
  tests: WebhookTestEvent[];
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
  const tests: WebhookTestEvent[] = [];
  const state = { duplicates: 0, rejected: 0 };
  const onIgnored =
    options.onIgnored ??
    ((type: string, id: string) => console.warn(`acknowledged ${id} of unknown type ${type}`));
  const onError = options.onError ?? ((error: unknown) => console.error(error));

  /** Hands one verified event to its handler, by type. */
  function handleEvent(event: ReturnkitWebhookEvent, id: string, req: IncomingMessage): void {
    switch (event.type) {
      case "return.created":
      case "return.submitted":
      case "return.approved":
      case "return.rejected":
      case "return.flagged":
      case "return.unflagged":
      case "return.in_transit":
      case "return.received":
      case "return.graded":
      case "return.closed":
      case "return.cancelled":
      case "return.fit_signal":
      case "return.refunded":
      case "return.exchange_released":
      case "return.exchange_paid":
      case "return.exchange_fallen_back":
      case "return.exchange_order_recorded":
      case "return.exchange_hold_due":
      case "return.exchange_hold_released":
      case "return.label_created":
      case "return.tracking_updated": {
        const webhook: ReceivedWebhook = {
          id,
          event,
          returnId: event.data.return.id,
          // An event that records no transition comes after the return's latest one.
          seq:
            "transition" in event.data
              ? event.data.transition.seq
              : (event.data.return.history.at(-1)?.seq ?? 0),
          requestId: headerValue(req, "returnkit-request-id"),
          receivedAt: new Date(),
        };
        options.onWebhook?.(webhook);
        received.push(webhook);
        return;
      }
      case "customer.erased": {
        // The shop erased this customer: drop every copy of their returns kept here.
        const erased = new Set(event.data.return_ids);
        const kept = received.filter((webhook) => !erased.has(webhook.returnId));
        received.splice(0, received.length, ...kept);
        options.onErased?.(event);
        return;
      }
      case "webhook.test":
        options.onTestEvent?.(event);
        tests.push(event);
        return;
      default:
        // Every type the union holds is handled above (a new one fails to compile here); at
        // run time a type newer than this code lands here, and is acknowledged.
        event satisfies never;
        onIgnored(String((event as { type: unknown }).type), id);
    }
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const payload = await readRaw(req);
    if (!payload) {
      res.writeHead(413).end();
      return;
    }
    let event: ReturnkitWebhookEvent;
    try {
      // The raw bytes, never a re-serialised object: the signature covers them exactly.
      event = await verifyWebhook({ payload, headers: req.headers, secrets: options.secrets });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      state.rejected++;
      options.onRejected?.(error);
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: error.code }));
      return;
    }
    const id = String(req.headers["webhook-id"]);
    if (seen.has(id)) {
      state.duplicates++;
    } else {
      handleEvent(event, id, req);
      // Only once handled: a delivery answered 500 is retried, and that retry is no duplicate.
      seen.add(id);
    }
    res.writeHead(204).end();
  }

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => {
      onError(error);
      if (res.headersSent) res.destroy();
      else res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}/webhooks/returnkit`,
    received,
    tests,
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

/** The raw body, or null when it is longer than MAX_BODY_BYTES. */
async function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}
