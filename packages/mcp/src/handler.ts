/**
 * @module handler — `createMcpHandler(service, options)`: the returns service as a stateless
 * MCP server over Streamable HTTP, a `(Request) => Promise<Response>` like `service.fetch`.
 *
 * Each request is authenticated first (a bearer token for the MCP resource, or the host's
 * own `authenticate`); the caller's scopes decide which tools its server lists.
 */

import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  isProblemError,
  type Principal,
  type ProblemError,
  problems,
  requestIdOf,
} from "@returnkit/core";
import type { McpAppView } from "./app-views";
import { createMcpAuthentication, type McpAuthOptions, mcpAuthOf } from "./authentication";
import { callerOriginCheck } from "./caller-origin";
import { MCP_PACKAGE_VERSION } from "./package-version";
import { type McpMessageBody, readMcpMessage } from "./request-body";
import { buildServer } from "./server";
import { stepUpCheck } from "./step-up";
import type { McpService } from "./tool-context";

export interface McpHandlerOptions {
  /**
   * Who is calling: the host's `{ authenticate }`, or JWT settings (`issuer`, `jwksUri`, …)
   * for the MCP resource `{baseUrl}/mcp`, which is then the audience a token must carry: a
   * token for the REST API is refused here, as a token for the MCP resource is refused by the
   * REST routes. Default: the service's `auth` (its JWT settings with the MCP resource as the
   * audience, or its `authenticate`); without either every request is a 401.
   */
  auth?: McpAuthOptions;
  /** The server's name and version in the MCP handshake; default `returnkit` at this package's. */
  serverInfo?: { name: string; version: string };
  /**
   * Origins, besides `baseUrl`'s, whose pages may call the server from a browser (a request
   * with any other `Origin` is refused, against DNS rebinding).
   */
  allowedOrigins?: string[];
  /**
   * The largest POST body read, in bytes; defaults to the service's `maxBodyBytes`. A longer
   * body is a 413 problem, refused before more than this many bytes are read.
   */
  maxBodyBytes?: number;
  /**
   * The customer's return form as an MCP Apps view, shown by clients that render views for
   * `returnable_lines`, `estimate_return_request` and `get_return_request`:
   * `customerReturnsApp({ imageOrigins })` from `@returnkit/ui/mcp-app`. Its CSP names only
   * `imageOrigins`. Without it the server offers no view (and no `io.modelcontextprotocol/ui`).
   */
  app?: McpAppView;
}

export type McpHandler = (request: Request, context?: unknown) => Promise<Response>;

export function createMcpHandler(service: McpService, options: McpHandlerOptions = {}): McpHandler {
  const resource = mcpResourceUrl(service.baseUrl);
  const resourcePath = new URL(resource).pathname;
  const authentication = createMcpAuthentication(options.auth ?? mcpAuthOf(service.auth), resource);
  const untrusted = callerOriginCheck(service.baseUrl, options.allowedOrigins);
  const stepUpNeeded = stepUpCheck(service);
  const maxBodyBytes = options.maxBodyBytes ?? service.maxBodyBytes;
  const settings = {
    name: options.serverInfo?.name ?? "returnkit",
    version: options.serverInfo?.version ?? MCP_PACKAGE_VERSION,
    // A failure no caller could act on goes where the service's go: its log and `onError`.
    reportError: service.hooks.reportError,
    app: options.app,
  };
  return async (request, context) => {
    const foreign = untrusted(request);
    if (foreign) return problemResponse(foreign, {});
    const metadata = authentication.metadata(request);
    if (metadata) return metadata;
    const { pathname } = new URL(request.url);
    if (pathname !== resourcePath) return problemResponse(problems.routeNotFound(pathname), {});
    let principal: Principal;
    let body: McpMessageBody | undefined;
    try {
      principal = await authentication.principalFor(request, context);
      body = request.method === "POST" ? await readMcpMessage(request, maxBodyBytes) : undefined;
      if (body?.refusal) return body.refusal;
      const stepUp = body && stepUpNeeded(body.message, principal);
      if (stepUp) throw stepUp;
    } catch (error) {
      if (isProblemError(error)) return problemResponse(error, authentication.challengeFor(error));
      throw error;
    }
    const server = buildServer(service, principal, requestIdOf(request), settings);
    // Stateless: one server and transport per request, answered as plain JSON.
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      // The body was read once, above: the transport takes the parsed message.
      return await transport.handleRequest(request, {
        authInfo: authInfoOf(principal, request),
        parsedBody: body?.message,
      });
    } finally {
      await server.close();
    }
  };
}

/** The MCP resource's identifier: `{baseUrl}/mcp`. */
export function mcpResourceUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/mcp`;
}

function authInfoOf(principal: Principal, request: Request): AuthInfo {
  const authorization = request.headers.get("authorization") ?? "";
  return {
    token: authorization.replace(/^Bearer\s+/i, ""),
    clientId: principal.clientId ?? principal.id,
    scopes: [...principal.scopes],
    extra: { principal },
  };
}

function problemResponse(error: ProblemError, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { "content-type": "application/problem+json", ...error.headers, ...headers },
  });
}
