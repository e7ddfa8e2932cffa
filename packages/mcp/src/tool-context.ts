/** @module tool-context — what every tool of one request is built with. */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Principal, ReturnsService } from "@returnkit/core";

export type McpService = Pick<
  ReturnsService,
  | "createReturn"
  | "updateDraft"
  | "submit"
  | "cancel"
  | "advance"
  | "get"
  | "list"
  | "returnableLines"
  | "createReturnRequest"
  | "estimateReturnRequest"
  | "getReturnRequest"
  | "submitReturnRequest"
  | "shipReturnRequest"
  | "allowedEventsFor"
  | "recordRefund"
  | "recordExchangePayment"
  | "recordExchangeOrder"
  | "reissueLabel"
  | "schemas"
  | "catalogue"
  | "baseUrl"
  | "maxBodyBytes"
  | "auth"
  | "hooks"
>;

export interface ToolContext {
  service: McpService;
  principal: Principal;
  /** The MCP request's `Request-Id`: the writes record it on their outbox events. */
  requestId: string;
  /** Runs a tool's action, turning refusals into `isError` results (`runTool`). */
  run(action: () => Promise<CallToolResult>): Promise<CallToolResult>;
}

/** What a tool module registers its tools with: the MCP server, or a recorder of their names. */
export type ToolRegistry = Pick<McpServer, "registerTool">;
