import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/testing";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { returnsErrorHandler, returnsRouter } from "./index";

/** A shop that parses JSON for every path, ahead of returnkit, as many shops do. */
async function shopWithGlobalJsonParser(json: Parameters<typeof express.json>[0] = {}) {
  const service = createReturnsService({
    baseUrl: "https://shop.example/returns",
    auth: { authenticate: testAuthenticate },
    idempotency: { required: false },
  });
  const app = express();
  app.use(express.json(json));
  app.use("/returns", returnsRouter(service), returnsErrorHandler(service));
  app.post("/api/notes", (req, res) => {
    res.status(201).json(req.body);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: "POST",
      headers: {
        host: "shop.example",
        authorization: testToken("portal", "user-42"),
        "content-type": "application/json",
        ...headers,
      },
      body,
    });
  return {
    service,
    post,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    },
  };
}

describe("a host's express.json() ahead of the router", () => {
  let shop: Awaited<ReturnType<typeof shopWithGlobalJsonParser>> | undefined;
  afterEach(async () => {
    await shop?.close();
    shop = undefined;
  });

  it("returnsErrorHandler - malformed JSON on a returnkit path is the core's 400 problem, no HTML, no stack", async () => {
    shop = await shopWithGlobalJsonParser();
    const res = await shop.post("/returns/v1/portal/returns", '{"order_id": "ord_1",');
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const problem = JSON.parse(text);
    expect(problem.type).toBe("urn:returnkit:problem:invalid-body");
    expect(problem.detail).toMatch(/^The body is not valid JSON/);
    expect(problem.request_id).toBe(res.headers.get("request-id"));
    expect(text).not.toMatch(/at .*node_modules|<html|<pre>/i);
  });

  it("returnsErrorHandler - a well-formed body still reaches the core, and the host's own routes keep their parser", async () => {
    shop = await shopWithGlobalJsonParser();
    const created = await shop.post(
      "/returns/v1/portal/returns",
      JSON.stringify({
        order_id: "ord_1",
        line: { sku: "TEE" },
        reason: "DAMAGED",
        resolution: "REFUND",
      }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const note = await shop.post("/api/notes", '{"note":"gift"}');
    expect(await note.json()).toEqual({ note: "gift" });
  });

  it("returnsErrorHandler - a body over the host parser's limit is a 413 problem naming that limit", async () => {
    shop = await shopWithGlobalJsonParser({ limit: 1024 });
    const res = await shop.post(
      "/returns/v1/portal/returns",
      JSON.stringify({ x: "y".repeat(2048) }),
    );
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({
      type: "urn:returnkit:problem:payload-too-large",
      limit_bytes: 1024,
    });
  });

  it("returnsErrorHandler - leaves the host's own paths to the host's error handling", async () => {
    shop = await shopWithGlobalJsonParser();
    const res = await shop.post("/api/notes", "{not json");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).not.toBe("application/problem+json");
  });
});
