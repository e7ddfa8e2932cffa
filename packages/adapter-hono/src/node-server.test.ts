import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { returnsApp } from "./index";

const merchant = testToken("merchant", "backoffice");

/** One request with the target exactly as given (no URL normalisation on the client). */
function send(port: number, method: string, path: string) {
  return new Promise<{ status: number; type: string; allow?: string; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, method, path, headers: { authorization: merchant } },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers["content-type"]),
              allow: res.headers.allow,
              body,
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("Hono under @hono/node-server", () => {
  let service: ReturnsService;
  let server: Server;
  let port: number;

  beforeEach(async () => {
    service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: { authenticate: testAuthenticate },
    });
    const app = new Hono();
    app.route("/returns", returnsApp(service));
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }) as Server;
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  });

  it("TRACE - answered 405 problem+json with Allow on a returnkit path", async () => {
    const res = await send(port, "TRACE", "/returns/v1/merchant/returns");
    expect(res.status).toBe(405);
    expect(res.type).toBe("application/problem+json");
    expect(res.allow).toBe("GET, HEAD");
    const event = await send(port, "TRACE", "/returns/v1/merchant/returns/ret_1/nope");
    expect(event.status).toBeLessThan(500);
    expect(event.type).toBe("application/problem+json");
  });

  it("dot segments - a path that climbs out of the portal is refused like over Express", async () => {
    for (const path of [
      "/returns/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns",
      "/returns/v1/portal/returns/../../merchant/returns",
      "/returns/v1/portal/./returns",
      "/returns/v1/portal/returns/a%2F..%2F..",
    ]) {
      const res = await send(port, "GET", path);
      expect(res.status, `${path} → ${res.body}`).toBe(404);
      expect(res.type, path).toBe("application/problem+json");
    }
  });
});
