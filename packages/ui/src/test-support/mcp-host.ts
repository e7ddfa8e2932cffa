/**
 * @module test-support/mcp-host — an MCP Apps host in the browser, for the view's tests:
 * ext-apps' own `AppBridge` (unmodified) and the MCP SDK's client over Streamable HTTP to the
 * real server, as a chat client would run them. It calls a tool, reads the tool's `ui://`
 * resource, renders it in a sandboxed iframe under the CSP its `_meta.ui.csp` asks for, and
 * hands the view the tool's input and result. Bundled for the page by esbuild (`mcp-app.browser.test.ts`).
 */
import {
  AppBridge,
  getToolUiResourceUri,
  type McpUiResourceCsp,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export interface HostRun {
  /** Who the host signs in as (the test server's `Bearer customer:<id>`). */
  customer: string;
  tool: string;
  args: Record<string, unknown>;
  locale: string;
  theme: "light" | "dark";
}

export interface HostSeen {
  toolMeta: Record<string, unknown> | undefined;
  mimeType: string | undefined;
  csp: McpUiResourceCsp | undefined;
  resultIsError: boolean;
}

/** The CSP a host puts on a view: nothing from anywhere but what the resource names. */
function cspOf(csp: McpUiResourceCsp | undefined): string {
  const resources = (csp?.resourceDomains ?? []).join(" ");
  const connect = (csp?.connectDomains ?? []).join(" ") || "'none'";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`,
    `style-src 'unsafe-inline' ${resources}`,
    `img-src data: ${resources}`,
    `connect-src ${connect}`,
  ].join("; ");
}

const modelContext: unknown[] = [];

async function runTool(run: HostRun): Promise<HostSeen> {
  const client = new Client(
    { name: "returnkit-test-host", version: "1" },
    {
      capabilities: {
        extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } },
      } as never,
    },
  );
  const headers = { authorization: `Bearer customer:${run.customer}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", location.href), { requestInit: { headers } }),
  );
  const { tools } = await client.listTools();
  const tool = tools.find((one) => one.name === run.tool);
  const uri = tool && getToolUiResourceUri(tool);
  if (!tool || !uri) throw new Error(`${run.tool} has no view`);
  const read = await client.readResource({ uri });
  const content = read.contents[0] as {
    text: string;
    mimeType?: string;
    _meta?: { ui?: { csp?: McpUiResourceCsp } };
  };
  const csp = content._meta?.ui?.csp;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${cspOf(csp)}">`;

  const iframe = document.createElement("iframe");
  // As ext-apps' basic host sandboxes a view: scripts, and forms (the return form is one; its
  // submit event never fires without it). Never same-origin: the view is not the host's.
  iframe.setAttribute("sandbox", "allow-scripts allow-forms");
  iframe.title = "Returns view";
  iframe.style.cssText = "width: 760px; height: 400px; border: 0";
  iframe.srcdoc = content.text.replace("<head>", `<head>${meta}`);
  document.body.replaceChildren(iframe);

  const bridge = new AppBridge(
    client,
    { name: "returnkit-test-host", version: "1" },
    { serverTools: {}, serverResources: {}, updateModelContext: { text: {} }, logging: {} },
    { hostContext: { locale: run.locale, theme: run.theme, platform: "web" } },
  );
  // The view says how tall it is drawn: the frame follows, as a chat client's does.
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${height}px`;
  };
  bridge.onupdatemodelcontext = async (params) => {
    modelContext.push(params);
    return {};
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  const window = iframe.contentWindow!;
  await bridge.connect(new PostMessageTransport(window, window));
  await initialized;
  await bridge.sendToolInput({ arguments: run.args });
  const result = await client.callTool({ name: run.tool, arguments: run.args });
  await bridge.sendToolResult(result as never);
  return {
    toolMeta: tool._meta,
    mimeType: content.mimeType,
    csp,
    resultIsError: result.isError === true,
  };
}

Object.assign(globalThis, { runTool, modelContext });
