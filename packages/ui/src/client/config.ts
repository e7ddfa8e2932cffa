/** @module client/config — the page's configuration, from the shell's meta tag or an embed's attributes. */
import type { ClientConfig } from "../server/config";

export type { ClientConfig };

/**
 * The shell's `<meta name="returnkit-config">`; an element embedded in a shop's own page
 * (no meta tag) says `api`, `base`, `locale` and `sign-in-url` as attributes instead.
 */
export function readConfig(element: HTMLElement, page: ClientConfig["page"]): ClientConfig {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="returnkit-config"]');
  if (meta) return JSON.parse(meta.content) as ClientConfig;
  const attr = (name: string) => element.getAttribute(name);
  return {
    page,
    api: (attr("api") ?? location.origin).replace(/\/+$/, ""),
    base: attr("base") ?? mountOf(import.meta.url),
    signIn: { mode: "session", signInUrl: attr("sign-in-url") ?? undefined },
    csrf: null,
    brand: { name: attr("brand") ?? "", logoUrl: null },
    locale: attr("locale"),
    embedded: true,
  };
}

/** Where the pages are mounted, from this script's own URL (`{base}/assets/customer.js`). */
function mountOf(scriptUrl: string): string {
  return new URL(scriptUrl).pathname.replace(/\/assets\/[^/]*$/, "");
}

/**
 * In a shop's own page, the element brings its stylesheet (after the shop's, so the shop's
 * custom properties on the element still win by specificity).
 */
export function ensureStylesheet(): void {
  if (document.querySelector('meta[name="returnkit-config"], link[data-returnkit]')) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("theme.css", import.meta.url).href;
  link.dataset.returnkit = "";
  document.head.append(link);
}
