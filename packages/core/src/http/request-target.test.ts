import { describe, expect, it } from "vitest";
import { ambiguousPathResponse, isAmbiguousPath } from "./request-target";

describe("request targets", () => {
  it("isAmbiguousPath - dot segments in any encoding, backslashes and encoded slashes are refused", () => {
    for (const target of [
      "/returns/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns",
      "/v1/portal/returns/../merchant/returns",
      "/v1/./merchant/returns",
      "/v1/portal/returns/%2E/x",
      "/v1/portal/returns/.%2E/x",
      "/v1/portal/returns/%2e./x",
      "/v1/portal/returns/..",
      "/v1/portal/returns/.",
      "/v1/portal/returns/..\\merchant",
      "/v1/portal/returns/..%5Cmerchant",
      "/v1/portal/returns/a%2Fb",
      "/v1/portal/returns/a%2fb",
      "/v1/portal/\treturns",
      "http://shop.example/v1/portal/returns/../merchant/returns",
      "..",
    ]) {
      expect(isAmbiguousPath(target), target).toBe(true);
    }
  });

  it("isAmbiguousPath - ordinary paths, dots inside names and anything in the query pass", () => {
    for (const target of [
      "/v1/portal/returns",
      "/v1/portal/returns/ret_01KAQ7Z5D2M8X4C6B9N3P7Q1RS/submit",
      "/v1/openapi.json",
      "/.well-known/oauth-protected-resource",
      "/v1/portal/returns/...",
      "/v1/portal/returns/a..b",
      "/v1/portal/returns/%2e%2e%2e",
      "//v1//portal//returns",
      "/v1/portal/returns?cursor=../..%2F%5C",
      "/v1/portal/returns#/../merchant",
      "http://shop.example/v1/portal/returns?x=..",
      "*",
    ]) {
      expect(isAmbiguousPath(target), target).toBe(false);
    }
  });

  it("ambiguousPathResponse - a 404 problem+json naming the path, or null", async () => {
    expect(ambiguousPathResponse("/v1/portal/returns")).toBeNull();
    const response = ambiguousPathResponse("/v1/portal/returns/%2e%2e/merchant/returns?limit=1");
    expect(response?.status).toBe(404);
    expect(response?.headers.get("content-type")).toBe("application/problem+json");
    expect(await response?.json()).toMatchObject({
      type: "urn:returnkit:problem:route-not-found",
      status: 404,
      detail: "Nothing is served at /v1/portal/returns/%2e%2e/merchant/returns.",
    });
  });
});
