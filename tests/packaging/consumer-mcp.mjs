// An agent's endpoint from the packed @returnkit/mcp: mounted in one line, a customer's
// tools listed and a draft started over plain Streamable HTTP (JSON-RPC POSTs).

import { createReturnsService } from "@returnkit/core";
import { createMcpHandler } from "@returnkit/mcp";

const baseUrl = "http://127.0.0.1:3998";
const auth = {
  authenticate: (request) =>
    request.headers.get("authorization") === "Bearer alice"
      ? { kind: "portal", id: "alice", scopes: ["portal:returns.write"] }
      : null,
};
const returns = createReturnsService({ baseUrl, auth });
returns.mount("/mcp", createMcpHandler(returns, { auth }));
try {
  const rpc = async (id, method, params) => {
    const response = await returns.fetch(
      new Request(`${baseUrl}/mcp`, {
        method: "POST",
        headers: {
          authorization: "Bearer alice",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      }),
    );
    return (await response.json()).result;
  };
  const tools = await rpc(1, "tools/list", {});
  const started = await rpc(2, "tools/call", {
    name: "start_return",
    arguments: {
      order_id: "o1",
      line: { sku: "TEE" },
      reason: "DAMAGED",
      resolution: "REFUND",
      idempotency_key: "k1",
    },
  });
  const names = tools.tools.map((tool) => tool.name);
  const draft = started.structuredContent?.return;
  if (
    !names.includes("start_return") ||
    names.includes("approve_return") ||
    draft?.state !== "draft"
  )
    throw new Error(`mcp consumer failed: ${JSON.stringify({ names, started })}`);
  console.log(`mcp: alice sees ${names.length} tools and started ${draft.id}`);
} finally {
  await returns.close();
}
