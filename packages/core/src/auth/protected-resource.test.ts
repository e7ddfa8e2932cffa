import { describe, expect, test } from "vitest";
import {
  createProtectedResourceMetadataHandler,
  protectedResourceMetadata,
  protectedResourceMetadataPath,
  protectedResourceMetadataUrl,
} from "./protected-resource";

const AS = "https://auth.shop.example";

describe("protectedResourceMetadata", () => {
  test("protectedResourceMetadata - carries every RFC 9728 field", () => {
    expect(
      protectedResourceMetadata({
        resource: "https://shop.example/returns",
        authorizationServers: [AS],
      }),
    ).toEqual({
      resource: "https://shop.example/returns",
      authorization_servers: [AS],
      scopes_supported: [
        "portal:returns.read",
        "portal:returns.write",
        "merchant:returns.read",
        "merchant:returns.write",
        "merchant:webhooks.manage",
      ],
      bearer_methods_supported: ["header"],
      resource_name: "returnkit returns API",
      resource_documentation: "https://shop.example/returns/v1/openapi.json",
    });
  });

  test("protectedResourceMetadata - takes the host's name, documentation and scopes", () => {
    const metadata = protectedResourceMetadata({
      resource: "https://shop.example",
      authorizationServers: [AS],
      scopesSupported: ["portal:returns.read"],
      resourceName: "Shop returns",
      resourceDocumentation: "https://docs.shop.example/returns",
    });
    expect(metadata).toMatchObject({
      resource: "https://shop.example",
      scopes_supported: ["portal:returns.read"],
      resource_name: "Shop returns",
      resource_documentation: "https://docs.shop.example/returns",
    });
  });

  test("protectedResourceMetadata - refuses a resource identifier that RFC 9728 forbids", () => {
    for (const resource of [
      "/returns",
      "ftp://shop.example",
      "https://shop.example/returns#frag",
    ]) {
      expect(() => protectedResourceMetadata({ resource, authorizationServers: [AS] })).toThrow(
        TypeError,
      );
    }
  });
});

describe("protectedResourceMetadataPath", () => {
  test("protectedResourceMetadataPath - a root mount has the bare well-known path", () => {
    expect(protectedResourceMetadataPath("https://shop.example")).toBe(
      "/.well-known/oauth-protected-resource",
    );
    expect(protectedResourceMetadataPath("https://shop.example/")).toBe(
      "/.well-known/oauth-protected-resource",
    );
  });

  test("protectedResourceMetadataPath - a prefixed mount goes after the well-known segment", () => {
    expect(protectedResourceMetadataPath("https://shop.example/returns")).toBe(
      "/.well-known/oauth-protected-resource/returns",
    );
    expect(protectedResourceMetadataPath("https://shop.example/api/returns/")).toBe(
      "/.well-known/oauth-protected-resource/api/returns",
    );
  });

  test("protectedResourceMetadataUrl - is absolute on the resource's origin", () => {
    expect(protectedResourceMetadataUrl("http://127.0.0.1:3000/returns")).toBe(
      "http://127.0.0.1:3000/.well-known/oauth-protected-resource/returns",
    );
  });
});

describe("createProtectedResourceMetadataHandler", () => {
  const handler = createProtectedResourceMetadataHandler({
    resource: "https://shop.example/returns",
    authorizationServers: [AS],
  });

  test("createProtectedResourceMetadataHandler - serves the document at the host root", async () => {
    const response = await handler(
      new Request("https://shop.example/.well-known/oauth-protected-resource/returns"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.json()).toMatchObject({
      resource: "https://shop.example/returns",
      authorization_servers: [AS],
    });
  });

  test("createProtectedResourceMetadataHandler - 404 elsewhere, 405 for writes", async () => {
    const elsewhere = await handler(
      new Request("https://shop.example/.well-known/oauth-protected-resource"),
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("content-type")).toBe("application/problem+json");
    expect(elsewhere.headers.get("cache-control")).toBe("private, no-store");
    expect(elsewhere.headers.get("x-content-type-options")).toBe("nosniff");
    const post = await handler(
      new Request("https://shop.example/.well-known/oauth-protected-resource/returns", {
        method: "POST",
      }),
    );
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});
