/**
 * Refused tokens over HTTP: real jose-signed JWTs against `service.fetch` with a local key
 * set, asserting what a client sees — status, problem body and the exact challenge, which is
 * all an agent has to decide between "get a token", "get a new token" and "get a wider one".
 */
import { exportJWK, generateKeyPair, type JSONWebKeySet, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createReturnsService, type ReturnsService } from "../service";

const BASE = "https://shop.example";
const ISSUER = "https://auth.shop.example";
const METADATA = `${BASE}/.well-known/oauth-protected-resource`;
const PORTAL_WRITE = "portal:returns.write";
const MERCHANT_WRITE = "merchant:returns.write";

let privateKey: CryptoKey;
let service: ReturnsService;

beforeAll(async () => {
  const keys = await generateKeyPair("ES256");
  privateKey = keys.privateKey;
  const jwks: JSONWebKeySet = {
    keys: [{ ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "ES256", use: "sig" }],
  };
  service = createReturnsService({ baseUrl: BASE, auth: { issuer: ISSUER, jwks } });
});

afterAll(async () => {
  await service?.close();
});

const now = () => Math.floor(Date.now() / 1000);

function token(claims: JWTPayload): Promise<string> {
  return new SignJWT({
    iss: ISSUER,
    aud: BASE,
    sub: "user-42",
    client_id: "agent-app",
    iat: now(),
    exp: now() + 300,
    ...claims,
  })
    .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: "k1" })
    .sign(privateKey);
}

const portalToken = (sub = "user-42") => token({ sub, scope: PORTAL_WRITE });
const merchantToken = () => token({ sub: "backoffice", scope: MERCHANT_WRITE });

