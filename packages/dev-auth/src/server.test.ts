import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DevAuthorizationServer, startDevAuthorizationServer } from "./server";
import { requestPortalToken } from "./tokens";

const RESOURCE = "http://127.0.0.1:4010/returns";

let server: DevAuthorizationServer;

beforeAll(async () => {
  server = await startDevAuthorizationServer({ resource: RESOURCE });
});

afterAll(async () => {
  await server?.close();
});

async function clientCredentialsToken(scope: string): Promise<Response> {
  const basic = Buffer.from(`${server.merchantClientId}:${server.merchantClientSecret}`).toString(
    "base64",
  );
  return fetch(server.tokenEndpoint, {
    method: "POST",
    headers: {
      authorization: `Basic ${basic}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "client_credentials", scope, resource: RESOURCE }),
  });
}

function authorizationUrl(extra: Record<string, string>): string {
  const url = new URL(server.authorizationEndpoint);
  const params = {
    client_id: server.portalClientId,
    response_type: "code",
    redirect_uri: server.portalRedirectUri,
    scope: "portal:returns.write",
    resource: RESOURCE,
    state: "s1",
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

describe("startDevAuthorizationServer", () => {
  test("startDevAuthorizationServer - issues an RFC 9068 JWT access token via client credentials", async () => {
    const response = await clientCredentialsToken("merchant:returns.write");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe("Bearer");
    expect(decodeProtectedHeader(body.access_token).typ).toBe("at+jwt");
    const { payload } = await jwtVerify(
      body.access_token,
      createRemoteJWKSet(new URL(server.jwksUri)),
      {
        issuer: server.issuer,
        audience: RESOURCE,
        typ: "at+jwt",
      },
    );
    expect(payload).toMatchObject({
      client_id: server.merchantClientId,
      sub: server.merchantClientId,
      scope: "merchant:returns.write",
    });
  });

  test("startDevAuthorizationServer - never gives the merchant client a portal scope", async () => {
    const response = await clientCredentialsToken("portal:returns.write");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("invalid_scope");
  });

  test("startDevAuthorizationServer - refuses a portal authorization request without code_challenge", async () => {
    const response = await fetch(authorizationUrl({}), { redirect: "manual" });
    const location = new URL(response.headers.get("location") ?? "", server.issuer);
    expect(location.origin + location.pathname).toBe(server.portalRedirectUri);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/PKCE/i);
  });

  test("startDevAuthorizationServer - sends a portal authorization request with an S256 challenge to login", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const response = await fetch(
      authorizationUrl({ code_challenge: challenge, code_challenge_method: "S256" }),
      { redirect: "manual" },
    );
    expect(response.headers.get("location")).toMatch(/^\/interaction\//);
  });

  test("startDevAuthorizationServer - publishes RFC 8414 metadata with S256 only", async () => {
    const response = await fetch(`${server.issuer}/.well-known/oauth-authorization-server`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(server.issuer);
    expect(metadata.jwks_uri).toBe(server.jwksUri);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(["authorization_code", "client_credentials"]),
    );
  });
});

describe("more resources (the MCP endpoint)", () => {
  const MCP = `${RESOURCE}/mcp`;
  let withMcp: DevAuthorizationServer;
  beforeAll(async () => {
    withMcp = await startDevAuthorizationServer({ resource: RESOURCE, moreResources: [MCP] });
  });
  afterAll(() => withMcp.close());

  test("issues tokens whose audience is the resource the client named, and refuses others", async () => {
    expect(decodeJwt(await withMcp.merchantToken(MCP)).aud).toBe(MCP);
    expect(decodeJwt(await withMcp.portalToken("alice", MCP)).aud).toBe(MCP);
    expect(decodeJwt(await withMcp.merchantToken()).aud).toBe(RESOURCE);
    await expect(withMcp.merchantToken(`${RESOURCE}/other`)).rejects.toThrow();
  });

  test("registers a public client, which gets the customer's scopes only", async () => {
    const registration = await fetch(`${withMcp.issuer}/reg`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        redirect_uris: ["http://127.0.0.1/cb"],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      }),
    });
    expect(registration.status).toBe(201);
    const { client_id } = (await registration.json()) as { client_id: string };
    const token = await requestPortalToken({
      issuer: withMcp.issuer,
      resource: MCP,
      subject: "bob",
      clientId: client_id,
      redirectUri: "http://127.0.0.1/cb",
    });
    expect(decodeJwt(token)).toMatchObject({
      aud: MCP,
      sub: "bob",
      scope: "portal:returns.read portal:returns.write",
    });
  });
});
