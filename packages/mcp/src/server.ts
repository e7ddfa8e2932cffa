/**
 * @module server — the MCP server one caller sees: the tools its scope family and access
 * allow, and nothing else (a customer never sees a back-office tool).
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type CallerKind, hasScope, type Principal, type ReportError } from "@returnkit/core";
import { APP_CAPABILITIES, type McpAppView, registerAppView, withAppViews } from "./app-views";
import {
  registerBackOfficeReads,
  registerBackOfficeWrites,
  registerExchangeRecording,
  registerLabelReissue,
  registerRefundRecording,
} from "./back-office-tools";
import { registerCustomerReads, registerCustomerWrites, registerGetReturn } from "./customer-tools";
import { INSTRUCTIONS } from "./instructions";
import {
  registerRequestEstimate,
  registerRequestReads,
  registerRequestShip,
  registerRequestWrites,
} from "./request-tools";
import { registerResources } from "./resources";
import type { McpService, ToolContext, ToolRegistry } from "./tool-context";
import { runTool } from "./tool-result";

type RegisterTools = (server: ToolRegistry, tools: ToolContext) => void;

/**
 * The one place that says which tools a caller is listed, by its family and the scope it
 * holds: a `write` caller gets the `read` tools too. The step-up check derives its list of
 * write tools from here (`toolNames`), so a new write tool cannot be missed there.
 */
const TOOLS_BY_SCOPE: Record<CallerKind, Record<"read" | "write", readonly RegisterTools[]>> = {
  portal: {
    read: [registerCustomerReads, registerRequestReads, registerRequestEstimate],
    write: [registerCustomerWrites, registerRequestWrites],
  },
  merchant: {
    read: [registerBackOfficeReads, registerGetReturn, registerRequestReads],
    write: [
      registerBackOfficeWrites,
      registerRefundRecording,
      registerExchangeRecording,
      registerLabelReissue,
      registerRequestShip,
    ],
  },
};

/**
 * The names of the tools `access` adds for a caller of `tools.principal`'s family, recorded by
 * running their registrations against a registry that keeps only the names (no tool runs).
 */
export function toolNames(tools: ToolContext, access: "read" | "write"): ReadonlySet<string> {
  const names = new Set<string>();
  const recorder = new McpServer({ name: "tool-names", version: "0" });
  const registry: ToolRegistry = {
    registerTool(name, config, callback) {
      names.add(name);
      return recorder.registerTool(name, config, callback);
    },
  };
  for (const register of TOOLS_BY_SCOPE[tools.principal.kind][access]) register(registry, tools);
  return names;
}

interface ServerSettings {
  name: string;
  version: string;
  reportError: ReportError;
  /** The customer's view (MCP Apps), when the host serves one. */
  app: McpAppView | undefined;
}

export function buildServer(
  service: McpService,
  principal: Principal,
  requestId: string,
  settings: ServerSettings,
): McpServer {
  const server = new McpServer(
    { name: settings.name, version: settings.version },
    {
      instructions: INSTRUCTIONS,
      capabilities: { tools: {}, resources: {}, ...(settings.app ? APP_CAPABILITIES : {}) },
    },
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
  // The view is the customer's: a back-office caller's tools stay as they were.
  const view = kind === "portal" ? settings.app : undefined;
  if (view) registerAppView(server, view);
  const registry = view ? withAppViews(server) : server;
  for (const register of TOOLS_BY_SCOPE[kind].read) register(registry, tools);
  if (!hasScope(principal, kind, "write")) return server;
  for (const register of TOOLS_BY_SCOPE[kind].write) register(registry, tools);
  return server;
}
