/**
 * @module app-views — MCP Apps (SEP-1865): the customer's tools that show the return form in
 * the agent's window, and the `ui://` resource that holds it. Without a view nothing here is
 * registered, so a server without one answers exactly as before; with one, a client that does
 * not render views reads the same tools and ignores their `_meta`.
 */
import {
  EXTENSION_ID,
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolRegistry } from "./tool-context";

/** The view a host renders: its HTML, and the only origins it loads anything from. */
export interface McpAppView {
  /** One self-contained HTML document (`customerReturnsApp()` from `@returnkit/ui/mcp-app`). */
  html: string;
  /** The origins of the products' pictures, named in the view's CSP; nothing else is. */
  imageOrigins: readonly string[];
}

const CUSTOMER_VIEW_URI = "ui://returnkit/customer-returns.html";

/** The tools whose answer the view renders; the writes it calls stay plain tools. */
const VIEW_TOOLS: ReadonlySet<string> = new Set([
  "returnable_lines",
  "estimate_return_request",
  "get_return_request",
]);

/** How the server says it serves views: the extension, in its capabilities. */
export const APP_CAPABILITIES = { extensions: { [EXTENSION_ID]: {} } };

/**
 * A registry that gives the view's tools their `_meta`: `ui.resourceUri` (the flat
 * `ui/resourceUri` key too, which `registerAppTool` adds for older hosts) and OpenAI's
 * `openai/outputTemplate`, which ChatGPT reads.
 */
export function withAppViews(server: McpServer): ToolRegistry {
  return {
    registerTool(name, config, callback) {
      if (!VIEW_TOOLS.has(name)) return server.registerTool(name, config, callback);
      const _meta = {
        ...config._meta,
        ui: { resourceUri: CUSTOMER_VIEW_URI },
        "openai/outputTemplate": CUSTOMER_VIEW_URI,
      };
      return registerAppTool(server, name, { ...config, _meta } as never, callback as never);
    },
  };
}

/** The `ui://` resource: the view's HTML, its CSP naming only the shop's image origins. */
export function registerAppView(server: McpServer, view: McpAppView): void {
  const ui = { csp: { resourceDomains: [...view.imageOrigins] } };
  registerAppResource(
    server,
    "Customer returns",
    CUSTOMER_VIEW_URI,
    {
      description:
        "The return form and the customer's returns, for returnable_lines, estimate_return_request and get_return_request.",
      _meta: { ui },
    },
    () => ({
      contents: [
        { uri: CUSTOMER_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: view.html, _meta: { ui } },
      ],
    }),
  );
}
