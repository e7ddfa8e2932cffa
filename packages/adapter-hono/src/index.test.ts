import { createReturnsService } from "@returnkit/core";
import { runHttpConformance } from "@returnkit/testing";
import { Hono } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type HonoAuthContext, returnsApp } from "./index";

runHttpConformance({
  name: "Hono",
  // The domain rules run once, over the bare fetch handler (core); here what the mount bridges.
  cases: "mount-specific",
  async mount(service, mountPath) {
    // A host app with its own route beside the mounted returns API.
    const app = new Hono();
    app.get("/health", (c) => c.text("ok"));
    app.route(mountPath || "/", returnsApp(service));
    return {
      request: (path, init) => Promise.resolve(app.request(`https://shop.example${path}`, init)),
      close: () => service.close(),
    };
  },
});

/** The host's own Hono environment: what its session middleware sets. */
type ShopEnv = { Variables: { user: { id: string; staff: boolean } | undefined } };

describe("authenticate with the host's session", () => {
  it("authenticate - receives Hono's context, so what a middleware set decides who is calling", async () => {
    const service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: {
        // Typed by the host's Env: no cast, and a misspelt variable would not compile.
        authenticate: (_request, { c }: HonoAuthContext<ShopEnv>) => {
          const user = c.get("user");
          expectTypeOf(user).toEqualTypeOf<{ id: string; staff: boolean } | undefined>();
          return user ? { kind: "portal", id: user.id, scopes: ["portal:returns.read"] } : null;
        },
      },
    });
    const app = new Hono<ShopEnv>();
    app.use(async (c, next) => {
      // The host's own session middleware.
      if (c.req.header("cookie") === "sid=alice") c.set("user", { id: "alice", staff: false });
      await next();
    });
    app.route("/returns", returnsApp(service));
    const url = "https://shop.example/returns/v1/portal/returns";
    try {
      expect((await app.request(url, { headers: { cookie: "sid=alice" } })).status).toBe(200);
      expect((await app.request(url)).status).toBe(401);
    } finally {
      await service.close();
    }
  });
});
