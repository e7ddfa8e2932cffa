/**
 * @module server/shell — the HTML each page starts from: the stylesheets, one module script,
 * the configuration in a meta tag and the custom element the script fills in.
 */
import { type ClientConfig, escapeAttribute } from "./config";

interface ShellParts {
  config: ClientConfig;
  title: string;
  /** URLs of the page's own stylesheet and the shop's (theme), in order. */
  stylesheets: string[];
  script: string;
  element: "returnkit-returns" | "returnkit-back-office";
  lang: string;
}

export function renderShell(parts: ShellParts): string {
  const links = parts.stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join("");
  return `<!doctype html>
<html lang="${escapeAttribute(parts.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<meta name="description" content="${escapeAttribute(parts.title)}">
<title>${escapeAttribute(parts.title)}</title>
${links}
<link rel="modulepreload" href="${escapeAttribute(parts.script)}">
<meta name="returnkit-config" content="${escapeAttribute(JSON.stringify(parts.config))}">
<script type="module" src="${escapeAttribute(parts.script)}"></script>
</head>
<body class="rk-page">
<${parts.element}></${parts.element}>
</body>
</html>
`;
}
