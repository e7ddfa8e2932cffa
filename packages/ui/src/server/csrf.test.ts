import type { Principal } from "@returnkit/core";
import { describe, expect, test } from "vitest";
import { CSRF_COOKIE, CSRF_HEADER, withCsrfProtection } from "./csrf";

const principal: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const authenticate = withCsrfProtection(() => principal);
const token = "a".repeat(32);
const request = (method: string, headers: Record<string, string>) =>
  new Request("https://shop.example/v1/portal/returns", { method, headers });

describe("withCsrfProtection", () => {
  test("a cookie-signed write needs the cookie's token in the header", async () => {
    const cookie = `session=1; ${CSRF_COOKIE}=${token}`;
    expect(await authenticate(request("POST", { cookie }))).toBeNull();
    expect(
      await authenticate(request("POST", { cookie, [CSRF_HEADER]: "b".repeat(32) })),
    ).toBeNull();
    expect(await authenticate(request("POST", { cookie, [CSRF_HEADER]: token }))).toEqual(
      principal,
    );
  });

  test("reads, and requests signed by a bearer token, pass as they are", async () => {
    expect(await authenticate(request("GET", { cookie: "session=1" }))).toEqual(principal);
    expect(await authenticate(request("POST", { authorization: "Bearer x" }))).toEqual(principal);
  });
});
