import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMcpHandler } from "./handler";
import { type HostKind, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, shopOptions } from "./test-support/shop";

const READ_ONLY = testToken("portal", CUSTOMER, ["portal:returns.read"]);
const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};
const CHUNK_BYTES = 64 * 1024;

/**
 * A chunked body of `totalBytes` (no Content-Length), a write tool call padded out, produced
 * only as the server pulls it: `pulled()` says how many bytes the server asked for.
 */
function countedBody(totalBytes: number) {
  const head = new TextEncoder().encode(
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_return","arguments":{"pad":"',
  );
  const padding = new Uint8Array(CHUNK_BYTES).fill(0x61);
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk =
        sent === 0 ? head : padding.subarray(0, Math.min(CHUNK_BYTES, totalBytes - sent));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

describe("the MCP body cap", () => {
  let service: ReturnsService;
  afterEach(() => service?.close());

  it("POST /mcp - an oversize chunked body from a read-only token is 413 after reading no more than the cap", async () => {
    service = createReturnsService({ ...shopOptions(), auth: { authenticate: testAuthenticate } });
    const handler = createMcpHandler(service, { auth: { authenticate: testAuthenticate } });
    const body = countedBody(8 * 1024 * 1024);
    const response = await handler(
      new Request(`${service.baseUrl}/mcp`, {
        method: "POST",
        headers: { ...HEADERS, authorization: READ_ONLY },
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    // The chunk that passed the cap, and the one the stream queues ahead of its reader.
    expect(body.pulled()).toBeLessThanOrEqual(service.maxBodyBytes + 2 * CHUNK_BYTES);
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await response.json()).limit_bytes).toBe(service.maxBodyBytes);
  });

  it("POST /mcp - a body declaring a length over the cap is 413 before any byte is read", async () => {
    service = createReturnsService({ ...shopOptions(), auth: { authenticate: testAuthenticate } });
    const handler = createMcpHandler(service, { auth: { authenticate: testAuthenticate } });
    const body = countedBody(8 * 1024 * 1024);
    const response = await handler(
      new Request(`${service.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          ...HEADERS,
          authorization: READ_ONLY,
          "content-length": String(8 * 1024 * 1024),
        },
        body: body.stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(body.pulled()).toBeLessThanOrEqual(CHUNK_BYTES);
  });
});

describe.each<HostKind>(["hono", "express"])("the MCP body cap and batches, in %s", (kind) => {
  let host: McpHost;
  let url: string;

  beforeAll(async () => {
    host = await startMcpHost(kind, () => ({
      service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: { auth: { authenticate: testAuthenticate } },
    }));
    url = `${host.origin}${MOUNT}/mcp`;
  });
  afterAll(() => host.close());

  it("POST /mcp - an oversize chunked body over a socket is a 413 problem", async () => {
    const body = countedBody(2 * 1024 * 1024);
    const response = await fetch(url, {
      method: "POST",
      headers: { ...HEADERS, authorization: READ_ONLY },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("POST /mcp - a JSON-RPC batch is 400 Invalid Request and none of its calls runs", async () => {
    const start = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: {
        name: "start_return",
        arguments: {
          order_id: "ord_5001",
          line: { sku: "TEE-BLK", quantity: 1, size: "M" },
          reason: "TOO_SMALL",
          resolution: "REFUND",
        },
      },
    });
    const response = await fetch(url, {
      method: "POST",
      headers: { ...HEADERS, authorization: testToken("portal", CUSTOMER) },
      body: JSON.stringify([start(1), start(2)]),
    });
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(answer.error.message).toMatch(/batch/i);
    expect((await host.service.store.listReturns({ limit: 10 })).data).toEqual([]);
  });

  it("POST /mcp - a body that is not JSON is a JSON-RPC parse error", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...HEADERS, authorization: READ_ONLY },
      body: '{"jsonrpc":"2.0",',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ id: null, error: { code: -32700 } });
  });
});
