/**
 * @module tokens — access tokens from a running development authorization server, as its two
 * clients get them: a customer's through authorization code + PKCE (login and consent done
 * headlessly), the back office's through client credentials. Usable from another process: all
 * it needs is the issuer, or the API's URL to discover it from (RFC 9728).
 */
import { createHash, randomBytes } from "node:crypto";
import { DEV_CLIENTS, DEV_SCOPES } from "./clients";
import { loginAndConsent } from "./headless-login";

export interface DevTokenTarget {
  /** The authorization server, e.g. `http://127.0.0.1:41234`. */
  issuer: string;
  /** The API the token is for: its `aud` (returnkit's `baseUrl`). */
  resource: string;
}

export interface PortalTokenRequest extends DevTokenTarget {
  /** The customer to log in as: the token's `sub`, the principal's `id`. */
  subject: string;
  clientId?: string;
  redirectUri?: string;
}

export interface MerchantTokenRequest extends DevTokenTarget {
  clientId?: string;
  clientSecret?: string;
}

/** A customer's access token with both portal scopes, through authorization code + PKCE S256. */
export async function requestPortalToken(request: PortalTokenRequest): Promise<string> {
  const clientId = request.clientId ?? DEV_CLIENTS.portalClientId;
  const redirectUri = request.redirectUri ?? DEV_CLIENTS.portalRedirectUri;
  const endpoints = await authorizationServerMetadata(request.issuer);
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(12).toString("base64url");
  const authorize = new URL(endpoints.authorization_endpoint);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: DEV_SCOPES.portal.join(" "),
    resource: request.resource,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
  }).toString();

  const callback = await loginAndConsent(authorize.href, redirectUri, request.subject);
  const code = callback.searchParams.get("code");
  if (callback.searchParams.get("state") !== state || !code) {
    throw new Error(
      `authorization refused: ${callback.searchParams.get("error_description") ?? callback.search}`,
    );
  }
  return tokenFrom(endpoints.token_endpoint, {
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    client_id: clientId,
    code_verifier: verifier,
    resource: request.resource,
  });
}

/** A back-office access token with every merchant scope, through client credentials. */
export async function requestMerchantToken(request: MerchantTokenRequest): Promise<string> {
  const clientId = request.clientId ?? DEV_CLIENTS.merchantClientId;
  const secret = request.clientSecret ?? DEV_CLIENTS.merchantClientSecret;
  const endpoints = await authorizationServerMetadata(request.issuer);
  return tokenFrom(
    endpoints.token_endpoint,
    {
      grant_type: "client_credentials",
      scope: DEV_SCOPES.merchant.join(" "),
      resource: request.resource,
    },
    `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
  );
}

/**
 * Where to get tokens for the API at `apiUrl`: its RFC 9728 protected-resource metadata names
 * the resource identifier and the authorization server.
 */
export async function discoverDevTokenTarget(apiUrl: string): Promise<DevTokenTarget> {
  const api = new URL(apiUrl);
  const path = api.pathname === "/" ? "" : api.pathname.replace(/\/$/, "");
  const metadataUrl = new URL(`/.well-known/oauth-protected-resource${path}`, api.origin);
  const metadata = (await json(metadataUrl.href)) as {
    resource?: string;
    authorization_servers?: string[];
  };
  const issuer = metadata.authorization_servers?.[0];
  if (!metadata.resource || !issuer) {
    throw new Error(`${metadataUrl.href} names no resource or authorization server`);
  }
  return { issuer, resource: metadata.resource };
}

interface AuthorizationServerMetadata {
  authorization_endpoint: string;
  token_endpoint: string;
}

function authorizationServerMetadata(issuer: string): Promise<AuthorizationServerMetadata> {
  const base = issuer.replace(/\/$/, "");
  return json(
    `${base}/.well-known/oauth-authorization-server`,
  ) as Promise<AuthorizationServerMetadata>;
}

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

async function tokenFrom(
  tokenEndpoint: string,
  form: Record<string, string>,
  authorization?: string,
): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (authorization) headers.authorization = authorization;
  const response = await fetch(tokenEndpoint, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as {
    access_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token) {
    throw new Error(
      `token request refused: ${body.error ?? response.status} ${body.error_description ?? ""}`.trim(),
    );
  }
  return body.access_token;
}
