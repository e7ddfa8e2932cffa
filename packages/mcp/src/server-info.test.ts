import { readFileSync } from "node:fs";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, shopOptions } from "./test-support/shop";

const published = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};

describe("serverInfo in the MCP handshake", () => {
  let host: McpHost;
  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: { auth: { authenticate: testAuthenticate } },
    }));
  });
  afterAll(async () => {
    await host.close();
  });

  it("createMcpHandler - names returnkit at the version of the @returnkit/mcp package serving it", async () => {
    const client = await connectClient(`${host.origin}${MOUNT}/mcp`, testToken("portal", CUSTOMER));
    try {
      expect(client.getServerVersion()).toMatchObject({
        name: "returnkit",
        version: published.version,
      });
    } finally {
      await client.close();
    }
  });
});
