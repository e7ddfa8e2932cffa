import type { AddressInfo } from "node:net";
import { createReturnsService } from "@returnkit/core";
import { runHttpConformance } from "@returnkit/testing";
import express from "express";
import { describe, expect, it } from "vitest";
import { type ExpressAuthContext, returnsRouter } from "./index";

runHttpConformance({
  name: "Express",
  // The domain rules run once, over the bare fetch handler (core); here what the mount bridges.
  cases: "mount-specific",
  async mount(service, mountPath) {
    const app = express();
    app.get("/health", (_req, res) => {
      res.send("ok");
    });
    app.use(mountPath || "/", returnsRouter(service));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    return {
      // The Host header says shop.example so links match the service's baseUrl.
      request: (path, init) =>
        fetch(`http://127.0.0.1:${port}${path}`, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), host: "shop.example" },
        }),
      close: async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await service.close();
      },
    };
  },
});

describe("authenticate with the host's session", () => {
  it("authenticate - receives the Express request, so a session middleware's user decides who is calling", async () => {
    const service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: {
        authenticate: (_request, { req }: ExpressAuthContext) => {
          const user = (req as typeof req & { user?: string }).user;
          return user ? { kind: "portal", id: user, scopes: ["portal:returns.read"] } : null;
        },
      },
    });
    const app = express();
    app.use((req, _res, next) => {
      // The host's own session middleware.
      if (req.headers.cookie === "sid=alice") Object.assign(req, { user: "alice" });
      next();
    });
    app.use("/returns", returnsRouter(service));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}/returns/v1/portal/returns`;
      const signedIn = await fetch(url, { headers: { cookie: "sid=alice", host: "shop.example" } });
      expect(signedIn.status).toBe(200);
      const anonymous = await fetch(url, { headers: { host: "shop.example" } });
      expect(anonymous.status).toBe(401);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    }
  });
});

describe("a router mounted where baseUrl does not say", () => {
  it("mount path - a request under another path is a 404 that names the baseUrl and what to change", async () => {
    const service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: { authenticate: () => null },
    });
    const app = express();
    app.use("/api/returns", returnsRouter(service));
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/returns/v1/portal/returns`, {
        headers: { host: "shop.example" },
      });
      expect(response.status).toBe(404);
      const problem = await response.json();
      expect(problem.type).toBe("urn:returnkit:problem:route-not-found");
      expect(problem.base_url).toBe("https://shop.example/returns");
      expect(problem.detail).toContain("only paths under /returns");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    }
  });
});
