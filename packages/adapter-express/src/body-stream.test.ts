import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ExpressHost, sendRawBytes, startExpressHost } from "./test-support/loopback";

describe("request body over Express", () => {
  let service: ReturnsService;
  let host: ExpressHost;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeEach(async () => {
    uncaught.length = 0;
    process.on("uncaughtException", record);
    service = createReturnsService({
      baseUrl: "https://shop.example",
      auth: { authenticate: testAuthenticate },
      maxBodyBytes: 20_000,
    });
    host = await startExpressHost(service);
  });

  afterEach(async () => {
    process.off("uncaughtException", record);
    await host.close();
    await service.close();
  });

  it("chunked upload - a body over the limit that ends with the final chunk gets 413 and the process keeps serving", async () => {
    const token = testToken("portal", "customer-1");
    const chunk = "a".repeat(8_000);
    const body = `${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(4)}0\r\n\r\n`;
    const answer = await sendRawBytes(
      host.port,
      "POST /v1/portal/returns HTTP/1.1\r\nHost: shop.example\r\n" +
        `Authorization: ${token}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: oversize\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    // The request's `end` arrives after the core gave up on the body; let it fire.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await fetch(`http://127.0.0.1:${host.port}/v1/portal/returns`, {
      headers: { authorization: token, host: "shop.example" },
    });
    expect(after.status).toBe(200);
    expect(uncaught).toEqual([]);
  });
});
