/**
 * @module server/csrf — double-submit protection for writes signed by a cookie. The page gets
 * a random token in a cookie and in its configuration; its writes send it back in a header.
 * A cross-site form or fetch can make the browser send the cookie, never read it to copy it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { type AuthenticateFn, ProblemError } from "@returnkit/core";

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
 * token is refused (403 `csrf-token-invalid`) when a cookie signs it, and not signed in (null,
 * so 401) when nothing does. A write with an Authorization header skips the check only when
 * that header signs it: it is authenticated with its cookies removed, and refused should the
 * session still sign it without them (a session middleware's user, read from the adapter's
 * context). `authenticate` gets a copy of the request without its body, and may be called up
 * to three times for a write that fails the check.
 */
export function withCsrfProtection<Context = unknown>(
  authenticate: AuthenticateFn<Context>,
): AuthenticateFn<Context> {
  return async (request, ...context) => {
    if (passesCsrfCheck(request)) return authenticate(request, ...context);
    const signedWithout = (names: string[]) =>
      authenticate(withoutHeaders(request, names), ...context);
    const hasCookie = request.headers.has("cookie");
    if (request.headers.has("authorization")) {
      // A session the adapter's context carries (a middleware's `req.user`) signs even without
      // the request's own credentials: that is the cookie's doing all the same.
      if (hasCookie && (await signedWithout(["cookie", "authorization"]))) {
        throw csrfTokenRefused(request);
      }
      const byHeader = await signedWithout(["cookie"]);
      if (byHeader || !hasCookie) return byHeader;
    }
    // Only a cookie can sign what is left: signed, it lacks the token; unsigned, nobody is in.
    if (await signedWithout(["authorization"])) throw csrfTokenRefused(request);
    return null;
  };
}

/** A copy of the request's method, URL and headers but `names` (and no body: nobody reads it). */
function withoutHeaders(request: Request, names: string[]): Request {
  const headers = new Headers(request.headers);
  for (const name of names) headers.delete(name);
  return new Request(request.url, { method: request.method, headers });
}

/** 403, saying what is missing or wrong and what the page must send. */
function csrfTokenRefused(request: Request): ProblemError {
  const cookie = readCookie(request, CSRF_COOKIE);
  const header = request.headers.get(CSRF_HEADER);
  const what = !header
    ? `carries no ${CSRF_HEADER} header`
    : !cookie
      ? `carries no ${CSRF_COOKIE} cookie (the page sets it when it loads)`
      : `carries an ${CSRF_HEADER} header that does not match the ${CSRF_COOKIE} cookie`;
  return new ProblemError(
    403,
    "csrf-token-invalid",
    "The CSRF token is missing or wrong",
    `This write is signed by a cookie, so it needs the page's CSRF token, and it ${what}. Send the token the page was given (its configuration's csrf, or GET {path}/csrf) in the ${CSRF_HEADER} header; reload the page if it is old.`,
    { csrf_header: CSRF_HEADER, csrf_cookie: CSRF_COOKIE },
  );
}
