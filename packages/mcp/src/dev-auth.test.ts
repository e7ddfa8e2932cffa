/**
 * The agent's whole way in, against the development authorization server (oidc-provider):
 * given only the MCP URL, the official SDK client discovers the authorization server from the
 * 401, registers, runs code + PKCE for a customer; the back office uses client credentials.
 * Then a return goes from draft to closed through tools alone.
 */

import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  DEV_CLIENTS,
  type DevAuthorizationServer,
  startDevAuthorizationServer,
} from "@returnkit/dev-auth";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeadlessCustomer } from "./test-support/headless-customer";
import { callTool, type HostKind, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, shopOptions } from "./test-support/shop";

describe.each<HostKind>(["hono", "express"])(
  "an agent with nothing but the MCP URL, in %s",
  (kind) => {
    let host: McpHost;
    let auth: DevAuthorizationServer | undefined;
    let mcpUrl: string;

    beforeAll(async () => {
      // The issuer must know the resource's URL (with its port), so the socket comes first.
      host = await startMcpHost(kind, async (origin) => {
        mcpUrl = `${origin}${MOUNT}/mcp`;
        auth = await startDevAuthorizationServer({
          resource: `${origin}${MOUNT}`,
          moreResources: [mcpUrl],
        });
        const jwt = { issuer: auth.issuer, jwksUri: auth.jwksUri };
        return { service: { ...shopOptions(), auth: jwt }, mcp: { auth: jwt } };
      });
    });
    afterAll(async () => {
      await host.close();
      await auth?.close();
    });

    it("takes a return from draft to closed after discovering the way in from the 401", async () => {
      const customerAuth = new HeadlessCustomer(CUSTOMER);
      const first = new StreamableHTTPClientTransport(new URL(mcpUrl), {
        authProvider: customerAuth,
      });
      await expect(new Client({ name: "assistant", version: "1" }).connect(first)).rejects.toThrow(
        UnauthorizedError,
      );
      expect(customerAuth.authorizationUrl?.searchParams.get("resource")).toBe(mcpUrl);
      expect(customerAuth.authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256");
      await first.finishAuth(customerAuth.code ?? "");
      const token = decodeJwt(customerAuth.tokens()?.access_token ?? "");
      expect(token).toMatchObject({ aud: mcpUrl, sub: CUSTOMER });

      const customer = new Client({ name: "assistant", version: "1" });
      await customer.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: customerAuth }),
      );
      const backOffice = new Client({ name: "ops", version: "1" });
      await backOffice.connect(
        new StreamableHTTPClientTransport(new URL(mcpUrl), {
          authProvider: new ClientCredentialsProvider({
            // The credentials go only to this issuer, whatever the MCP server's metadata names.
            expectedIssuer: auth!.issuer,
            clientId: DEV_CLIENTS.merchantClientId,
            clientSecret: DEV_CLIENTS.merchantClientSecret,
            scope: "merchant:returns.read merchant:returns.write",
          }),
        }),
      );
      expect((await backOffice.listTools()).tools.map((tool) => tool.name)).toContain(
        "approve_return",
      );
      expect((await customer.listTools()).tools.map((tool) => tool.name)).not.toContain(
        "approve_return",
      );

      const started = await callTool(customer, "start_return", {
        order_id: "ord_5001",
        line: { sku: "CAP-RED", quantity: 1 },
        reason: "DAMAGED",
        resolution: "REFUND",
        idempotency_key: "start-1",
      });
      const id = (started.structuredContent as { return: { id: string } }).return.id;
      await callTool(customer, "submit_return", { id, idempotency_key: "submit-1" });
      for (const tool of [
        "approve_return",
        "ship_return",
        "receive_return",
        "grade_return",
        "close_return",
      ]) {
        const result = await callTool(backOffice, tool, { id, idempotency_key: tool });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      }
      const closed = await callTool(customer, "get_return", { id });
      expect(closed.structuredContent).toMatchObject({ return: { state: "closed" } });
      await customer.close();
      await backOffice.close();
    });
  },
);
