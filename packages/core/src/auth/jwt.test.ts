import { createHmac } from "node:crypto";
import {
  base64url,
  CompactSign,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  SignJWT,
} from "jose";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { hasScope } from "../domain/principal";
import { ProblemError } from "../domain/problems";
import { createJwtAuthenticator, type JwtAuthenticatorOptions } from "./jwt";

const ISSUER = "https://auth.shop.example";
const AUDIENCE = "https://shop.example/returns";
const KID = "key-1";

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let otherKeys: KeyPair;
let jwks: JSONWebKeySet;

beforeAll(async () => {
  keys = await generateKeyPair("RS256");
  otherKeys = await generateKeyPair("RS256");
  jwks = { keys: [{ ...(await exportJWK(keys.publicKey)), kid: KID, alg: "RS256", use: "sig" }] };
});

const now = () => Math.floor(Date.now() / 1000);

interface SignOptions {
  header?: Record<string, unknown>;
  key?: KeyPair["privateKey"];
}

function sign(claims: JWTPayload, options: SignOptions = {}): Promise<string> {
  return new SignJWT({
    iss: ISSUER,
    aud: AUDIENCE,
    sub: "user-42",
    client_id: "agent-app",
    iat: now(),
    exp: now() + 300,
    jti: "jti-1",
    ...claims,
  })
    .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: KID, ...options.header })
    .sign(options.key ?? keys.privateKey);
}

function authenticator(overrides: Partial<JwtAuthenticatorOptions> = {}) {
  return createJwtAuthenticator({ issuer: ISSUER, audience: AUDIENCE, jwks, ...overrides });
}

