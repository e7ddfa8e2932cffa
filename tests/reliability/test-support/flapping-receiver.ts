/**
 * @module reliability/test-support/flapping-receiver — a webhook receiver on loopback that
 * verifies every delivery's signature and, while flapping, fails a share of them the ways
 * real receivers fail: 500, 503 with Retry-After, 429, and a connection reset.
 *
 * It records only the deliveries it acknowledged (2xx), in arrival order: the at-least-once
 * and per-return ordering checks read those.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "@returnkit/webhook-verify";

export interface AcknowledgedDelivery {
  eventId: string;
  returnId: string;
  type: string;
  seq: number;
}

export interface FlappingReceiver {
  url: string;
  /** 2xx answers in arrival order. */
  acknowledged: AcknowledgedDelivery[];
  /** Failures injected while flapping, by kind. */
  injected: Record<string, number>;
  badSignatures: number;
  /** Fail roughly `failureShare` of deliveries from now on (0 = healthy). */
  setFailureShare(share: number): void;
  close(): Promise<void>;
}

export async function startFlappingReceiver(secret: string): Promise<FlappingReceiver> {
  let failureShare = 0;
  const acknowledged: AcknowledgedDelivery[] = [];
  const injected: Record<string, number> = {};
  let badSignatures = 0;
  const inject = (kind: string) => {
    injected[kind] = (injected[kind] ?? 0) + 1;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const payload = Buffer.concat(chunks).toString("utf8");
      let event: { type: string; data: { return?: { id: string }; transition?: { seq: number } } };
      try {
        event = (await verifyWebhook({
          payload,
          headers: req.headers as Record<string, string>,
          secret,
        })) as unknown as typeof event;
      } catch {
        badSignatures++;
        res.writeHead(400).end();
        return;
      }
      if (Math.random() < failureShare) {
        const kind = ["500", "503", "429", "reset"][Math.floor(Math.random() * 4)]!;
        inject(kind);
        if (kind === "reset") req.socket.destroy();
        else if (kind === "500") res.writeHead(500).end("flapping");
        else res.writeHead(Number(kind), { "retry-after": "1" }).end();
        return;
      }
      acknowledged.push({
        eventId: String(req.headers["webhook-id"]),
        returnId: event.data.return?.id ?? "",
        type: event.type,
        seq: event.data.transition?.seq ?? -1,
      });
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    acknowledged,
    injected,
    get badSignatures() {
      return badSignatures;
    },
    setFailureShare(share) {
      failureShare = share;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
