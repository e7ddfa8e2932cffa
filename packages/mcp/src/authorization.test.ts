import { type ErrorContext, memoryStore } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  connectClient,
  type HostKind,
  type McpHost,
  MOUNT,
  startMcpHost,
} from "./test-support/hosts";
import { ISSUER, type LocalIssuer, localIssuer } from "./test-support/local-issuer";
import { CUSTOMER, shopOptions } from "./test-support/shop";

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
};

function post(url: string, token?: string, message: unknown = INITIALIZE) {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(message),
  });
}

describe.each<HostKind>(["hono", "express"])(
  "/mcp as its own protected resource, in %s",
  (kind) => {
    let host: McpHost;
    let issuer: LocalIssuer;
    let mcpUrl: string;
    let restUrl: string;

    beforeAll(async () => {
      issuer = await localIssuer();
      // One auth: the MCP endpoint takes the service's issuer and keys, with its own audience.
      host = await startMcpHost(kind, () => ({
        service: { ...shopOptions(), auth: { issuer: ISSUER, jwks: issuer.jwks } },
        mcp: {},
      }));
      restUrl = `${host.origin}${MOUNT}`;
      mcpUrl = `${restUrl}/mcp`;
    });
    afterAll(() => host.close());

    const customerToken = (audience: string, scope = "portal:returns.read portal:returns.write") =>
      issuer.token({ audience, scope, sub: CUSTOMER });

    it("answers 401 with a challenge whose metadata names /mcp as the resource", async () => {
      const response = await post(mcpUrl);
      expect(response.status).toBe(401);
      const challenge = response.headers.get("www-authenticate") ?? "";
      const metadataUrl = `${host.origin}/.well-known/oauth-protected-resource${MOUNT}/mcp`;
      expect(challenge).toBe(
        `Bearer resource_metadata="${metadataUrl}", scope="portal:returns.read portal:returns.write"`,
      );
      const metadata = await (await fetch(metadataUrl)).json();
      expect(metadata).toMatchObject({ resource: mcpUrl, authorization_servers: [ISSUER] });
      // The REST API keeps its own metadata, its own resource.
      const rest = await (
        await fetch(`${host.origin}/.well-known/oauth-protected-resource${MOUNT}`)
      ).json();
      expect(rest.resource).toBe(restUrl);
    });

    it("accepts a token whose audience is the MCP resource, and the REST routes refuse it", async () => {
      const token = await customerToken(mcpUrl);
      const client = await connectClient(mcpUrl, `Bearer ${token}`);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("start_return");
      await client.close();
      const rest = await fetch(`${restUrl}/v1/portal/returns`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(401);
      expect(rest.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    });

    it("refuses a token for the REST API on /mcp, without passing it through", async () => {
      const token = await customerToken(restUrl);
      const rest = await fetch(`${restUrl}/v1/portal/returns`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(200);
      const response = await post(mcpUrl, token);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
    });

    it("answers a malformed Authorization header as the REST API does: 400 with an invalid_request challenge", async () => {
      const response = await post(mcpUrl, "not a token");
      expect(response.status).toBe(400);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_request"/);
    });

    it("answers 403 insufficient_scope for a token without any returns scope", async () => {
      const response = await post(mcpUrl, await customerToken(mcpUrl, "openid"));
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toMatch(
        /^Bearer error="insufficient_scope", scope="/,
      );
    });

    it("asks a read-only caller to step up when it calls a write tool", async () => {
      const reader = await customerToken(mcpUrl, "portal:returns.read");
      const client = await connectClient(mcpUrl, `Bearer ${reader}`);
      expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain(
        "start_return",
      );
      await client.close();
      const call = {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "start_return", arguments: {} },
      };
      const response = await post(mcpUrl, reader, call);
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toBe(
        `Bearer error="insufficient_scope", scope="portal:returns.write", resource_metadata="${host.origin}/.well-known/oauth-protected-resource${MOUNT}/mcp"`,
      );
    });

    it.each([
      { family: "portal", sub: CUSTOMER },
      { family: "merchant", sub: "ops-bot" },
    ])(
      "asks a read-only $family caller to step up for every tool only a writer is listed",
      async ({ family, sub }) => {
        const toolsFor = async (scope: string) => {
          const token = await issuer.token({ audience: mcpUrl, scope, sub });
          const client = await connectClient(mcpUrl, `Bearer ${token}`);
          const names = (await client.listTools()).tools.map((tool) => tool.name);
          await client.close();
          return { token, names };
        };
        const writer = await toolsFor(`${family}:returns.write`);
        const reader = await toolsFor(`${family}:returns.read`);
        const writeOnly = writer.names.filter((name) => !reader.names.includes(name));
        expect(writeOnly.length).toBeGreaterThan(0);
        const answers: Record<string, string | null> = {};
        for (const name of writeOnly) {
          const call = {
            jsonrpc: "2.0",
            id: 2,
            method: "tools/call",
            params: { name, arguments: {} },
          };
          const response = await post(mcpUrl, reader.token, call);
          answers[name] = response.status === 403 ? response.headers.get("www-authenticate") : null;
        }
        const stepUp = `Bearer error="insufficient_scope", scope="${family}:returns.write", resource_metadata="${host.origin}/.well-known/oauth-protected-resource${MOUNT}/mcp"`;
        expect(answers).toEqual(Object.fromEntries(writeOnly.map((name) => [name, stepUp])));
      },
    );

    it("lets the back office work with a token of its own family for the MCP resource", async () => {
      const token = await issuer.token({
        audience: mcpUrl,
        scope: "merchant:returns.write",
        sub: "ops-bot",
      });
      const client = await connectClient(mcpUrl, `Bearer ${token}`);
      const queue = await callTool(client, "list_returns", { state: "submitted" });
      expect(queue.structuredContent).toMatchObject({ returns: [], next_cursor: null });
      await client.close();
    });
  },
);

describe("the MCP endpoint's hooks are the service's", () => {
  it("auth given to createMcpHandler replaces the service's", async () => {
    const issuer = await localIssuer();
    const host = await startMcpHost("hono", () => ({
      service: { ...shopOptions(), auth: { issuer: ISSUER, jwks: issuer.jwks } },
      mcp: { auth: { authenticate: testAuthenticate } },
    }));
    try {
      const mcpUrl = `${host.origin}${MOUNT}/mcp`;
      const jwt = await issuer.token({
        audience: mcpUrl,
        scope: "portal:returns.read",
        sub: CUSTOMER,
      });
      expect((await post(mcpUrl, jwt)).status).toBe(401);
      const client = await connectClient(mcpUrl, testToken("portal", CUSTOMER));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("start_return");
      await client.close();
    } finally {
      await host.close();
    }
  });

  it("a tool that fails unexpectedly is told to the service's onError, with its request id", async () => {
    const told: { error: unknown; context: ErrorContext }[] = [];
    const store = memoryStore();
    store.listReturns = async () => {
      throw new Error("disk on fire");
    };
    const host = await startMcpHost("hono", () => ({
      service: {
        ...shopOptions(),
        store,
        auth: { authenticate: testAuthenticate },
        onError: (error, context) => told.push({ error, context }),
      },
      mcp: {},
    }));
    try {
      const client = await connectClient(
        `${host.origin}${MOUNT}/mcp`,
        testToken("portal", CUSTOMER),
      );
      const result = await callTool(client, "list_my_returns", {});
      expect(result.isError).toBe(true);
      await client.close();
      expect(told).toEqual([
        {
          error: expect.objectContaining({ message: "disk on fire" }),
          context: { source: "request", operation: "mcp tool", requestId: expect.any(String) },
        },
      ]);
    } finally {
      await host.close();
    }
  });
});
