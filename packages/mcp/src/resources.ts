/**
 * @module resources — what a model may read without calling a tool: each return the caller
 * may see, as `returnkit://returns/{id}`, and the reason catalogue a return must use.
 */
import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describeReasons, isProblemError } from "@returnkit/core";
import type { ToolContext } from "./tool-context";

const REASONS_URI = "returnkit://reasons";
const RETURN_TEMPLATE = "returnkit://returns/{id}";

/** The resource-not-found code MCP servers answer with. */
const RESOURCE_NOT_FOUND = -32002;

export function registerResources(server: McpServer, { service, principal }: ToolContext): void {
  server.registerResource(
    "reasons",
    REASONS_URI,
    {
      title: "Return reasons",
      description: "The reason codes a return may give (start_return's reason), with labels.",
      mimeType: "application/json",
    },
    (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify(describeReasons(service.catalogue)),
        },
      ],
    }),
  );
  server.registerResource(
    "return",
    new ResourceTemplate(RETURN_TEMPLATE, { list: undefined }),
    {
      title: "A return",
      description: "One return you may see, with its history, as get_return answers it.",
      mimeType: "application/json",
    },
    async (uri, { id }) => {
      try {
        const record = await service.get(String(id), { principal });
        const allowed_events = service.allowedEventsFor(record, principal);
        const text = JSON.stringify({ return: record, allowed_events });
        return { contents: [{ uri: uri.href, mimeType: "application/json", text }] };
      } catch (error) {
        // A read has no error result: a refusal is a protocol error carrying the problem.
        if (!isProblemError(error)) throw error;
        const code = error.status === 404 ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams;
        throw new McpError(code, error.message, error.toJSON());
      }
    },
  );
}
