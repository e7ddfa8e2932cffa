/**
 * @module client/api — every call to the returns API: JSON in and out, the caller's token or
 * session (with the CSRF token on writes), an Idempotency-Key per write, and problems thrown
 * as `ApiProblem` for the page to put into words.
 */
import type { ClientConfig } from "./config";

/** Dispatched on window when the API answers 401: the caller is no longer signed in. */
export const SIGNED_OUT_EVENT = "returnkit:signed-out";

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly body: Record<string, unknown>,
  ) {
    super(slug);
  }
}

export interface Api {
  get<T>(pathOrUrl: string): Promise<T>;
  /** A write: POST unless said otherwise; `signal` aborts it (a problem of status 0). */
  send<T>(pathOrUrl: string, body?: unknown, method?: string, signal?: AbortSignal): Promise<T>;
  /** A GET answered 404 (a route not there yet) resolves to null instead of throwing. */
  optional<T>(pathOrUrl: string): Promise<T | null>;
}

export interface ApiAuth {
  /** The bearer token (OAuth sign-in), or null for the host's cookie session. */
  token(): string | null;
  csrf(): Promise<string | null>;
}

export function createApi(config: ClientConfig, auth: ApiAuth): Api {
  const url = (pathOrUrl: string) =>
    /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.api}${pathOrUrl}`;

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
    if (response.status === 401) dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
    if (!response.ok) {
      const type = typeof body.type === "string" ? body.type : "";
      const slug = type.split(":").pop() || (response.status >= 500 ? "generic" : "not-found");
      throw new ApiProblem(response.status, slug, body);
    }
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
    async optional(target) {
      try {
        return await call(target, { method: "GET" });
      } catch (error) {
        if (error instanceof ApiProblem && (error.status === 404 || error.status === 405))
          return null;
        throw error;
      }
    },
  };
}
