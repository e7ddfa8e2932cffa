/**
 * @module oauth-agent — what an autonomous agent does to get tokens for returnkit knowing
 * only its base URL: discover the authorization server from a 401 (RFC 9728), then
 * authorization code + PKCE S256 for a customer, or client credentials for the back office.
 *
 * The customer's login and consent are the development authorization server's own HTML
 * forms, submitted headlessly by `@returnkit/dev-auth`'s `loginAndConsent`; a real agent would
 * open them in the customer's browser.
 */
import { createHash, randomBytes } from "node:crypto";
import { loginAndConsent } from "@returnkit/dev-auth";

interface Discovery {
  resource: string;
  resourceMetadataUrl: string;
  authorizationServer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  scopesSupported: string[];
}

/** Follows the `resource_metadata` of a 401 challenge to the authorization server's metadata. */
export async function discoverFromChallenge(protectedUrl: string): Promise<Discovery> {
  const challenge = (await fetch(protectedUrl)).headers.get("www-authenticate") ?? "";
  const resourceMetadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  if (!resourceMetadataUrl) throw new Error(`no resource_metadata in the challenge: ${challenge}`);
  const resource = (await (await fetch(resourceMetadataUrl)).json()) as {
    resource: string;
    authorization_servers: string[];
    scopes_supported: string[];
  };
  const issuer = resource.authorization_servers[0]!;
  const server = (await (
    await fetch(`${issuer}/.well-known/oauth-authorization-server`)
  ).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  return {
    resource: resource.resource,
    resourceMetadataUrl,
    authorizationServer: issuer,
    authorizationEndpoint: server.authorization_endpoint,
    tokenEndpoint: server.token_endpoint,
    scopesSupported: resource.scopes_supported,
  };
}

export async function clientCredentialsToken(
  discovery: Discovery,
  client: { id: string; secret: string },
  scopes: string[],
): Promise<string> {
  const response = await fetch(discovery.tokenEndpoint, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      resource: discovery.resource,
      scope: scopes.join(" "),
    }),
  });
  return tokenFrom(response);
}

/** Authorization code + PKCE (S256) for a public client, logging in as `username`. */
export async function authorizationCodeToken(
  discovery: Discovery,
  client: { id: string; redirectUri: string },
  username: string,
  scopes: string[],
): Promise<string> {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const state = randomBytes(12).toString("base64url");
  const authorize = new URL(discovery.authorizationEndpoint);
  authorize.search = new URLSearchParams({
    response_type: "code",
    client_id: client.id,
    redirect_uri: client.redirectUri,
    scope: ["openid", ...scopes].join(" "),
    resource: discovery.resource,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
  }).toString();

  // The customer's part, in the browser: log in and consent (the development server's pages).
  const redirect = await loginAndConsent(authorize.href, client.redirectUri, username);
  if (redirect.searchParams.get("state") !== state) throw new Error("state mismatch");
  const code = redirect.searchParams.get("code");
  if (!code)
    throw new Error(`authorization failed: ${redirect.searchParams.get("error_description")}`);
  const token = await fetch(discovery.tokenEndpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: client.redirectUri,
      client_id: client.id,
      code_verifier: verifier,
      resource: discovery.resource,
    }),
  });
  return tokenFrom(token);
}

async function tokenFrom(response: Response): Promise<string> {
  const body = (await response.json()) as {
    access_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token) {
    throw new Error(
      `token request failed: ${body.error ?? response.status} ${body.error_description ?? ""}`,
    );
  }
  return body.access_token;
}
