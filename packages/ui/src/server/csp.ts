/**
 * @module server/csp — the pages' Content-Security-Policy: scripts and styles from the page's
 * own origin only (no inline script, no eval), API calls to the API and the sign-in server,
 * images from the page, the logo's origin and `data:` (the page's empty icon, a data: logo).
 */
import { InvalidOptionsError } from "@returnkit/core";

interface CspSources {
  /** Origins the page calls with fetch (the API's, the token endpoint's). */
  connect: string[];
  /** Origins images come from (the shop's logo). */
  images: string[];
  /** Origins a form may post to or the page may navigate to for sign-in. */
  forms: string[];
}

export function contentSecurityPolicy(sources: CspSources): string {
  const list = (extra: string[]) => ["'self'", ...new Set(extra)].join(" ");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${list([...sources.images, "data:"])}`,
    `connect-src ${list(sources.connect)}`,
    `form-action ${list(sources.forms)}`,
    "font-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * The origin of an absolute http(s) URL, or nothing: a relative URL is already 'self', and a
 * `data:` logo is allowed by the `data:` source the page's own icon needs. Other schemes have
 * no origin a CSP can name (`new URL("data:…").origin` is the string "null").
 */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? [parsed.origin] : [];
  } catch {
    return [];
  }
}

/**
 * A logo is an http(s) URL, a path on the page's origin, or a `data:image/…` URL: anything
 * else (`javascript:`, `blob:`, `data:text/html`) shows no image, so it is refused at once.
 */
export function checkLogoUrl(url: string | undefined): void {
  if (url === undefined || url === "") return;
  if (/^data:image\/[\w.+-]+[;,]/i.test(url)) return;
  let scheme: string | null = null;
  try {
    scheme = new URL(url).protocol;
  } catch {
    // Not absolute: a path on the page's origin.
  }
  if (scheme === null || scheme === "https:" || scheme === "http:") return;
  throw new InvalidOptionsError("@returnkit/ui options", [
    {
      path: "brand.logoUrl",
      message: `expected an http(s) URL, a path or a data:image/… URL, got ${JSON.stringify(url.slice(0, 40))}`,
    },
  ]);
}
