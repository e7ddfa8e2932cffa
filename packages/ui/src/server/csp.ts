/**
 * @module server/csp — the pages' Content-Security-Policy: scripts and styles from the page's
 * own origin only (no inline script, no eval), API calls to the API and the sign-in server.
 */
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

/** The origin of an absolute URL, or nothing for a relative one (already 'self'). */
export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
