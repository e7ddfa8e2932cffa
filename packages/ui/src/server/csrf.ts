/**
 * @module server/csrf — double-submit protection for writes signed by a cookie. The page gets
 * a random token in a cookie and in its configuration; its writes send it back in a header.
 * A cross-site form or fetch can make the browser send the cookie, never read it to copy it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { AuthenticateFn } from "@returnkit/core";

export const CSRF_COOKIE = "returnkit_csrf";
export const CSRF_HEADER = "x-returnkit-csrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The request's token when it has a well-formed one, else a new one to set. */
export function csrfTokenFor(request: Request): { token: string; isNew: boolean } {
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return { token: existing, isNew: false };
  return { token: randomBytes(24).toString("base64url"), isNew: true };
}

export function csrfCookie(token: string, secure: boolean, path: string): string {
  return `${CSRF_COOKIE}=${token}; Path=${path}; SameSite=Strict; HttpOnly${secure ? "; Secure" : ""}`;
}

/** True when a write carries the cookie's token in the header; reads always pass. */
export function passesCsrfCheck(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const cookie = readCookie(request, CSRF_COOKIE);
  const header = request.headers.get(CSRF_HEADER);
  if (!cookie || !header) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Wraps a host's `authenticate` that reads its session cookie: a write without the page's CSRF
 * token is not signed in (401), whatever cookies it carries. A request with an Authorization
 * header is not cookie-signed and passes to `authenticate` unchanged.
 */
export function withCsrfProtection(authenticate: AuthenticateFn): AuthenticateFn {
  return (request, context) => {
    if (request.headers.has("authorization") || passesCsrfCheck(request)) {
      return authenticate(request, context);
    }
    return null;
  };
}
