/**
 * The root README's Express shop with the pages, run as written: its imports bound to the
 * packages, the two names a reader supplies (`yourOrders`, `yourSession`) given here, and
 * the server listening on a free port instead of 3000. Then what a customer's browser does:
 * the page where the README says, its CSRF token, a cookie-signed write on the API beside it.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as adapterExpress from "@returnkit/adapter-express";
import * as core from "@returnkit/core";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ui from "./index";
import { CSRF_HEADER } from "./server/csrf";

const README = new URL("../../../README.md", import.meta.url);

/** What each module the block imports is, as `import` would bind it. */
const MODULES: Record<string, Record<string, unknown>> = {
  express: { default: express },
  "@returnkit/core": core,
  "@returnkit/adapter-express": adapterExpress,
  "@returnkit/ui": ui,
};

const ORDER: core.OrderInput = {
  id: "ord_1001",
  customer_id: "alice",
  placed_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
  delivered_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  currency: "EUR",
  lines: [{ sku: "TEE-BLK", size: "M", quantity: 1, unit_price: 2_900 }],
};

/** The host's session: the cookie `sid=s1` is alice. */
function yourSession(request: Request): core.Principal | null {
  const signedIn = /(?:^|;\s*)sid=s1(?:;|$)/.test(request.headers.get("cookie") ?? "");
  return signedIn ? { kind: "portal", id: "alice", scopes: ["portal:returns.write"] } : null;
}

function readmeBlock(markdown: string, name: string): string {
  const block = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
  ).exec(markdown)?.[1];
  if (!block) throw new Error(`README.md has no block marked ${name}`);
  return block;
}

/**
 * Runs the block's statements with its imports bound from `MODULES` and `given` in scope;
 * resolves to the block's top-level `app`.
 */
function runBlock(code: string, given: Record<string, unknown>): express.Express {
  const scope: Record<string, unknown> = { ...given };
  const statements = code.replace(
    /^import (?:(\w+)|\{([^}]+)\}) from "([^"]+)";\n/gm,
    (_, defaultName: string | undefined, names: string | undefined, from: string) => {
      const module = MODULES[from];
      if (!module) throw new Error(`the block imports ${from}, which this test does not bind`);
      if (defaultName) scope[defaultName] = module.default;
      for (const name of names?.split(",").map((part) => part.trim()) ?? []) {
        if (!(name in module)) throw new Error(`${from} exports no ${name}`);
        scope[name] = module[name];
      }
      return "";
    },
  );
  if (/^import /m.test(statements)) throw new Error("an import this test cannot read");
  const listen = "app.listen(3000);";
  expect(statements).toContain(listen);
  const body = `${statements.replace(listen, "")}\nreturn app;`;
  const run = new Function(...Object.keys(scope), body) as (...args: unknown[]) => express.Express;
  return run(...Object.values(scope));
}

describe("root README: an Express shop with the API and the pages", () => {
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const markdown = readFileSync(README, "utf8");
    const app = runBlock(readmeBlock(markdown, "express-with-pages"), {
      yourOrders: [ORDER],
      yourSession,
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A request to the shop as its public name, `shop.example`, with `headers`. */
  const shop = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${origin}${path}`, { ...init, headers: { host: "shop.example", ...init.headers } });

  it("README Express shop with pages - serves the pages where it says, calling the API beside them", async () => {
    const customer = await shop("/api/returns");
    const backOffice = await shop("/api/returns/admin");
    const doubled = await shop("/returns/returns");

    expect(customer.status).toBe(200);
    expect(customer.headers.get("content-type")).toMatch(/^text\/html/);
    const config = /<meta name="returnkit-config" content="([^"]+)"/.exec(await customer.text());
    const told = JSON.parse(config![1]!.replaceAll("&quot;", '"'));
    expect({ api: told.api, base: told.base }).toEqual({
      api: "https://shop.example/api",
      base: "/api/returns",
    });
    expect(backOffice.status).toBe(200);
    expect(doubled.status).toBe(404);
  });

  it("README Express shop with pages - a cookie-signed write with the page's CSRF token starts a return", async () => {
    const csrf = await shop("/api/returns/csrf", { headers: { cookie: "sid=s1" } });
    const { token } = (await csrf.json()) as { token: string };
    const csrfCookie = csrf.headers.get("set-cookie")!.split(";")[0]!;
    const start = (headers: Record<string, string>) =>
      shop("/api/v1/portal/returns", {
        method: "POST",
        headers: {
          cookie: `sid=s1; ${csrfCookie}`,
          "content-type": "application/json",
          "idempotency-key": crypto.randomUUID(),
          ...headers,
        },
        body: JSON.stringify({
          order_id: "ord_1001",
          line: { sku: "TEE-BLK", size: "M" },
          reason: "TOO_SMALL",
          resolution: "REFUND",
        }),
      });

    const forged = await start({});
    const started = await start({ [CSRF_HEADER]: token });

    // Signed by the session cookie but without the page's token: refused, saying why.
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { type: string }).type).toBe(
      "urn:returnkit:problem:csrf-token-invalid",
    );
    expect(started.status).toBe(201);
    const record = (await started.json()) as { id: string; _links: { self: { href: string } } };
    expect(record._links.self.href).toBe(`https://shop.example/api/v1/portal/returns/${record.id}`);
  });
});
