import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { nestListsInItems } from "./offline-pages";
import { type DevAuthorizationServer, startDevAuthorizationServer } from "./server";

const RESOURCE = "http://127.0.0.1:4010/returns";
let server: DevAuthorizationServer;

beforeAll(async () => {
  server = await startDevAuthorizationServer({ resource: RESOURCE });
});
afterAll(async () => {
  await server?.close();
});

describe("the development sign-in pages", () => {
  test("offlinePage - the login page names its language and loads nothing from another origin", async () => {
    const url = new URL(server.authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: server.portalClientId,
      response_type: "code",
      redirect_uri: server.portalRedirectUri,
      scope: "portal:returns.write",
      resource: RESOURCE,
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
      state: "s1",
    }).toString();
    const start = await fetch(url, { redirect: "manual" });
    const interaction = new URL(start.headers.get("location") ?? "", server.issuer);
    const cookie = start.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0])
      .join("; ");

    const page = await fetch(interaction, { headers: { cookie } });
    const html = await page.text();

    expect(page.status).toBe(200);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<body><main>[\s\S]*<\/main><\/body>/);
    expect(html).toContain('name="login"');
    expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"')\s]+\.(css|woff2?|js)|@import/);
    expect(Number(page.headers.get("content-length"))).toBe(Buffer.byteLength(html));
  });
});

describe("nestListsInItems", () => {
  test("nestListsInItems - a list beside its item moves into it, at every depth", () => {
    const consent =
      "<ul>\n<li>scopes:</li>\n  <ul><li>a</li></ul>\n<li>res:</li><ul><li>r:</li><ul><li>s</li></ul></ul>\n</ul>";

    expect(nestListsInItems(consent)).toBe(
      "<ul>\n<li>scopes:\n  <ul><li>a</li></ul></li>\n<li>res:<ul><li>r:<ul><li>s</li></ul></li></ul></li>\n</ul>",
    );
  });
});
