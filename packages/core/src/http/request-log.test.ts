import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { closedPortUrl } from "../delivery/test-support/receiver";
import { capturePino, PINO } from "../observability/logging/test-support/pino-capture";
import { createReturnsService, type ReturnsServiceOptions } from "../service";
import { failingStore } from "../store/memory/test-support/failing-store";
import { StoreUnavailableError } from "../store/unavailable";

const BASE = "https://shop.example";

function serviceLogging(options: ReturnsServiceOptions = {}) {
  const { logger, lines } = capturePino();
  const service = createReturnsService({
    baseUrl: BASE,
    auth: { authenticate: testAuthenticate },
    logger,
    ...options,
  });
  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    service.fetch(
      new Request(BASE + path, {
        method,
        headers: { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { service, lines, send };
}

const portal = { authorization: testToken("portal", "customer-1"), "idempotency-key": "k-1" };

describe("request log", () => {
  it("request line - one info line per request: method, route template, status, duration, caller kind, return id, request id", async () => {
    const { service, lines, send } = serviceLogging();
    const created = await send("POST", "/v1/portal/returns", portal, validCreate);
    const { id } = (await created.json()) as { id: string };
    await send(
      "POST",
      `/v1/merchant/returns/${id}/reject`,
      {
        authorization: testToken("merchant", "bo"),
        "x-request-id": "ops-1",
        "idempotency-key": "k-2",
      },
      { reason_code: "OTHER" },
    );
    await send("GET", "/v1/nowhere", {});

    const requests = lines.filter((line) => line.msg === "request completed");
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({
      level: PINO.info,
      "http.request.method": "POST",
      "http.route": "/v1/portal/returns",
      "http.response.status_code": 201,
      caller_kind: "portal",
      return_id: id,
      request_id: created.headers.get("request-id"),
    });
    expect(requests[0]!.duration_ms).toEqual(expect.any(Number));
    // The template, never the raw path (which holds the id).
    expect(requests[1]).toMatchObject({
      "http.route": "/v1/merchant/returns/{id}/reject",
      "http.response.status_code": 409,
      caller_kind: "merchant",
      return_id: id,
      request_id: "ops-1",
    });
    expect(requests[2]).toMatchObject({ "http.response.status_code": 404 });
    expect(requests[2]).not.toHaveProperty("http.route");
    await service.close();
  });

  it("store outage - one warn line with the request id, no stack trace, and onError still told", async () => {
    const { store, fail } = failingStore(() => new StoreUnavailableError("connect ECONNREFUSED"));
    const told: unknown[] = [];
    const { service, lines, send } = serviceLogging({ store, onError: (e) => told.push(e) });
    await service.ready();
    fail(true);

    const refused = await send("POST", "/v1/portal/returns", portal, validCreate);

    expect(refused.status).toBe(503);
    const failures = lines.filter((line) => line.level >= PINO.warn);
    expect(failures).toEqual([
      expect.objectContaining({
        level: PINO.warn,
        msg: "database unavailable serving POST /v1/portal/returns",
        request_id: refused.headers.get("request-id"),
        "error.type": "store-unavailable",
        "error.message": "connect ECONNREFUSED",
      }),
    ]);
    expect(JSON.stringify(failures)).not.toContain("    at ");
    expect(told).toHaveLength(1);
    await service.close();
  });

  it("orders source failing - one warn line (502), no stack trace", async () => {
    const { service, lines, send } = serviceLogging({
      orders: { source: { load: async () => Promise.reject(new Error("ERP timeout")) } },
    });

    const refused = await send("POST", "/v1/portal/returns", portal, validCreate);

    expect(refused.status).toBe(502);
    const failures = lines.filter((line) => line.level >= PINO.warn);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: PINO.warn,
      "error.type": "orders-unavailable",
      "error.cause": "ERP timeout",
    });
    expect(failures[0]).not.toHaveProperty("err");
    await service.close();
  });

  it("JWKS unreachable - one warn line (503), no stack trace", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const token = await new SignJWT({ scope: "merchant:returns.read", client_id: "bo" })
      .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: "k1" })
      .setIssuer("https://auth.shop.example")
      .setAudience(BASE)
      .setExpirationTime("5m")
      .sign(privateKey);
    const auth = {
      issuer: "https://auth.shop.example",
      audience: BASE,
      jwksUri: `${await closedPortUrl()}/jwks.json`,
    };
    const { service, lines, send } = serviceLogging({ auth });

    const refused = await send("GET", "/v1/merchant/returns", { authorization: `Bearer ${token}` });

    expect(refused.status).toBe(503);
    const failures = lines.filter((line) => line.level >= PINO.warn);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: PINO.warn,
      request_id: refused.headers.get("request-id"),
      "error.type": "authorization-server-unavailable",
    });
    expect(failures[0]).not.toHaveProperty("err");
    await service.close();
  });

  it("unexpected error - one error line with the request id and the error, stack included", async () => {
    const { store, fail } = failingStore(() => new TypeError("store bug"));
    const { service, lines, send } = serviceLogging({ store });
    await service.ready();
    fail(true);

    const failed = await send("GET", "/v1/merchant/returns", {
      authorization: testToken("merchant", "bo"),
      "x-request-id": "incident-7",
    });

    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { request_id: string }).request_id).toBe("incident-7");
    const errors = lines.filter((line) => line.level === PINO.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: "unexpected error serving GET /v1/merchant/returns",
      request_id: "incident-7",
      err: { type: "TypeError", message: "store bug" },
    });
    expect(errors[0]!.err!.stack).toContain("store bug");
    await service.close();
  });
});
