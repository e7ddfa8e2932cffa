/**
 * The README's MCP client configuration, read by the MCP Inspector's rules, against the server
 * `pnpm start` runs. The Inspector (2.x) needs Node 22.19 and pulls a web UI, so it is not a
 * dependency here; its reading of a config file is small and is restated below.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { type ReturnsServer, startReturnsServer } from "./server";
import { freePort } from "./test-support/processes";
import { readmeBlock } from "./test-support/readme";

const root = mkdtempSync(join(tmpdir(), "returnkit-mcp-config-"));
let server: ReturnsServer | undefined;

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

type InspectorEntry =
  | { type: "stdio"; command?: unknown }
  | { type: "sse" | "streamable-http"; url: string };

/**
 * One server of a config file as `@modelcontextprotocol/inspector` 2.x reads it
 * (`loadMcpServersConfig` and `normalizeServerType` in its core/mcp): the file needs
 * `mcpServers`; a `type` of `http` is `streamable-http`; a missing or unknown one is `stdio`,
 * a command to spawn (without `command`, the spawn of undefined that fails).
 */
function inspectorEntry(configText: string, name: string): InspectorEntry {
  const config = JSON.parse(configText) as { mcpServers?: Record<string, Record<string, unknown>> };
  if (!config.mcpServers) throw new Error("Configuration file must contain an mcpServers element");
  const entry = config.mcpServers[name];
  if (!entry) throw new Error(`Server '${name}' not found in config file`);
  const type = entry.type === "http" ? "streamable-http" : entry.type;
  if (type === "sse" || type === "streamable-http") return { type, url: String(entry.url) };
  return { type: "stdio", command: entry.command };
}

/** One JSON-RPC call over Streamable HTTP, as the Inspector's transport makes it. */
async function rpc(url: string, token: string, method: string, params: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  // A Streamable HTTP answer may come as one server-sent event.
  const json = text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? text);
  return {
    status: response.status,
    body: JSON.parse(json) as { result?: Record<string, unknown> },
  };
}

describe("README: MCP client configuration", () => {
  test("README MCP config - the Inspector reads it as Streamable HTTP at pnpm start's /mcp, which lists the tools", async () => {
    const entry = inspectorEntry(readmeBlock("mcp-client-config"), "returnkit");
    expect(entry).toEqual({ type: "streamable-http", url: "http://127.0.0.1:3000/mcp" });
    // The rule that made `spawn undefined ENOENT`: an entry whose type it does not know.
    expect(inspectorEntry('{"mcpServers":{"r":{"url":"http://x/mcp"}}}', "r").type).toBe("stdio");

    server = await startReturnsServer({ port: await freePort(), dataDir: join(root, "data") });
    const url = new URL(entry.type === "stdio" ? "" : entry.url);
    url.port = new URL(server.baseUrl).port;
    const token = await server.auth.portalToken("alice", url.href);
    const initialize = await rpc(url.href, token, "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "inspector-config-test", version: "1" },
    });
    expect(initialize.status).toBe(200);
    const list = await rpc(url.href, token, "tools/list", {});
    expect(list.status).toBe(200);
    const tools = ((list.body.result?.tools ?? []) as { name: string }[]).map((tool) => tool.name);
    expect(tools).toContain("start_return");
  });
});
