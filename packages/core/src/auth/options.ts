/**
 * @module auth/options — how a host tells returnkit who is calling.
 *
 * Either returnkit verifies OAuth 2.1 bearer tokens itself, or the host passes
 * its own `authenticate(request)`.
 */
import type { Principal } from "../domain/principal";
import type { JwtAuthenticatorOptions } from "./jwt";

/**
 * The second argument of an `AuthenticateFn<Context>`: optional while `Context` is `unknown`
 * (a service called without an adapter passes none), required once a function declares the
 * adapter's type (`ExpressAuthContext`, `HonoAuthContext`), which a wrapper then keeps.
 */
export type ContextArgument<Context> = unknown extends Context
  ? [context?: Context]
  : [context: Context];

/**
 * Returns the caller, or null when the request carries no credentials at all. Throws a
 * ProblemError (401/403) for bad ones. `Context` is what the adapter passes beside the
 * request (Express `{ req, res }`, Hono `{ c }`), so a wrapper generic over it
 * (`withCsrfProtection` of `@returnkit/ui`) takes `(request, { req }: ExpressAuthContext) => …`.
 */
export type AuthenticateFn<Context = unknown> = (
  request: Request,
  ...context: ContextArgument<Context>
) => Promise<Principal | null> | Principal | null;

/** An OpenAPI 3.1 Security Scheme Object (`{ type: "apiKey", in: "cookie", name: "sid" }`, say). */
export type OpenApiSecurityScheme = { type: string; description?: string } & Record<
  string,
  unknown
>;

export interface HostAuthOptions {
  /**
   * The host decides who is calling: a principal, or null for "not signed in" (401). The second
   * argument is the adapter's context (Express `{ req, res }`, Hono `{ c }`), so a session
   * middleware's user can be read there; declare its type in your function, e.g.
   * `(request, { req }: ExpressAuthContext)`.
   */
  authenticate(request: Request, context?: unknown): Promise<Principal | null> | Principal | null;
  /** How the OpenAPI document describes the host's credentials (default: a generic description). */
  securityScheme?: OpenApiSecurityScheme;
  /** The `WWW-Authenticate` value a 401 carries (default: none, as for cookie sessions). */
  challenge?: string;
}

/** JWT access-token verification; `audience` defaults to the service's `baseUrl`. */
export interface JwtAuthOptions extends Omit<JwtAuthenticatorOptions, "audience"> {
  audience?: JwtAuthenticatorOptions["audience"];
  /** Advertised in the protected-resource metadata. Default `[issuer]`. */
  authorizationServers?: string[];
  /** Human-readable name in the metadata document. */
  resourceName?: string;
  /**
   * The authorization server's endpoints, for the OpenAPI security schemes (authorization
   * code + PKCE, client credentials). Without them the document declares bearer JWT only.
   */
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
}

export type AuthOptions = HostAuthOptions | JwtAuthOptions;

export function isHostAuth(options: AuthOptions): options is HostAuthOptions {
  return typeof (options as HostAuthOptions).authenticate === "function";
}
