/**
 * @module delivery/test-support/receiver — a real HTTP webhook receiver on 127.0.0.1 whose
 * answers each test decides, recording every request it gets.
 */
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";

/**
 * What a dispatcher or service sending to these receivers must allow: they listen on loopback,
 * which webhooks may not reach by default (`allowedDestinations`).
 */
export const RECEIVER_DESTINATIONS: readonly string[] = Object.freeze(["127.0.0.1"]);

export interface ReceivedWebhook {
  /** Arrival order across the whole receiver, from 0. */
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The parsed body: `{ type, timestamp, data }`. */
  payload: {
    type: string;
    timestamp: string;
    data: { transition: { seq: number }; return: { id: string } };
  };
  /** What the receiver answered, once it did (undefined while a request hangs). */
  answeredStatus?: number;
}

/** How to answer one request. */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Never answer (the request stays open until the client gives up or the receiver closes). */
  | "hang"
  /** Destroy the connection without a response. */
  | "reset";

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /** Sets how the receiver answers from now on (default: 204); a promise defers the answer. */
  answer(decide: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer>): void;
  /** Resolves with the first request (already received or still to come) that matches. */
  waitFor(match: (request: ReceivedWebhook) => boolean): Promise<ReceivedWebhook>;
  /** Requests answered 2xx. */
  delivered(): ReceivedWebhook[];
  /** Connections accepted so far (a client that keeps connections alive opens few). */
  connectionsOpened(): number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let decide: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer> = () => ({
    status: 204,
  });
  let watchers: {
    match: (r: ReceivedWebhook) => boolean;
    resolve: (r: ReceivedWebhook) => void;
  }[] = [];

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const header = (name: string) => String(req.headers[name] ?? "");
    const request: ReceivedWebhook = {
      index: received.length,
      method: req.method ?? "",
      path: req.url ?? "",
      headers: req.headers,
      id: header("webhook-id"),
      timestamp: header("webhook-timestamp"),
      signature: header("webhook-signature"),
      body,
      payload: body ? JSON.parse(body) : null,
    };
    received.push(request);
    const answer = decide(request);
    notify(request);
    const settled = await answer;
    if (settled === "reset") {
      req.socket.destroy();
    } else if (settled !== "hang" && !req.socket.destroyed) {
      request.answeredStatus = settled.status;
      res.writeHead(settled.status, settled.headers);
      res.end(settled.body);
      notify(request);
    }
  });

  /** Watchers see a request on arrival and again once it is answered. */
  function notify(request: ReceivedWebhook) {
    const matched = watchers.filter((w) => w.match(request));
    watchers = watchers.filter((w) => !matched.includes(w));
    for (const w of matched) w.resolve(request);
  }
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    answer(next) {
      decide = next;
    },
    waitFor(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => watchers.push({ match, resolve }));
    },
    delivered() {
      return received.filter(
        (r) => r.answeredStatus !== undefined && r.answeredStatus >= 200 && r.answeredStatus < 300,
      );
    },
    connectionsOpened() {
      return connections;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens: a port the OS handed out, then freed. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/webhooks`;
}

/**
 * A TCP server on 127.0.0.1 that speaks no HTTP: it greets each connection with a line of
 * its own protocol (as an SSH or SMTP server does) and hangs up.
 */
export async function startNonHttpListener(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.end("SSH-2.0-OpenSSH_9.6\r\n");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
