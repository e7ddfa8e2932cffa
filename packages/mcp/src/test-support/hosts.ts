/**
 * Test support: a returns service with the MCP endpoint mounted, served by a real Hono
 * (@hono/node-server) or Express app on a loopback socket, and the official SDK client
 * connected to it over Streamable HTTP.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { returnsRouter } from "@returnkit/adapter-express";
import { returnsApp } from "@returnkit/adapter-hono";
import {
  createReturnsService,
  type ReturnsService,
  type ReturnsServiceOptions,
} from "@returnkit/core";
import express from "express";
import { Hono } from "hono";
import { createMcpHandler, type McpHandlerOptions } from "../index";

export const MOUNT = "/returns";

export interface McpHost {
  /** The host's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  service: ReturnsService;
  close(): Promise<void>;
}

export type HostKind = "hono" | "express";

interface HostSettings {
  service: ReturnsServiceOptions;
  mcp: McpHandlerOptions;
}

/**
 * Starts a service whose `baseUrl` is the real socket's mount URL (the MCP resource is then
 * `{origin}/returns/mcp`), with `mcp` mounted at `/mcp` in one line.
 */
export async function startMcpHost(
  kind: HostKind,
  options: (origin: string) => HostSettings | Promise<HostSettings>,
): Promise<McpHost> {
  let service: ReturnsService | undefined;
  const fetch = (request: Request, context?: unknown) => {
    if (!service) throw new Error("service not started");
    return service.fetch(request, context);
  };
  const server = kind === "hono" ? honoServer(fetch) : expressServer(fetch);
  // Idle sockets stay open until close: on a busy machine a gap between two calls can outlast
  // Node's 5 s keep-alive, and the client's next request then meets a socket being closed.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = await options(origin);
  service = createReturnsService({ ...settings.service, baseUrl: `${origin}${MOUNT}` });
  service.mount("/mcp", createMcpHandler(service, settings.mcp));
  const started = service;
  return {
    origin,
    service: started,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await started.close();
    },
  };
}

type Fetch = (request: Request, context?: unknown) => Promise<Response>;

function honoServer(fetch: Fetch): Server {
  const app = new Hono();
  app.route(MOUNT, returnsApp({ fetch }));
  // Metadata lives at the host's root (RFC 9728), outside the mount.
  app.route("/.well-known", returnsApp({ fetch }));
  return createAdaptorServer({ fetch: app.fetch }) as Server;
}

function expressServer(fetch: Fetch): Server {
  const app = express();
  app.use(MOUNT, returnsRouter({ fetch }));
  // Metadata lives at the host's root (RFC 9728), outside the mount.
  app.use("/.well-known", returnsRouter({ fetch }));
  return createServer(app);
}

/**
 * The official SDK client, connected to `url` with `authorization` (and any other `headers`)
 * on every request.
 */
export async function connectClient(
  url: string,
  authorization?: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { ...headers, ...(authorization ? { authorization } : {}) } },
  });
  const client = new Client({ name: "returnkit-test-agent", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Calls a tool and returns its result as the CallToolResult it is. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
