import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { returnsRouter } from "@returnkit/adapter-express";
import { createReturnsService } from "@returnkit/core";
import express from "express";
import { describe, expect, test } from "vitest";
import { createReturnsUi } from "./handler";
import { mountReturnsUi } from "./mount";

const scriptOf = (html: string) => /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? "";

describe("the mount, through service.fetch", () => {
  test("serves both pages under a prefixed base URL, with a strict CSP and a CSRF cookie", async () => {
    const service = createReturnsService({ baseUrl: "https://shop.example/api" });
    mountReturnsUi(service, "/returns", { brand: { name: "Acme <Outfitters>" } });
    const page = await service.fetch(new Request("https://shop.example/api/returns"));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers.get("set-cookie")).toMatch(
      /^returnkit_csrf=[\w-]{32,}; Path=\/; SameSite=Strict; HttpOnly; Secure$/,
    );
    const html = await page.text();
    expect(html).toContain("<returnkit-returns>");
    expect(html).not.toMatch(/<script>|<script type="module">[^<]/);
    // The shop's name is text, escaped, in the title and the configuration alike.
    expect(html).toContain("Returns · Acme &lt;Outfitters&gt;");
    expect(html).not.toContain("<Outfitters>");
    expect(scriptOf(html)).toMatch(/^\/api\/returns\/assets\/customer\.[0-9a-f]{12}\.js$/);

    const staff = await service.fetch(new Request("https://shop.example/api/returns/admin"));
    expect(await staff.text()).toContain("<returnkit-back-office>");
  });

  test("hashed assets are immutable for a year; plain names for embedding are short-lived", async () => {
    const service = createReturnsService({ baseUrl: "https://shop.example" });
    mountReturnsUi(service, "/returns");
    const html = await (await service.fetch(new Request("https://shop.example/returns"))).text();
    const hashed = await service.fetch(new Request(`https://shop.example${scriptOf(html)}`));
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(hashed.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const plain = await service.fetch(
      new Request("https://shop.example/returns/assets/customer.js"),
    );
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300");
    expect(await plain.text()).toBe(await hashed.text());
  });

  test("answers what it does not serve with a problem, and leaves the API's routes alone", async () => {
    const ui = createReturnsUi({ apiUrl: "https://shop.example", path: "/returns" });
    const missing = await ui.fetch(new Request("https://shop.example/returns/assets/nope.js"));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    const post = await ui.fetch(new Request("https://shop.example/returns", { method: "POST" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");

    const service = createReturnsService({ baseUrl: "https://shop.example" });
    mountReturnsUi(service, "/returns");
    const api = await service.fetch(new Request("https://shop.example/v1/reasons"));
    expect(api.status).toBe(401);
  });

  test("with OAuth sign-in, the page may call the token endpoint and post to the authorization server", async () => {
    const ui = createReturnsUi({
      apiUrl: "https://api.shop.example",
      path: "/returns",
      signIn: {
        mode: "oauth",
        authorizationEndpoint: "https://login.example/auth",
        tokenEndpoint: "https://login.example/token",
        clientId: "portal",
      },
    });
    const page = await ui.fetch(new Request("https://shop.example/returns"));
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("connect-src 'self' https://api.shop.example https://login.example");
    expect(page.headers.get("set-cookie")).toBeNull();
  });
});

describe("the CSRF cookie and the CSP, from the options", () => {
  const cookieOf = async (ui: { fetch: (r: Request) => Promise<Response> }, request: Request) =>
    (await ui.fetch(request)).headers.get("set-cookie") ?? "";

  test("createReturnsUi - the CSRF cookie is Secure behind a TLS-terminating proxy when the API is https", async () => {
    const ui = createReturnsUi({ apiUrl: "https://shop.example", path: "/returns" });
    // The proxy spoke TLS; the app sees plain http.
    expect(await cookieOf(ui, new Request("http://shop.example/returns"))).toMatch(/; Secure$/);
    expect(await cookieOf(ui, new Request("http://shop.example/returns/csrf"))).toMatch(
      /; Secure$/,
    );
    const service = createReturnsService({ baseUrl: "https://shop.example/api" });
    mountReturnsUi(service, "/returns");
    const page = await service.fetch(new Request("http://shop.example/api/returns"));
    expect(page.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  test("createReturnsUi - X-Forwarded-Proto from anyone does not make the cookie Secure", async () => {
    const ui = createReturnsUi({ apiUrl: "http://localhost:3000", path: "/returns" });
    const forwarded = new Request("http://localhost:3000/returns", {
      headers: { "x-forwarded-proto": "https" },
    });
    const cookie = await cookieOf(ui, forwarded);
    expect(cookie).toMatch(/^returnkit_csrf=/);
    expect(cookie).not.toContain("Secure");
  });

  test("createReturnsUi - a data: logo is allowed by the CSP's data: source, and no null origin is named", async () => {
    const cspFor = async (logoUrl: string) => {
      const ui = createReturnsUi({
        apiUrl: "https://shop.example",
        path: "/returns",
        brand: { name: "Acme", logoUrl },
      });
      const page = await ui.fetch(new Request("https://shop.example/returns"));
      return page.headers.get("content-security-policy") ?? "";
    };
    const dataLogo = await cspFor("data:image/png;base64,iVBORw0KGgo=");
    expect(dataLogo).toContain("img-src 'self' data:;");
    expect(dataLogo).not.toContain("null");
    expect(await cspFor("https://cdn.example/logo.png")).toContain(
      "img-src 'self' https://cdn.example data:;",
    );
    expect(await cspFor("/logo.png")).toContain("img-src 'self' data:;");
  });

  test("createReturnsUi - every answer is nosniff; the pages, the token and the problems are private, no-store", async () => {
    const ui = createReturnsUi({ apiUrl: "https://shop.example", path: "/returns" });
    const answer = (path: string, method = "GET") =>
      ui.fetch(new Request(`https://shop.example${path}`, { method }));
    const expected: [string, string, string][] = [
      ["/returns", "GET", "private, no-store"],
      ["/returns/admin", "GET", "private, no-store"],
      ["/returns/csrf", "GET", "private, no-store"],
      ["/returns/nothing", "GET", "private, no-store"],
      ["/returns", "POST", "private, no-store"],
      ["/returns/assets/theme.css", "GET", "public, max-age=300"],
    ];
    for (const [path, method, cacheControl] of expected) {
      const served = await answer(path, method);
      expect(served.headers.get("cache-control"), `${method} ${path}`).toBe(cacheControl);
      expect(served.headers.get("x-content-type-options"), `${method} ${path}`).toBe("nosniff");
    }
  });

  test("createReturnsUi - qr.svg draws an RMA number's QR code, cacheable for good, and nothing else", async () => {
    const ui = createReturnsUi({ apiUrl: "https://shop.example", path: "/returns" });
    expect(ui.paths).toContain("/returns/qr.svg");
    const qr = await ui.fetch(new Request("https://shop.example/returns/qr.svg?rma=RMA-7KQ3-X9TD"));
    expect(qr.status).toBe(200);
    expect(qr.headers.get("content-type")).toBe("image/svg+xml");
    expect(qr.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(qr.headers.get("content-security-policy")).toBe("default-src 'none'");
    const svg = await qr.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+">/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    for (const query of [
      "",
      "?rma=",
      "?rma=hello",
      "?rma=RMA-7KQ3-X9TU",
      `?rma=${"A".repeat(5000)}`,
    ]) {
      const refused = await ui.fetch(new Request(`https://shop.example/returns/qr.svg${query}`));
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  test("createReturnsUi - a logo URL that is no image address is refused, naming the option", () => {
    for (const logoUrl of ["javascript:alert(1)", "data:text/html,<script>1</script>", "blob:x"]) {
      expect(() =>
        createReturnsUi({ apiUrl: "https://shop.example", path: "/returns", brand: { logoUrl } }),
      ).toThrow(/brand\.logoUrl/);
    }
  });
});

test("through Express: the service's router serves the mounted pages", async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = createReturnsService({ baseUrl });
  mountReturnsUi(service, "/returns");
  const app = express();
  app.use(returnsRouter(service));
  server.on("request", app);
  try {
    const page = await fetch(`${baseUrl}/returns/admin`);
    expect(page.status).toBe(200);
    const asset = await fetch(
      `${baseUrl}${scriptOf(await page.text()).replace("customer", "staff")}`,
    );
    expect(asset.status).toBe(200);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("in a Hono app of the host's, without the service: the handler under its own prefix", async () => {
  const { Hono } = await import("hono");
  const ui = createReturnsUi({ apiUrl: "https://api.shop.example", path: "/account/returns" });
  const app = new Hono();
  app.on(["GET", "HEAD"], ["/account/returns", "/account/returns/*"], (c) => ui.fetch(c.req.raw));
  const page = await app.request("https://shop.example/account/returns");
  expect(page.status).toBe(200);
  const staff = await app.request("https://shop.example/account/returns/admin");
  expect(await staff.text()).toContain('src="/account/returns/assets/staff.');
  expect((await app.request("https://shop.example/account/returns/assets/theme.css")).status).toBe(
    200,
  );
});
