import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { DEV_CLIENTS } from "./clients";
import { type DevAuthorizationServer, startDevAuthorizationServer } from "./server";
import { requestMerchantToken, requestPortalToken } from "./tokens";

const RESOURCE = "http://127.0.0.1:4011";

let server: DevAuthorizationServer;

beforeAll(async () => {
  server = await startDevAuthorizationServer({ resource: RESOURCE });
});

afterAll(async () => {
  await server?.close();
});

async function claimsOf(token: string) {
  const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(server.jwksUri)), {
    issuer: server.issuer,
    audience: RESOURCE,
    typ: "at+jwt",
  });
  return payload;
}

describe("dev tokens", () => {
  test("portalToken - logs in as the subject through code + PKCE and returns its portal token", async () => {
    expect(await claimsOf(await server.portalToken("alice"))).toMatchObject({
      sub: "alice",
      client_id: DEV_CLIENTS.portalClientId,
      scope: "portal:returns.read portal:returns.write",
    });
  });

  test("portalToken - each subject gets a token of its own", async () => {
    const [alice, bob] = await Promise.all([
      server.portalToken("alice"),
      server.portalToken("bob"),
    ]);
    expect((await claimsOf(alice)).sub).toBe("alice");
    expect((await claimsOf(bob)).sub).toBe("bob");
  });

  test("merchantToken - returns a back-office token with every merchant scope", async () => {
    expect(await claimsOf(await server.merchantToken())).toMatchObject({
      client_id: DEV_CLIENTS.merchantClientId,
      scope: "merchant:returns.read merchant:returns.write merchant:webhooks.manage",
    });
  });

  test("requestPortalToken / requestMerchantToken - need only the issuer and resource, as another process would", async () => {
    const target = { issuer: server.issuer, resource: RESOURCE };
    expect((await claimsOf(await requestPortalToken({ ...target, subject: "carol" }))).sub).toBe(
      "carol",
    );
    expect((await claimsOf(await requestMerchantToken(target))).client_id).toBe(
      DEV_CLIENTS.merchantClientId,
    );
  });

  test("requestMerchantToken - a wrong client secret is refused with the server's error", async () => {
    await expect(
      requestMerchantToken({ issuer: server.issuer, resource: RESOURCE, clientSecret: "nope" }),
    ).rejects.toThrow(/invalid_client/);
  });
});

describe("startDevAuthorizationServer under NODE_ENV=production", () => {
  test("startDevAuthorizationServer - refuses to start, saying it is for development only", async () => {
    vi.stubEnv("NODE_ENV", "production");
    try {
      await expect(startDevAuthorizationServer({ resource: RESOURCE })).rejects.toThrow(
        /development only/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
