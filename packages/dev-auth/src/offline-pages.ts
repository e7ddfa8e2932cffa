/**
 * @module offline-pages — oidc-provider's development sign-in and consent pages, made to work
 * offline and pass axe. Its templates cannot be configured: they import a web font from the
 * internet (which fails offline and tells a third party who signs in), leave `lang` unset,
 * have no main landmark, and draw grey-on-grey text below WCAG contrast. Every HTML page the server sends passes through
 * `offlinePage`; the forms, their fields and their actions stay as they are (the headless
 * login and the browser tests fill them).
 */
import type { ServerResponse } from "node:http";

/** Contrast of at least 4.5:1 on the card's #f7f7f7, and a font the machine has. */
const OVERRIDES = `
body, .login, [type=submit] { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-weight: 400 !important; }
.login-card a, a, button[name=abort] { color: #3d3d45 !important; opacity: 1 !important; text-decoration: underline; }
.login-card label, .grant-debug, .help { color: #3d3d45 !important; }
ul { font-weight: 400 !important; }
.login-submit, [type=submit], button[autofocus] { background-color: #1f4fd1 !important; text-shadow: none !important; }
.login-submit:hover, [type=submit]:hover { background-color: #173da6 !important; }
p.red { color: #a4161a !important; }
`;

/** The page without anything from another origin, in English by its `lang`, readable. */
function offlinePage(html: string): string {
  return (
    html
      .replace(/@import url\([^)]*\);?/g, "")
      .replace(/<html\b[^>]*>/i, '<html lang="en">')
      .replace(/<\/style>/i, `${OVERRIDES}</style>`)
      // One main landmark holding the whole page, so nothing sits outside a region.
      .replace(/<body>/i, "<body><main>")
      .replace(/<\/body>/i, "</main></body>")
      .replace(/<ul>[\s\S]*<\/ul>/, nestListsInItems)
  );
}

/**
 * The consent page puts a nested list beside its item (`<li>scopes:</li><ul>…</ul>`), which
 * no list may hold: each such list moves into the item before it.
 */
export function nestListsInItems(html: string): string {
  const tokens = html.split(/(<ul>|<\/ul>|<\/li>)/);
  // For each open list: whether it follows a closed item, whose `</li>` then moves after it.
  const open: boolean[] = [];
  const out: string[] = [];
  for (const token of tokens) {
    if (token === "<ul>") {
      const previous = out.findLastIndex((t) => t.trim() !== "");
      const nested = out[previous] === "</li>";
      if (nested) out.splice(previous, 1);
      open.push(nested);
      out.push(token);
    } else if (token === "</ul>") {
      out.push(token);
      if (open.pop()) out.push("</li>");
    } else {
      out.push(token);
    }
  }
  return out.join("");
}

/** Rewrites the HTML `res` sends through `offlinePage`, keeping Content-Length true. */
export function sendOfflinePages(res: ServerResponse): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const type = String(res.getHeader("content-type") ?? "");
    if (!type.startsWith("text/html") || chunk === undefined || typeof chunk === "function") {
      return end(chunk, ...rest);
    }
    const text = offlinePage(Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk));
    if (!res.headersSent) res.setHeader("content-length", Buffer.byteLength(text));
    return end(text, ...rest);
  }) as ServerResponse["end"];
}
