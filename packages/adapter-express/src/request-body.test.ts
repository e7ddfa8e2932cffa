import { connect } from "node:net";
import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ExpressHost, sendRawBytes, startExpressHost } from "./test-support/loopback";

describe("request body over Express: chunked and of declared length", () => {
  let service: ReturnsService;
  let host: ExpressHost;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  const token = testToken("portal", "customer-1");
  /** A create's head, declaring `length` bytes of body. */
  const head = (length: number, key: string) =>
    "POST /v1/portal/returns HTTP/1.1\r\nHost: shop.example\r\n" +
    `Authorization: ${token}\r\nContent-Type: application/json\r\n` +
    `Idempotency-Key: ${key}\r\nContent-Length: ${length}\r\n\r\n`;

  beforeEach(async () => {
    uncaught.length = 0;
    process.on("uncaughtException", record);
    service = createReturnsService({
      baseUrl: "https://shop.example",
      auth: { authenticate: testAuthenticate },
      maxBodyBytes: 20_000,
      onError: (error) => record(error),
    });
    host = await startExpressHost(service);
  });

  afterEach(async () => {
    process.off("uncaughtException", record);
    await host.close();
    await service.close();
  });

  it("chunked upload - a body over the limit that ends with the final chunk gets 413 and the process keeps serving", async () => {
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

  const listed = async () => {
    const response = await fetch(`http://127.0.0.1:${host.port}/v1/portal/returns`, {
      headers: { authorization: token, host: "shop.example" },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: unknown[] }).data;
  };

  it("declared body - read whole and served: the create is made once", async () => {
    const body = JSON.stringify(validCreate);
    const answer = await sendRawBytes(host.port, head(Buffer.byteLength(body), "whole") + body);
    expect(answer.status).toBe(201);
    expect(await listed()).toHaveLength(1);
  });

  it("declared body - a client gone before sending all it declared changes nothing and breaks nothing", async () => {
    const socket = connect(host.port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(`${head(400, "gone")}{"order_id":"ord_1001",`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listed()).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it("declared body - a length over the limit is a 413 without reading the body", async () => {
    const answer = await sendRawBytes(host.port, head(service.maxBodyBytes + 1, "large"));
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toBe("application/problem+json");
    expect(await listed()).toEqual([]);
  });
});
