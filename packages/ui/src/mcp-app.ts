/**
 * @module @returnkit/ui/mcp-app — the customer's return form as an MCP Apps view, for
 * `@returnkit/mcp`: `createMcpHandler(returns, { app: customerReturnsApp({ imageOrigins }) })`.
 * One HTML document with its script and styles inline, since a host loads a view from the
 * resource's text alone, with no origin of its own to load files from.
 */
import { loadAssets } from "./server/assets";
import { checkImageOrigins } from "./server/csp";

export interface McpAppViewOptions {
  /**
   * Where the products' pictures come from, as origins (`https://cdn.shop.example`): the only
   * origins the view's CSP lets it load anything from. Checked as `mountReturnsUi`'s
   * `imageOrigins` are (an `InvalidOptionsError` naming the entry).
   */
  imageOrigins?: readonly string[];
  /** Where the built assets are; default this package's `dist/assets`. */
  assetsDir?: string;
}

/** What `@returnkit/mcp` serves as the view: its HTML and the origins its pictures come from. */
export interface McpAppView {
  html: string;
  imageOrigins: readonly string[];
}

/** Text in a `<script>` or `<style>`: nothing in it may close the element early. */
function inline(text: string, element: "script" | "style"): string {
  return text.replace(new RegExp(`</${element}`, "gi"), `<\\/${element}`);
}

/** The customer's return form and returns as an MCP Apps view (`text/html;profile=mcp-app`). */
export function customerReturnsApp(options: McpAppViewOptions = {}): McpAppView {
  const imageOrigins = checkImageOrigins(options.imageOrigins);
  const assets = loadAssets(options.assetsDir);
  const text = (logical: string) =>
    new TextDecoder().decode(assets.get(assets.nameOf(logical))?.body);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Returns</title>
<style>${inline(text("theme.css"), "style")}</style>
<style>${DARK}</style>
</head>
<body class="rk-page">
<returnkit-returns id="rk-view"></returnkit-returns>
<script type="module">${inline(text("mcp-app.js"), "script")}</script>
</body>
</html>
`;
  return { html, imageOrigins };
}

/** The host's dark theme (`data-theme="dark"` on the root, set from its context). */
const DARK = `.rk-view-title{font-size:1.3rem;margin:0}:root[data-theme="dark"]{--rk-color-text:#ececf1;--rk-color-muted:#b4b4c0;--rk-color-background:#16161a;--rk-color-surface:#222228;--rk-color-border:#5a5a66;--rk-color-primary:#9db4ff;--rk-color-on-primary:#101014;--rk-color-error:#ff9a9a;--rk-color-ok:#8fe0a8;--rk-color-focus:#ffd166}`;
