/**
 * @module server — the MCP server one caller sees: the tools its scope family and access
 * allow, and nothing else (a customer never sees a back-office tool).
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { hasScope, type Principal, type ReportError } from "@returnkit/core";
import { registerBackOfficeReads, registerBackOfficeWrites } from "./back-office-tools";
import { registerCustomerReads, registerCustomerWrites, registerGetReturn } from "./customer-tools";
import { INSTRUCTIONS } from "./instructions";
import {
  registerRequestEstimate,
  registerRequestReads,
  registerRequestShip,
  registerRequestWrites,
} from "./request-tools";
import { registerResources } from "./resources";
import type { McpService, ToolContext } from "./tool-context";
import { runTool } from "./tool-result";

interface ServerSettings {
  name: string;
  version: string;
  reportError: ReportError;
}

export function buildServer(
  service: McpService,
  principal: Principal,
  requestId: string,
  settings: ServerSettings,
): McpServer {
  const server = new McpServer(
    { name: settings.name, version: settings.version },
    { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } },
  );
  const tools: ToolContext = {
    service,
    principal,
    requestId,
    run: (action) =>
      runTool(action, (error) =>
        settings.reportError(
          error,
          { source: "request", operation: "mcp tool", requestId },
          "unexpected error in an mcp tool",
        ),
      ),
  };
  const kind = principal.kind;
  if (!hasScope(principal, kind, "read")) return server;
  registerResources(server, tools);
  if (kind === "portal") {
    registerCustomerReads(server, tools);
    registerRequestReads(server, tools);
    registerRequestEstimate(server, tools);
  } else {
    registerBackOfficeReads(server, tools);
    registerGetReturn(server, tools);
    registerRequestReads(server, tools);
  }
  if (!hasScope(principal, kind, "write")) return server;
  if (kind === "portal") {
    registerCustomerWrites(server, tools);
    registerRequestWrites(server, tools);
  } else {
    registerBackOfficeWrites(server, tools);
    registerRequestShip(server, tools);
  }
  return server;
}
