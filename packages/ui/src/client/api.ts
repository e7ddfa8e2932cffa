/**
 * @module client/api — every call to the returns API: JSON in and out, the caller's token or
 * session (with the CSRF token on writes), an Idempotency-Key per write, and problems thrown
 * as `ApiProblem` for the page to put into words. Paths come from `api-paths`, or from the
 * API's own links and forms.
 */
import type { ClientConfig } from "./config";

/**
 * Dispatched on window when the API answers 401: the caller is not signed in. Its `detail`
 * says whether an earlier call of this page was answered (a session that ended) or none was
 * (a visitor who never signed in).
 */
export const SIGNED_OUT_EVENT = "returnkit:signed-out";

export interface SignedOutDetail {
  wasSignedIn: boolean;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly body: Record<string, unknown>,
    /** The answer's Retry-After in seconds, when it gave one (a 429 or a 503). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(slug);
  }
}

/**
 * The slug of a route the API does not have: the pages and the API are out of step (a path
 * or method the API does not serve), which is never the same as a resource that is not there
 * (`not-found`: an unknown return id, another customer's return).
 */
export const ROUTE_NOT_FOUND = "route-not-found";

export interface Api {
  get<T>(pathOrUrl: string): Promise<T>;
  /** A write: POST unless said otherwise; `signal` aborts it (a problem of status 0). */
  send<T>(pathOrUrl: string, body?: unknown, method?: string, signal?: AbortSignal): Promise<T>;
}

export interface ApiAuth {
  /** The bearer token (OAuth sign-in), or null for the host's cookie session. */
  token(): string | null;
  csrf(): Promise<string | null>;
}

export function createApi(config: ClientConfig, auth: ApiAuth): Api {
  const url = (pathOrUrl: string) =>
    /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.api}${pathOrUrl}`;

  // Whether a call that needs a caller was answered: a later 401 is then a session that ended
  // (the public policy answers anyone, so it does not count).
  let answered = false;
  const needsCaller = (target: string) => /\/v1\/(portal|merchant)\//.test(url(target));

  async function call<T>(target: string, init: RequestInit): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("accept", "application/json, application/problem+json");
    const token = auth.token();
    if (token) headers.set("authorization", `Bearer ${token}`);
    let response: Response;
    try {
      response = await fetch(url(target), { ...init, headers, credentials: "same-origin" });
    } catch {
      throw new ApiProblem(0, "network", {});
    }
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = {};
    }
    // The page's sign-in banner listens: a session that ended is said once, with a way back.
    if (response.status === 401) {
      const detail: SignedOutDetail = { wasSignedIn: answered };
      dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT, { detail }));
    }
    if (!response.ok) {
      const problem = new ApiProblem(
        response.status,
        slugOf(response.status, body),
        body,
        retryAfter(response.headers.get("retry-after")),
      );
      // Said where a developer looks (and a test listens): no caller may take it for "not there".
      if (problem.slug === ROUTE_NOT_FOUND) {
        console.error(`returnkit: the API has no route for ${init.method} ${url(target)}`);
      }
      throw problem;
    }
    if (needsCaller(target)) answered = true;
    return body as T;
  }

  return {
    get: (target) => call(target, { method: "GET" }),
    async send(target, body, method = "POST", signal) {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      };
      const csrf = auth.token() ? null : await auth.csrf();
      if (csrf) headers["x-returnkit-csrf"] = csrf;
      return call(target, { method, headers, body: JSON.stringify(body ?? {}), signal });
    },
  };
}

/**
 * The problem's own slug (the end of its `type`). The API answers every refusal with a
 * problem, so a 404 or 405 without one comes from something else on the host, where no
 * route of the API is: a missing route too, never a missing resource.
 */
function slugOf(status: number, body: Record<string, unknown>): string {
  const type = typeof body.type === "string" ? body.type : "";
  const slug = type.startsWith("urn:returnkit:problem:") ? type.split(":").pop() : "";
  if (slug) return slug === "method-not-allowed" ? ROUTE_NOT_FOUND : slug;
  if (status === 404 || status === 405) return ROUTE_NOT_FOUND;
  return status === 401 ? "unauthenticated" : "generic";
}

/** A Retry-After of whole seconds (the API never sends the date form). */
function retryAfter(value: string | null): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}
