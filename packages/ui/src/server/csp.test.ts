import { createReturnsService, InvalidOptionsError } from "@returnkit/core";
import { describe, expect, test } from "vitest";
import { checkImageOrigins } from "./csp";
import { createReturnsUi } from "./handler";
import { mountReturnsUi } from "./mount";

const imgSrcOf = async (imageOrigins?: string[]) => {
  const ui = createReturnsUi({ apiUrl: "https://shop.example", path: "/returns", imageOrigins });
  const csp = await Promise.all(
    ["/returns", "/returns/admin"].map(async (path) => {
      const page = await ui.fetch(new Request(`https://shop.example${path}`));
      return page.headers.get("content-security-policy") ?? "";
    }),
  );
  return csp.map((policy) => /img-src ([^;]*)/.exec(policy)?.[1]);
};

/** The issues an `InvalidOptionsError` names, as `path: message`. */
function refusal(imageOrigins: string[]): string[] {
  try {
    checkImageOrigins(imageOrigins);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return (error as InvalidOptionsError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  return [];
}

describe("imageOrigins: where the shop's product pictures come from", () => {
  test("createReturnsUi - a configured origin is named in both pages' img-src, and nothing else is", async () => {
    expect(await imgSrcOf(["https://cdn.shop.example", "http://localhost:4000"])).toEqual([
      "'self' https://cdn.shop.example http://localhost:4000 data:",
      "'self' https://cdn.shop.example http://localhost:4000 data:",
    ]);
  });

  test("createReturnsUi - without the option, pictures come from the page's own origin only", async () => {
    expect(await imgSrcOf()).toEqual(["'self' data:", "'self' data:"]);
  });

  test("mountReturnsUi - the option reaches the CSP through service.fetch", async () => {
    const service = createReturnsService({ baseUrl: "https://shop.example" });
    mountReturnsUi(service, "/returns", { imageOrigins: ["https://img.shop.example:8443"] });
    const page = await service.fetch(new Request("https://shop.example/returns"));
    expect(page.headers.get("content-security-policy")).toContain(
      "img-src 'self' https://img.shop.example:8443 data:",
    );
  });

  test("checkImageOrigins - an origin with a trailing slash is that origin", () => {
    expect(checkImageOrigins(["https://cdn.shop.example/"])).toEqual(["https://cdn.shop.example"]);
  });

  test("checkImageOrigins - a wildcard, a path, a query, credentials, http off this machine and a non-URL are refused, each named", () => {
    expect(
      refusal([
        "https://*.shop.example",
        "*",
        "https://cdn.shop.example/products",
        "https://cdn.shop.example?v=1",
        "https://user:pw@cdn.shop.example",
        "http://cdn.shop.example",
        "data:",
        "cdn.shop.example",
        "https://cdn.shop.example",
      ]).map((issue) => issue.split(":")[0]),
    ).toEqual([
      "imageOrigins.0",
      "imageOrigins.1",
      "imageOrigins.2",
      "imageOrigins.3",
      "imageOrigins.4",
      "imageOrigins.5",
      "imageOrigins.6",
      "imageOrigins.7",
    ]);
    expect(refusal(["https://*.shop.example"])[0]).toContain("a wildcard is never allowed");
    expect(refusal(["http://cdn.shop.example"])[0]).toContain("http only for localhost");
    expect(refusal(["https://cdn.shop.example/p"])[0]).toContain("no path, query or user");
  });

  test("createReturnsUi - a refused origin stops the mount at once, before any page is served", () => {
    expect(() =>
      createReturnsUi({
        apiUrl: "https://shop.example",
        path: "/returns",
        imageOrigins: ["https://cdn.shop.example/images/"],
      }),
    ).toThrow(InvalidOptionsError);
  });
});
