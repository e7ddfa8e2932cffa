/**
 * @module server/csp — the pages' Content-Security-Policy: scripts and styles from the page's
 * own origin only (no inline script, no eval), API calls to the API and the sign-in server,
 * images from the page, the logo's origin, the shop's image origins (its products' pictures)
 * and `data:` (the page's empty icon, a data: logo).
 */
import { InvalidOptionsError } from "@returnkit/core";

interface CspSources {
  /** Origins the page calls with fetch (the API's, the token endpoint's). */
  connect: string[];
  /** Origins images come from (the shop's logo, its products' pictures). */
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

/** Hosts an http (not https) image origin may name: this machine, for development. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The shop's image origins, each exactly an origin (scheme, host, port): https, or http on
 * this machine. A wildcard, a path, a query or credentials would let the page load images
 * from more than the shop named, so each is refused with the entry it is in.
 */
export function checkImageOrigins(origins: readonly string[] | undefined): string[] {
  const issues: { path: string; message: string }[] = [];
  const checked = (origins ?? []).flatMap((origin, index) => {
    const problem = imageOriginProblem(origin);
    if (problem) issues.push({ path: `imageOrigins.${index}`, message: problem });
    return problem ? [] : [new URL(origin).origin];
  });
  if (issues.length) throw new InvalidOptionsError("@returnkit/ui options", issues);
  return checked;
}

function imageOriginProblem(origin: string): string | null {
  const shown = JSON.stringify(origin.slice(0, 80));
  if (origin.includes("*")) return `a wildcard is never allowed, got ${shown}`;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `expected an origin such as "https://cdn.shop.example", got ${shown}`;
  }
  const local = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !local) {
    return `expected https (http only for localhost), got ${shown}`;
  }
  // An origin has nothing after the port: `new URL` adds the "/" path, so it is the only one.
  if (url.origin !== origin.replace(/\/$/, "").toLowerCase() || url.username || url.password) {
    return `expected an origin (scheme, host and port; no path, query or user), got ${shown}`;
  }
  return null;
}
