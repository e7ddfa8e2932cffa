import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ExpressHost, sendRawBytes, startExpressHost } from "./test-support/loopback";

const merchant = testToken("merchant", "backoffice");

describe("request line over Express", () => {
  let service: ReturnsService;
  let host: ExpressHost;

  beforeEach(async () => {
    service = createReturnsService({
      baseUrl: "https://shop.example",
      auth: { authenticate: testAuthenticate },
    });
    host = await startExpressHost(service);
  });

  afterEach(async () => {
    await host.close();
    await service.close();
  });

  /** `head` holds extra header lines, each ending in CRLF. */
  const send = (method: string, path: string, head = "", body = "") =>
    sendRawBytes(
      host.port,
      `${method} ${path} HTTP/1.1\r\nHost: shop.example\r\nAuthorization: ${merchant}\r\n${head}\r\n${body}`,
    );

  it("TRACE - a method Fetch refuses gets 405 problem+json with Allow, not a 500 page", async () => {
    const list = await send("TRACE", "/v1/merchant/returns");
    expect(list.status).toBe(405);
    expect(list.headers["content-type"]).toBe("application/problem+json");
    expect(list.headers.allow).toBe("GET, HEAD");
    expect(JSON.parse(list.body)).toMatchObject({
      type: "urn:returnkit:problem:method-not-allowed",
      allowed_methods: ["GET", "HEAD"],
    });
    const withBody = await send(
      "TRACE",
      "/v1/merchant/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C/approve",
      "Content-Type: application/json\r\nContent-Length: 2\r\n",
      "{}",
    );
    expect(withBody.status).toBe(405);
    expect(withBody.headers.allow).toBe("POST");
    const document = await send("TRACE", "/v1/openapi.json");
    expect(document.status).toBe(405);
    expect(document.headers["content-type"]).toBe("application/problem+json");
    const nowhere = await send("TRACE", "/nowhere");
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers["content-type"]).toBe("application/problem+json");
  });
});

describe("request paths over Express behind a host guard", () => {
  let service: ReturnsService;
  let host: ExpressHost;
  let guarded = 0;

  beforeEach(async () => {
    guarded = 0;
    service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: { authenticate: testAuthenticate },
    });
    host = await startExpressHost(service, {
      mountPath: "/returns",
      // The host keeps merchants' routes to its back office network.
      setup: (app) =>
        app.use("/returns/v1/merchant", (_req, res) => {
          guarded++;
          res.status(403).json({ denied: true });
        }),
    });
  });

  afterEach(async () => {
    await host.close();
    await service.close();
  });

  const get = (path: string) =>
    sendRawBytes(
      host.port,
      `GET ${path} HTTP/1.1\r\nHost: shop.example\r\nAuthorization: ${merchant}\r\n\r\n`,
    );

  it("dot segments - a path that climbs out of the portal is not served the merchant list", async () => {
    const direct = await get("/returns/v1/merchant/returns");
    expect(direct.status).toBe(403);
    expect(guarded).toBe(1);
    const crafted = await get("/returns/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns");
    expect(crafted.status, crafted.body).toBe(404);
    expect(crafted.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(crafted.body)).toMatchObject({
      type: "urn:returnkit:problem:route-not-found",
    });
    expect(crafted.body).not.toContain('"object":"list"');
  });

  it("dot segments - the refusal names its request like every other response", async () => {
    const res = await sendRawBytes(
      host.port,
      "GET /returns/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns HTTP/1.1\r\n" +
        "Host: shop.example\r\nX-Request-Id: climb-1\r\n\r\n",
    );
    expect(res.status).toBe(404);
    expect(res.headers["request-id"]).toBe("climb-1");
    expect(JSON.parse(res.body)).toMatchObject({ request_id: "climb-1" });
    const fresh = await get("/returns/v1/portal/./returns");
    expect(fresh.headers["request-id"]).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("dot segments - every spelling of ./.., backslashes and encoded slashes is a 404 problem+json", async () => {
    for (const path of [
      "/returns/v1/portal/returns/../../merchant/returns",
      "/returns/v1/portal/returns/%2E%2E/%2e%2E/merchant/returns",
      "/returns/v1/portal/returns/.%2e/.%2E/merchant/returns",
      "/returns/v1/portal/./../merchant/returns",
      "/returns/v1/portal/returns/..%5c..%5cmerchant/returns",
      "/returns/v1/portal/returns/..%2f..%2fmerchant%2freturns",
      "/returns/./v1/merchant/returns",
      "/returns/v1/portal/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C/..",
    ]) {
      const res = await get(path);
      expect(res.status, `${path} → ${res.body}`).toBe(404);
      expect(res.headers["content-type"], path).toBe("application/problem+json");
    }
  });
});
