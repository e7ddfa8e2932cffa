/**
 * @module reliability/test-support/servers — returnkit mounted the ways a host mounts it, on
 * real loopback sockets where the test needs one, with the per-request bounds a host
 * should set (bench/README.md, "What a host should set").
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerOptions,
} from "node:http";
import { type AddressInfo, connect } from "node:net";
import { serve } from "@hono/node-server";
import { returnsRouter } from "@returnkit/adapter-express";
import { returnsApp } from "@returnkit/adapter-hono";
import type { ReturnsService } from "@returnkit/core";
import express from "express";
import { Hono } from "hono";

/**
 * The bounds a host should put on its node:http server (bench/README.md): a client gets
 * `headersTimeout` to send its headers and `requestTimeout` for the whole request; headers
 * past `maxHeadersCount` are dropped and a header section over `maxHeaderSize` is refused
 * with 431. Node checks the two timeouts every `connectionsCheckingInterval`.
 */
export interface HostServerSettings {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
  maxHeaderSize: number;
  maxHeadersCount: number;
}

const HOST_SERVER_SETTINGS: HostServerSettings = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
  connectionsCheckingInterval: 1_000,
  maxHeaderSize: 16 * 1024,
  maxHeadersCount: 200,
};

function serverOptions(settings: HostServerSettings): ServerOptions {
  return {
    headersTimeout: settings.headersTimeout,
    requestTimeout: settings.requestTimeout,
    keepAliveTimeout: settings.keepAliveTimeout,
    connectionsCheckingInterval: settings.connectionsCheckingInterval,
    maxHeaderSize: settings.maxHeaderSize,
  };
}

export interface RunningServer {
  name: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once("listening", () => resolve((server.address() as AddressInfo).port));
  });
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export type ServerFactory = (
  service: ReturnsService,
  settings?: Partial<HostServerSettings>,
) => Promise<RunningServer>;

export const startHonoServer: ServerFactory = async (service, overrides = {}) => {
  const settings = { ...HOST_SERVER_SETTINGS, ...overrides };
  const app = new Hono();
  app.route("/", returnsApp(service));
  const server = serve({
    fetch: app.fetch,
    hostname: "127.0.0.1",
    port: 0,
    serverOptions: serverOptions(settings),
  }) as Server;
  server.maxHeadersCount = settings.maxHeadersCount;
  const port = await listening(server);
  return { name: "Hono (node-server)", port, server, close: () => closeServer(server) };
};

export const startExpressServer: ServerFactory = async (service, overrides = {}) => {
  const settings = { ...HOST_SERVER_SETTINGS, ...overrides };
  const app = express();
  app.use(returnsRouter(service));
  const server = createServer(serverOptions(settings), app);
  server.maxHeadersCount = settings.maxHeadersCount;
  server.listen(0, "127.0.0.1");
  const port = await listening(server);
  return { name: "Express", port, server, close: () => closeServer(server) };
};

export interface RawRequest {
  method: string;
  /** Sent as is on the request line: percent-encoding, `..` and all. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /**
   * The body in `Transfer-Encoding: chunked` framing instead, one chunk each, then the final
   * zero-length chunk: the whole message is written before any answer is read.
   */
  chunks?: Uint8Array[];
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on a fresh connection, bytes exactly as given (no URL normalisation). */
export function sendRaw(port: number, raw: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  if (raw.chunks) return sendChunked(port, raw, raw.chunks, timeoutMs);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: raw.method,
        path: raw.path,
        headers: {
          ...raw.headers,
          ...(raw.body ? { "content-length": String(raw.body.byteLength) } : {}),
        },
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(raw.body ? Buffer.from(raw.body) : undefined);
  });
}

/**
 * Writes the whole chunked message on a socket, final chunk included, and reads the first
 * response (node's client would stop at an early answer; this client does not).
 */
function sendChunked(
  port: number,
  raw: RawRequest,
  chunks: Uint8Array[],
  timeoutMs: number,
): Promise<RawResponse> {
  const head = [
    `${raw.method} ${raw.path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Connection: close",
    "Transfer-Encoding: chunked",
    ...Object.entries(raw.headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  const framed = chunks
    .filter((chunk) => chunk.byteLength > 0)
    .flatMap((chunk) => [
      Buffer.from(`${chunk.byteLength.toString(16)}\r\n`),
      Buffer.from(chunk),
      Buffer.from("\r\n"),
    ]);
  const message = Buffer.concat([
    Buffer.from(`${head}\r\n\r\n`),
    ...framed,
    Buffer.from("0\r\n\r\n"),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      const answer = parseRawResponse(Buffer.concat(received));
      if (answer) resolve(answer);
      else reject(new Error(`the connection closed without a whole answer`));
    };
    socket.on("data", (data: Buffer) => received.push(data));
    // A reset after the answer (the server stops reading an oversized body) is expected.
    socket.on("error", () => {});
    socket.on("close", settle);
    socket.on("connect", () => socket.write(message));
  });
}

/** Head and Content-Length body of the first response in `bytes`; null if incomplete. */
function parseRawResponse(bytes: Buffer): RawResponse | null {
  const end = bytes.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine = "", ...lines] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: IncomingHttpHeaders = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? bytes.length - end - 4);
  const body = bytes.subarray(end + 4, end + 4 + length);
  if (body.length < length) return null;
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}

/** The same request through `app.request` (Hono, no socket). */
export async function sendToHonoApp(app: Hono, raw: RawRequest): Promise<RawResponse> {
  const hasBody = raw.body !== undefined && raw.method !== "GET" && raw.method !== "HEAD";
  const response = await app.request(raw.path, {
    method: raw.method,
    headers: raw.headers,
    ...(hasBody && raw.body ? { body: new Uint8Array(raw.body) as Uint8Array<ArrayBuffer> } : {}),
    ...(raw.chunks ? { body: streamOf(raw.chunks), duplex: "half" } : {}),
  } as RequestInit);
  const headers: IncomingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}
