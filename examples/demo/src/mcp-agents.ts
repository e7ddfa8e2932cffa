/**
 * @module mcp-agents — the demo's MCP story: a customer's assistant starts a return through
 * tools alone, and a back-office agent works it to closed. Both connect with the official SDK
 * client to `{base}/mcp` with tokens the development server issued for that resource.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import pc from "picocolors";

// biome-ignore lint/suspicious/noExplicitAny: the demo reads results loosely, like a script would
type Json = Record<string, any>;

interface McpStoryInput {
  mcpUrl: string;
  customerToken: string;
  merchantToken: string;
  orderId: string;
}

async function connect(url: string, token: string, name: string): Promise<Client> {
  const client = new Client({ name, version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** One tool call, printed as a line of the timeline; a refusal ends the story. */
async function call(client: Client, who: string, name: string, args: Json): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const content = (result.structuredContent ?? {}) as Json;
  const outcome = result.isError
    ? pc.red(content.problem?.detail ?? JSON.stringify(result.content))
    : content.return
      ? `${content.return.state} v${content.return.version}`
      : content.order
        ? `${content.order.lines.length} line(s) on the order`
        : `${content.returns?.length ?? 0} returns`;
  console.log(`    ${pc.cyan(who.padEnd(10))} ${name.padEnd(18)} → ${outcome}`);
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(content.problem)}`);
  return content;
}

export async function runMcpStory(input: McpStoryInput) {
  const assistant = await connect(input.mcpUrl, input.customerToken, "carol's assistant");
  const ops = await connect(input.mcpUrl, input.merchantToken, "back-office agent");
  try {
    const customerTools = (await assistant.listTools()).tools.length;
    const opsTools = (await ops.listTools()).tools.length;
    console.log(
      `    ${pc.dim(`assistant sees ${customerTools} tools, back-office agent ${opsTools}`)}`,
    );
    await call(assistant, "assistant", "returnable_lines", { order_id: input.orderId });
    const started = await call(assistant, "assistant", "start_return", {
      order_id: input.orderId,
      line: { sku: "SHIRT-WHT-L", size: "L" },
      reason: "NOT_AS_DESCRIBED",
      resolution: "REFUND",
      idempotency_key: crypto.randomUUID(),
    });
    const id = started.return.id as string;
    await call(assistant, "assistant", "submit_return", {
      id,
      idempotency_key: crypto.randomUUID(),
    });
    await call(ops, "back office", "list_returns", { state: "submitted" });
    const steps: [string, Json][] = [
      ["approve_return", { note: "approved by the back-office agent" }],
      ["ship_return", { carrier: "DHL" }],
      ["receive_return", {}],
      ["grade_return", { condition: "LIKE_NEW", disposition: "RESTOCK" }],
      ["close_return", {}],
    ];
    let last = started;
    for (const [tool, body] of steps) {
      last = await call(ops, "back office", tool, {
        id,
        ...body,
        idempotency_key: crypto.randomUUID(),
      });
    }
    return {
      id,
      final: last.return.state as string,
      transitions: last.return.history.length as number,
    };
  } finally {
    await assistant.close();
    await ops.close();
  }
}
