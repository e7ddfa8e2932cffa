/**
 * @module @returnkit/mcp — the returns service as a Model Context Protocol server: tools per
 * caller from the same typed operations and schemas, behind the same OAuth.
 */
export type { McpAppView } from "./app-views";
export type { McpAuthOptions, McpJwtAuthOptions } from "./authentication";
export type { McpHandler, McpHandlerOptions } from "./handler";
export { createMcpHandler, mcpResourceUrl } from "./handler";
export { INSTRUCTIONS } from "./instructions";
export type { McpService } from "./tool-context";