async function send(
  method: string,
  path: string,
  bearer?: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests assert problem bodies field by field
): Promise<{ status: number; challenge: string | null; type: string | null; json: any }> {
  const headers: Record<string, string> = {};
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (method !== "GET") headers["idempotency-key"] = crypto.randomUUID();
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await service.fetch(
    new Request(`${BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const { request_id, ...json } = await response.json();
  // Every problem names its request; the cases here are about the rest of the body.
  if (response.status >= 400) expect(request_id).toBe(response.headers.get("request-id"));
  return {
    status: response.status,
    challenge: response.headers.get("www-authenticate"),
    type: response.headers.get("content-type"),
    json,
  };
}

const createBody = {
  order_id: "ord_1",
  line: { sku: "TEE-BLK-M" },
  reason: "DAMAGED",
  resolution: "REFUND",
};

async function createReturn(customer = "user-42"): Promise<string> {
  const created = await send("POST", "/v1/portal/returns", await portalToken(customer), createBody);
  expect(created.status).toBe(201);
  return created.json.id;
}

describe("bearer tokens over HTTP", () => {
  test("fetch - no token: 401 pointing at the metadata, with the scopes the operation takes", async () => {
    const res = await send("GET", "/v1/portal/returns");
    expect(res.status).toBe(401);
    expect(res.type).toBe("application/problem+json");
    expect(res.json).toEqual({
      type: "urn:returnkit:problem:unauthenticated",
      title: "Authentication required",
      status: 401,
      detail: "Send an OAuth 2.1 bearer token in the Authorization header.",
    });
    expect(res.challenge).toBe(
      `Bearer resource_metadata="${METADATA}", scope="portal:returns.read portal:returns.write"`,
    );
  });

  test("fetch - no token on the reason catalogue: the challenge names every read and write scope, since any caller may read it", async () => {
    const res = await send("GET", "/v1/reasons");
    expect(res.status).toBe(401);
    expect(res.challenge).toBe(
      `Bearer resource_metadata="${METADATA}", scope="portal:returns.read portal:returns.write merchant:returns.read merchant:returns.write"`,
    );
  });

  test("fetch - an expired token: 401 invalid_token saying when it expired", async () => {
    const exp = now() - 3600;
    const expired = await token({ scope: PORTAL_WRITE, iat: exp - 300, exp });
    const res = await send("GET", "/v1/portal/returns", expired);
    const when = new Date(exp * 1000).toISOString();
    expect(res.status).toBe(401);
    expect(res.type).toBe("application/problem+json");
    expect(res.json).toEqual({
      type: "urn:returnkit:problem:invalid-token",
      title: "The access token is invalid",
      status: 401,
      detail: `The access token expired at ${when}.`,
    });
    expect(res.challenge).toBe(
      `Bearer error="invalid_token", error_description="The access token expired at ${when}.", resource_metadata="${METADATA}"`,
    );
  });

  test("fetch - a token for another resource: 401 invalid_token naming the audience", async () => {
    const elsewhere = await token({ scope: PORTAL_WRITE, aud: "https://other.example" });
    const res = await send("GET", "/v1/portal/returns", elsewhere);
    expect(res.status).toBe(401);
    expect(res.json.type).toBe("urn:returnkit:problem:invalid-token");
    expect(res.challenge).toBe(
      `Bearer error="invalid_token", error_description="The access token's audience is not this API; request it with this API's resource identifier (RFC 8707 resource parameter).", resource_metadata="${METADATA}"`,
    );
  });

  test("fetch - a portal token on a merchant route: 403 insufficient_scope naming the merchant scope", async () => {
    const id = await createReturn();
    const res = await send("POST", `/v1/merchant/returns/${id}/approve`, await portalToken());
    expect(res.status).toBe(403);
    expect(res.type).toBe("application/problem+json");
    expect(res.json).toEqual({
      type: "urn:returnkit:problem:insufficient-scope",
      title: "The access token lacks a required scope",
      status: 403,
      detail: "This operation needs one of: merchant:returns.write.",
      required_scopes: [MERCHANT_WRITE],
    });
    expect(res.challenge).toBe(
      `Bearer error="insufficient_scope", scope="merchant:returns.write", resource_metadata="${METADATA}"`,
    );
  });

  test("fetch - a merchant token on a portal route: 403 insufficient_scope naming the portal scope", async () => {
    const res = await send("POST", "/v1/portal/returns", await merchantToken(), createBody);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      type: "urn:returnkit:problem:insufficient-scope",
      status: 403,
      required_scopes: [PORTAL_WRITE],
    });
    expect(res.challenge).toBe(
      `Bearer error="insufficient_scope", scope="portal:returns.write", resource_metadata="${METADATA}"`,
    );
  });

  test("fetch - a token with both scope families: 403, whichever route it is used on", async () => {
    const both = await token({ scope: `${PORTAL_WRITE} ${MERCHANT_WRITE}` });
    const description =
      "The token holds portal scopes (portal:returns.write) and merchant scopes (merchant:returns.write); a token acts for one customer or for the back office, never both. Request a token with one family.";
    for (const [path, scope] of [
      ["/v1/portal/returns", "portal:returns.read portal:returns.write"],
      ["/v1/merchant/returns", "merchant:returns.read merchant:returns.write"],
    ] as const) {
      const res = await send("GET", path, both);
      expect(res.status, path).toBe(403);
      expect(res.type).toBe("application/problem+json");
      expect(res.json).toEqual({
        type: "urn:returnkit:problem:mixed-scope-families",
        title: "The access token mixes portal and merchant scopes",
        status: 403,
        detail: description,
        portal_scopes: [PORTAL_WRITE],
        merchant_scopes: [MERCHANT_WRITE],
      });
      expect(res.challenge).toBe(
        `Bearer error="insufficient_scope", error_description="${description}", scope="${scope}", resource_metadata="${METADATA}"`,
      );
    }
  });

  test("fetch - another customer's return: 404, as if it did not exist, and no challenge", async () => {
    const id = await createReturn("user-42");
    const res = await send("GET", `/v1/portal/returns/${id}`, await portalToken("user-7"));
    expect(res.status).toBe(404);
    expect(res.type).toBe("application/problem+json");
    expect(res.json).toEqual({
      type: "urn:returnkit:problem:not-found",
      title: "Return not found",
      status: 404,
      detail: `No return with id "${id}" exists for this caller.`,
      return_id: id,
    });
    expect(res.challenge).toBeNull();
    // The owner, with the same kind of token, sees it.
    expect(
      (await send("GET", `/v1/portal/returns/${id}`, await portalToken("user-42"))).status,
    ).toBe(200);
  });
});
