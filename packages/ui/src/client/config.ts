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
    base: attr("base") ?? location.pathname,
    signIn: { mode: "session", signInUrl: attr("sign-in-url") ?? undefined },
    csrf: null,
    brand: { name: attr("brand") ?? "", logoUrl: null },
    locale: attr("locale"),
  };
}
