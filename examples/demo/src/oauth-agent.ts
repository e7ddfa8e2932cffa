/**
 * @module oauth-agent — what an autonomous agent does to get tokens for returnkit knowing
 * only its base URL: discover the authorization server from a 401 (RFC 9728), then
 * authorization code + PKCE S256 for a customer, or client credentials for the back office.
 *
 * The customer's login and consent are the development authorization server's own HTML
 * forms, submitted headlessly; a real agent would open them in the customer's browser.
 */
import { createHash, randomBytes } from "node:crypto";

export interface Discovery {
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

  const browser = new CookieBrowser();
  let response = await browser.get(authorize.href);
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, response.url);
      if (next.href.startsWith(client.redirectUri)) {
        if (next.searchParams.get("state") !== state) throw new Error("state mismatch");
        const code = next.searchParams.get("code");
        if (!code)
          throw new Error(`authorization failed: ${next.searchParams.get("error_description")}`);
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
      response = await browser.get(next.href);
      continue;
    }
    // A login or consent page: fill in and submit its form as the customer would.
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form)
      throw new Error(`unexpected page from the authorization server (${response.status})`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]+)"/.exec(input[0])?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
      fields.set(name, name === "login" ? username : name === "password" ? "demo-password" : value);
    }
    response = await browser.post(new URL(form[1]!, response.url).href, fields);
  }
  throw new Error("the authorization flow did not reach the redirect URI");
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

/** Just enough of a browser for the authorization server's pages: cookies, manual redirects. */
class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  get(url: string) {
    return this.request(url, { method: "GET" });
  }

  post(url: string, form: URLSearchParams) {
    return this.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index).trim(), pair!.slice(index + 1).trim());
    }
    return response;
  }
}
