/** @module tool-context — what every tool of one request is built with. */
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
