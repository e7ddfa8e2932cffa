/**
 * Test support: returnkit behind a real Express app on a loopback socket, and a client that
 * writes raw bytes, so tests see what a host sees (request targets as sent, chunked
 * framing, methods `fetch` refuses to send).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { ReturnsService } from "@returnkit/core";
import express, { type Express } from "express";
import { returnsRouter } from "../index";

export interface ExpressHost {
  port: number;
  close(): Promise<void>;
}

/** Serves `service` on 127.0.0.1; `setup` adds the host's own middleware first. */
export async function startExpressHost(
  service: Pick<ReturnsService, "fetch">,
  options: { mountPath?: string; setup?: (app: Express) => void } = {},
): Promise<ExpressHost> {
  const app = express();
  options.setup?.(app);
  app.use(options.mountPath || "/", returnsRouter(service));
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` (head and body, exactly as given) on a fresh connection and resolves
 * with the first response once the server has closed the connection or the whole body
 * (Content-Length) has arrived.
 */
export function sendRawBytes(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no whole answer within 30 s; got ${JSON.stringify(received)}`));
      // A bound for a broken server only: a busy machine answers late, never not at all.
    }, 30_000);
    const settle = () => {
      const answer = parseAnswer(received);
      if (!answer) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
      return true;
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      settle();
    });
    socket.on("close", () => {
      if (settle()) return;
      clearTimeout(timer);
      reject(new Error(`connection closed without an answer; got ${JSON.stringify(received)}`));
    });
    socket.on("error", () => {});
    socket.on("connect", () => socket.write(request));
  });
}

function parseAnswer(text: string): RawAnswer | null {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = text.slice(end + 4);
  const length = Number(headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(length) && body.length < length) return null;
  return { status: Number(statusLine.split(" ")[1]), headers, body };
}