function request(authorization?: string, path = "/v1/portal/returns"): Request {
  return new Request(`${AUDIENCE}${path}`, {
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error("expected a ProblemError");
}

async function rejectsToken(
  token: string,
  detail: RegExp,
  overrides: Partial<JwtAuthenticatorOptions> = {},
) {
  const problem = await problemOf(authenticator(overrides)(request(`Bearer ${token}`)));
  expect(problem.status).toBe(401);
  expect(problem.slug).toBe("invalid-token");
  expect(problem.message).toMatch(detail);
  // No stack, key or jose internals reach the body.
  expect(Object.keys(problem.toJSON()).sort()).toEqual(["detail", "status", "title", "type"]);
  return problem;
}

function segments(token: string): [string, string, string] {
  const [header = "", payload = "", signature = ""] = token.split(".");
  return [header, payload, signature];
}

const encodeJson = (value: unknown) => base64url.encode(JSON.stringify(value));

describe("createJwtAuthenticator", () => {
  test("authenticate - a portal token yields the customer named by sub", async () => {
    const token = await sign({ scope: "portal:returns.read portal:returns.write" });
    const principal = await authenticator()(request(`Bearer ${token}`));
    expect(principal).toEqual({
      kind: "portal",
      id: "user-42",
      scopes: ["portal:returns.read", "portal:returns.write"],
      clientId: "agent-app",
    });
  });

  test("authenticate - a merchant token yields the back-office caller", async () => {
    const token = await sign({
      sub: "backoffice",
      client_id: "backoffice",
      scope: "merchant:returns.write",
    });
    const principal = await authenticator()(request(`Bearer ${token}`));
    expect(principal).toEqual({
      kind: "merchant",
      id: "backoffice",
      scopes: ["merchant:returns.write"],
      clientId: "backoffice",
    });
  });

  test("authenticate - a merchant token without sub is identified by its client_id", async () => {
    const token = await sign({ sub: undefined, client_id: "ops", scope: "merchant:returns.read" });
    const principal = await authenticator()(request(`Bearer ${token}`));
    expect(principal).toMatchObject({ kind: "merchant", id: "ops" });
  });

  test("authenticate - .write implies .read, .read does not imply .write", async () => {
    const writer = await authenticator()(
      request(`Bearer ${await sign({ scope: "portal:returns.write" })}`),
    );
    const reader = await authenticator()(
      request(`Bearer ${await sign({ scope: "portal:returns.read" })}`),
    );
    expect(writer && hasScope(writer, "portal", "read")).toBe(true);
    expect(reader && hasScope(reader, "portal", "read")).toBe(true);
    expect(reader && hasScope(reader, "portal", "write")).toBe(false);
    expect(writer && hasScope(writer, "merchant", "read")).toBe(false);
  });

  test("authenticate - the scheme name is case-insensitive", async () => {
    const token = await sign({ scope: "portal:returns.read" });
    expect(await authenticator()(request(`bEaReR ${token}`))).toMatchObject({ kind: "portal" });
  });

  test("authenticate - a token with no returnkit scope is authenticated but allowed nothing", async () => {
    const principal = await authenticator()(
      request(`Bearer ${await sign({ scope: "openid profile" })}`),
    );
    expect(principal?.scopes).toEqual([]);
    expect(principal && hasScope(principal, "portal", "read")).toBe(false);
    expect(principal && hasScope(principal, "merchant", "read")).toBe(false);
  });

  test("authenticate - no Authorization header means no credentials (null)", async () => {
    expect(await authenticator()(request())).toBeNull();
  });

  test("authenticate - another scheme is a plain 401 without an OAuth error code", async () => {
    const problem = await problemOf(authenticator()(request("Basic dXNlcjpwYXNz")));
    expect(problem.status).toBe(401);
    expect(problem.slug).toBe("unauthenticated");
    expect(problem.message).toMatch(/Basic scheme/);
  });

  test("authenticate - empty or doubled Bearer credentials are invalid_request (400)", async () => {
    const token = await sign({ scope: "portal:returns.read" });
    for (const header of [
      "Bearer",
      "Bearer    ",
      `Bearer ${token}, Bearer ${token}`,
      "Bearer a b",
    ]) {
      const problem = await problemOf(authenticator()(request(header)));
      expect(problem.status).toBe(400);
      expect(problem.slug).toBe("invalid-authorization-header");
    }
  });

  test("authenticate - a token in the query string is refused, not silently ignored", async () => {
    const token = await sign({ scope: "portal:returns.read" });
    const problem = await problemOf(
      authenticator()(request(undefined, `/v1/portal/returns?access_token=${token}`)),
    );
    expect(problem.status).toBe(400);
    expect(problem.message).toMatch(/only in the Authorization header/);
  });

  test("authenticate - a malformed token is invalid_token", async () => {
    await rejectsToken("not-a-jwt", /malformed/);
    await rejectsToken("a.b.c", /malformed/);
    const [header, payload] = segments(await sign({ scope: "portal:returns.read" }));
    await rejectsToken(`${header}.${payload}`, /malformed/);
    const notJson = await new CompactSign(new TextEncoder().encode("not json"))
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: KID })
      .sign(keys.privateKey);
    await rejectsToken(notJson, /malformed/);
  });

  test("authenticate - an expired token says when it expired", async () => {
    const exp = now() - 3600;
    await rejectsToken(
      await sign({ exp, iat: exp - 300 }),
      new RegExp(`expired at ${new Date(exp * 1000).toISOString()}`),
    );
  });

  test("authenticate - expiry within the clock tolerance is accepted", async () => {
    const token = await sign({ exp: now() - 5, scope: "portal:returns.read" });
    expect(await authenticator()(request(`Bearer ${token}`))).not.toBeNull();
    await rejectsToken(token, /expired/, { clockToleranceSeconds: 0 });
  });

  test("authenticate - a verified token is remembered only until it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const authenticate = authenticator({ clockToleranceSeconds: 0 });
      const token = await sign({ exp: now() + 60, scope: "portal:returns.read" });
      expect(await authenticate(request(`Bearer ${token}`))).toMatchObject({ kind: "portal" });
      // Served again (from the cache) while valid...
      expect(await authenticate(request(`Bearer ${token}`))).toMatchObject({ kind: "portal" });
      // ...and refused once past exp, never served stale.
      vi.setSystemTime(Date.now() + 61_000);
      const problem = await problemOf(authenticate(request(`Bearer ${token}`)));
      expect(problem.message).toMatch(/expired/);
    } finally {
      vi.useRealTimers();
    }
  });

  test("authenticate - a token that is not valid yet is invalid_token", async () => {
    await rejectsToken(await sign({ nbf: now() + 3600 }), /not valid yet/);
  });

  test("authenticate - a token without exp is refused", async () => {
    await rejectsToken(await sign({ exp: undefined }), /lacks the required "exp" claim/);
  });

  test("authenticate - a token from another issuer is invalid_token", async () => {
    await rejectsToken(await sign({ iss: "https://evil.example" }), /does not trust/);
  });

  test("authenticate - a token for another audience is invalid_token", async () => {
    await rejectsToken(
      await sign({ aud: "https://other-api.example" }),
      /audience is not this API/,
    );
  });

  test("authenticate - an ID token or plain JWT (typ other than at+jwt) is invalid_token", async () => {
    await rejectsToken(await sign({}, { header: { typ: "JWT" } }), /typ header is not at\+jwt/);
    await rejectsToken(await sign({}, { header: { typ: undefined } }), /typ header/);
    expect(
      await authenticator({ typ: "JWT" })(
        request(`Bearer ${await sign({}, { header: { typ: "JWT" } })}`),
      ),
    ).toMatchObject({ kind: "portal" });
  });

  test("authenticate - an unsigned token (alg none) is refused", async () => {
    const token = `${encodeJson({ alg: "none", typ: "at+jwt" })}.${encodeJson({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: "user-42",
      exp: now() + 300,
      scope: "merchant:returns.write",
    })}.`;
    await rejectsToken(token, /signed with none that is not allowed/);
  });

  test("authenticate - an HS256 token keyed with the public key is refused", async () => {
    const publicPem = await exportSPKI(keys.publicKey);
    const signingInput = `${encodeJson({ alg: "HS256", typ: "at+jwt", kid: KID })}.${encodeJson({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: "user-42",
      exp: now() + 300,
      scope: "merchant:returns.write",
    })}`;
    for (const secret of [publicPem, JSON.stringify(jwks.keys[0])]) {
      const signature = createHmac("sha256", secret).update(signingInput).digest("base64url");
      await rejectsToken(`${signingInput}.${signature}`, /signed with HS256 that is not allowed/);
    }
  });

  test("createJwtAuthenticator - refuses to be configured with a symmetric algorithm or none", () => {
    for (const alg of ["HS256", "none"]) {
      expect(() => authenticator({ algorithms: [alg as "RS256"] })).toThrow(TypeError);
    }
  });

  test("authenticate - an algorithm outside the pinned list is refused", async () => {
    await rejectsToken(
      await sign({ scope: "portal:returns.read" }),
      /RS256 that is not allowed; accepted: ES256/,
      {
        algorithms: ["ES256"],
      },
    );
  });

  test("authenticate - a token signed by a key the issuer does not publish (unknown kid) is invalid_token", async () => {
    await rejectsToken(
      await sign({}, { header: { kid: "rotated-away" }, key: otherKeys.privateKey }),
      /No signing key .* \(kid rotated-away\)/,
    );
  });

  test("authenticate - a token signed by another key under a known kid is invalid_token", async () => {
    await rejectsToken(await sign({}, { key: otherKeys.privateKey }), /signature is invalid/);
  });

  test("authenticate - a tampered payload breaks the signature", async () => {
    const [header, payload, signature] = segments(await sign({ scope: "portal:returns.read" }));
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const forged = encodeJson({ ...claims, sub: "someone-else" });
    expect(forged).not.toBe(payload);
    await rejectsToken(`${header}.${forged}.${signature}`, /signature is invalid/);
  });

  test("authenticate - a token holding both scope families is refused with 403", async () => {
    const token = await sign({ scope: "portal:returns.read merchant:returns.write" });
    const problem = await problemOf(authenticator()(request(`Bearer ${token}`)));
    expect(problem.status).toBe(403);
    expect(problem.slug).toBe("mixed-scope-families");
    expect(problem.extensions).toEqual({
      portal_scopes: ["portal:returns.read"],
      merchant_scopes: ["merchant:returns.write"],
    });
  });

  test("authenticate - scope, sub and client_id must be strings", async () => {
    await rejectsToken(
      await sign({ scope: ["portal:returns.read"] }),
      /scope claim must be a space-separated string/,
    );
    await rejectsToken(
      await sign({ sub: undefined, scope: "portal:returns.read" }),
      /no sub claim/,
    );
    await rejectsToken(await sign({ client_id: 7 }), /client_id claim must be a non-empty string/);
    // The caller's id becomes text in the store, which PostgreSQL cannot hold with NUL in it.
    await rejectsToken(
      await sign({ sub: "user\u0000-1", scope: "portal:returns.read" }),
      /sub claim must be well-formed Unicode.*must not contain NUL/,
    );
  });

  test("authenticate - a sub or client_id that is not well-formed Unicode is invalid_token", async () => {
    // PostgreSQL keeps every lone surrogate as U+FFFD, so "\ud800" and "\udfff" would name
    // one customer there. JSON escapes carry them through the signed payload intact.
    for (const id of ["\ud800", "user-\udfff", "\udc00\ud800"]) {
      await rejectsToken(
        await sign({ sub: id, scope: "portal:returns.read" }),
        /sub claim must be well-formed Unicode/,
      );
      await rejectsToken(
        await sign({ sub: undefined, client_id: id, scope: "merchant:returns.read" }),
        /client_id claim must be well-formed Unicode/,
      );
    }
    // A well-formed pair (an emoji) is ordinary text.
    const principal = await authenticator()(
      request(`Bearer ${await sign({ sub: "user-\ud83d\ude00", scope: "portal:returns.read" })}`),
    );
    expect(principal?.id).toBe("user-\u{1F600}");
  });

  test("authenticate - fetches the issuer's JWKS from jwksUri", async () => {
    const fetched: string[] = [];
    const fetchKeys: typeof fetch = async (input) => {
      fetched.push(String(input));
      return Response.json(jwks);
    };
    const authenticate = authenticator({
      jwks: undefined,
      jwksUri: `${ISSUER}/jwks`,
      fetch: fetchKeys,
    });
    const token = await sign({ scope: "portal:returns.read" });
    expect(await authenticate(request(`Bearer ${token}`))).toMatchObject({ kind: "portal" });
    expect(await authenticate(request(`Bearer ${token}`))).toMatchObject({ kind: "portal" });
    expect(fetched).toEqual([`${ISSUER}/jwks`]);
  });

  test("authenticate - an unreachable JWKS is a 503 with Retry-After, not a 401", async () => {
    for (const fetchKeys of [
      (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
      (async () => new Response("oops", { status: 502 })) as typeof fetch,
    ]) {
      const authenticate = authenticator({
        jwks: undefined,
        jwksUri: `${ISSUER}/jwks`,
        fetch: fetchKeys,
      });
      const problem = await problemOf(
        authenticate(request(`Bearer ${await sign({ scope: "portal:returns.read" })}`)),
      );
      expect(problem.status).toBe(503);
      expect(problem.slug).toBe("authorization-server-unavailable");
      expect(problem.headers).toEqual({ "retry-after": "5" });
      expect(JSON.stringify(problem.toJSON())).not.toMatch(/fetch failed|502/);
    }
  });
});
