/**
 * Slow and abusive clients against real servers (node:http under @hono/node-server and
 * under Express): headers or a body trickled a byte per 100 ms, a 10 MB body, a request
 * with 10,000 headers. The server must bound the work each takes, and a normal client must
 * keep getting answers while they run.
 *
 * The servers use the host settings of test-support/servers.ts with shorter timeouts (2 s for
 * headers, 4 s per request) so the suite stays quick; production values are in
 * bench/README.md.
 */
import { connect, type Socket } from "node:net";
import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { storeContents, validCreate } from "@returnkit/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BASE_URL, createLocalIssuer } from "./test-support/issuer";
import {
  type RunningServer,
  type ServerFactory,
  sendRaw,
  startExpressServer,
  startHonoServer,
} from "./test-support/servers";

const HEADERS_TIMEOUT = 2_000;
const REQUEST_TIMEOUT = 4_000;
const CHECK_INTERVAL = 250;
const MAX_HEADERS_COUNT = 100;
/** Generous: "a normal client keeps getting answers", not a latency target. */
const NORMAL_CLIENT_BOUND_MS = 2_000;
const TRICKLE_MS = 100;
const SLOW_CLIENTS = 20;

interface RawExchange {
  /** Everything the server sent before closing. */
  received: string;
  /** When the server closed the connection, ms after it opened; null if we gave up first. */
  closedAfterMs: number | null;
}

/**
 * Opens a connection, writes `head` at once, then `trickle` one byte every TRICKLE_MS
 * until the server closes the connection or `giveUpMs` passes.
 */
function trickleClient(
  port: number,
  head: string,
  trickle: string,
  giveUpMs: number,
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const opened = Date.now();
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ received, closedAfterMs: closed ? Date.now() - opened : null });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => {});
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
      }, TRICKLE_MS);
    });
  });
}

interface FloodAnswer {
  /** The server's response, head and body. */
  received: string;
  /** When the response was complete, ms after the connection opened. */
  answeredAfterMs: number;
  /** How much of the body had been handed to the socket by then. */
  bytesWritten: number;
  /** Whether the server closed the connection within a second of answering. */
  closedByServer: boolean;
}

/** True once `text` holds a whole HTTP response (head and Content-Length body). */
function responseComplete(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
  return text.length - (end + 4) >= Number(length?.[1] ?? 0);
}

/**
 * Writes `head` and then `bodyBytes` of body as fast as the server takes them, in 64 KiB
 * chunks (`chunked` framing or a declared Content-Length), until the server has answered.
 */
function floodClient(
  port: number,
  head: string,
  bodyBytes: number,
  chunked: boolean,
): Promise<FloodAnswer> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket: Socket = connect(port, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, "a");
    let received = "";
    let written = 0;
    let answered: { at: number; written: number } | null = null;
    let closed = false;
    const pump = () => {
      while (!answered && !closed && written < bodyBytes) {
        const size = Math.min(chunk.length, bodyBytes - written);
        const piece = chunk.subarray(0, size);
        written += size;
        const ok = chunked
          ? socket.write(`${size.toString(16)}\r\n`) && socket.write(piece) && socket.write("\r\n")
          : socket.write(piece);
        if (!ok) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!answered && !closed && chunked) socket.write("0\r\n\r\n");
    };
    const settle = () => {
      clearTimeout(timeout);
      socket.destroy();
      resolve({
        received,
        answeredAfterMs: answered!.at,
        bytesWritten: answered!.written,
        closedByServer: closed,
      });
    };
    const timeout = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no whole answer within 10 s (wrote ${written} bytes, got ${received.length})`),
      );
    }, 10_000);
    socket.on("data", (data) => {
      received += data.toString("latin1");
      if (!answered && responseComplete(received)) {
        answered = { at: Date.now() - opened, written };
        setTimeout(settle, 1_000);
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      if (answered) settle();
      else if (received) {
        answered = { at: Date.now() - opened, written };
        settle();
      }
    });
    socket.on("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

interface NormalClientReport {
  requests: number;
  statuses: number[];
  slowestMs: number;
}

/** A well-behaved portal client: reads a return and creates one, over and over, until `until` settles. */
async function normalClient(
  port: number,
  authorization: string,
  knownId: string,
  until: Promise<unknown>,
): Promise<NormalClientReport> {
  let stop = false;
  void until.finally(() => {
    stop = true;
  });
  const report: NormalClientReport = { requests: 0, statuses: [], slowestMs: 0 };
  let n = 0;
  while (!stop || report.requests < 4) {
    const started = Date.now();
    const read = await fetch(`http://127.0.0.1:${port}/v1/portal/returns/${knownId}`, {
      headers: { authorization },
    });
    await read.arrayBuffer();
    const created = await fetch(`http://127.0.0.1:${port}/v1/portal/returns`, {
      method: "POST",
      headers: {
        authorization,
        "content-type": "application/json",
        "idempotency-key": `normal-${process.pid}-${Date.now()}-${++n}`,
      },
      body: JSON.stringify(validCreate),
    });
    await created.arrayBuffer();
    report.slowestMs = Math.max(report.slowestMs, Date.now() - started);
    report.requests += 2;
    report.statuses.push(read.status, created.status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return report;
}

function expectServedNormally(report: NormalClientReport) {
  expect(report.requests).toBeGreaterThanOrEqual(4);
  expect(new Set(report.statuses)).toEqual(new Set([200, 201]));
  expect(report.slowestMs).toBeLessThan(NORMAL_CLIENT_BOUND_MS);
}

/** The error a request body stream fails with when its client goes away mid-upload. */
function isAbortedUpload(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === "ECONNRESET" || message === "aborted";
}

interface ServerUnderTest {
  name: string;
  start: ServerFactory;
}

// Both close the connection after an early 413 (the core sends `Connection: close`), so a
// huge upload is never read to its end.
const servers: ServerUnderTest[] = [
  { name: "Hono (@hono/node-server)", start: startHonoServer },
  { name: "Express", start: startExpressServer },
];

for (const { name, start } of servers) {
  describe(`abusive clients against ${name}`, () => {
    const issuer = createLocalIssuer();
    const owner = issuer.bearer("portal", "abuse-owner");
    const reported: unknown[] = [];
    let service: ReturnsService;
    let running: RunningServer;
    let knownId = "";

    beforeAll(async () => {
      service = createReturnsService({
        baseUrl: BASE_URL,
        auth: { issuer: issuer.issuer, jwks: issuer.jwks },
        onError: (error) => reported.push(error),
      });
      const created = await service.createReturn(validCreate, {
        principal: { kind: "portal", id: "abuse-owner", scopes: ["portal:returns.write"] },
        idempotencyKey: "seed",
      });
      knownId = created.record.id;
      running = await start(service, {
        headersTimeout: HEADERS_TIMEOUT,
        requestTimeout: REQUEST_TIMEOUT,
        connectionsCheckingInterval: CHECK_INTERVAL,
        maxHeadersCount: MAX_HEADERS_COUNT,
      });
    });

    beforeEach(() => {
      reported.length = 0;
    });

    afterAll(async () => {
      await running?.close();
      await service?.close();
    });

    it("slowloris - headers trickled a byte per 100 ms are cut off at headersTimeout; normal clients are answered", async () => {
      const head = "GET /v1/portal/returns HTTP/1.1\r\nHost: 127.0.0.1\r\n";
      const slow = Promise.all(
        Array.from({ length: SLOW_CLIENTS }, () =>
          trickleClient(running.port, head, `X-Slow: ${"a".repeat(500)}`, HEADERS_TIMEOUT + 6_000),
        ),
      );
      const [exchanges, normal] = await Promise.all([
        slow,
        normalClient(running.port, owner, knownId, slow),
      ]);
      for (const exchange of exchanges) {
        // Node answers 408 and closes once headersTimeout has passed (checked every interval).
        expect(exchange.closedAfterMs, "the server never closed a slow connection").not.toBeNull();
        expect(exchange.closedAfterMs!).toBeLessThan(HEADERS_TIMEOUT + 4 * CHECK_INTERVAL + 1_500);
        expect(exchange.received).toMatch(/^HTTP\/1\.1 408 |^$/);
      }
      expectServedNormally(normal);
      expect(reported).toEqual([]);
    });

    it("slow body - a body trickled a byte per 100 ms is cut off at requestTimeout and changes nothing", async () => {
      const before = await storeContents(service.store);
      const body = JSON.stringify(validCreate);
      const head =
        "POST /v1/portal/returns HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        `Authorization: ${owner}\r\nContent-Type: application/json\r\n` +
        `Idempotency-Key: slow-body\r\nContent-Length: ${body.length}\r\n\r\n`;
      const slow = Promise.all(
        Array.from({ length: 5 }, () =>
          trickleClient(running.port, head, body, REQUEST_TIMEOUT + 6_000),
        ),
      );
      const [exchanges, normal] = await Promise.all([
        slow,
        normalClient(running.port, owner, knownId, slow),
      ]);
      for (const exchange of exchanges) {
        expect(exchange.closedAfterMs, "the server never closed a slow upload").not.toBeNull();
        expect(exchange.closedAfterMs!).toBeLessThan(REQUEST_TIMEOUT + 4 * CHECK_INTERVAL + 1_500);
        expect(exchange.received).not.toMatch(/^HTTP\/1\.1 (2\d\d|5\d\d) /);
      }
      expectServedNormally(normal);
      // Each cut-off upload surfaces in the service as an aborted body stream. Today the
      // fetch handler reports it to onError as an unexpected error (see the known failure
      // below); nothing else may be reported.
      expect(reported.every(isAbortedUpload), String(reported)).toBe(true);
      expect(reported.length).toBeLessThanOrEqual(exchanges.length);
      // The normal client created returns meanwhile; none of them is the slow one's.
      const after = JSON.parse(await storeContents(service.store)) as {
        returns: { record: { customer_id: string } }[];
      };
      const beforeCount = (JSON.parse(before) as { returns: unknown[] }).returns.length;
      expect(after.returns.length).toBe(
        beforeCount + normal.statuses.filter((s) => s === 201).length,
      );
    });

    it("client disconnect mid-body - is not reported as a server error", async () => {
      const socket = connect(running.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(
        "POST /v1/portal/returns HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          `Authorization: ${owner}\r\nContent-Type: application/json\r\n` +
          'Idempotency-Key: disconnect\r\nContent-Length: 200\r\n\r\n{"order_id":',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reported).toEqual([]);
    });

    it("request target - the asterisk, absolute and double-slash forms never get a 5xx", async () => {
      const before = await storeContents(service.store);
      for (const path of [
        "*",
        "//",
        "//evil.example/v1/portal/returns",
        `${BASE_URL}/v1/portal/returns`,
        "http://evil.example/v1/merchant/returns",
      ]) {
        for (const method of ["GET", "OPTIONS", "POST"]) {
          const res = await sendRaw(running.port, {
            method,
            path,
            headers: { authorization: owner, "content-type": "application/json" },
            ...(method === "POST" ? { body: new TextEncoder().encode("{}") } : {}),
          });
          const describe = `${method} ${path} → ${res.status} ${res.body.toString().slice(0, 120)}`;
          // A valid request in absolute form is served; anything else is refused — by
          // Node without a body, or by the service with a problem.
          expect(res.status, describe).toBeLessThan(500);
          if (res.status >= 400 && res.body.length > 0)
            expect(String(res.headers["content-type"]), describe).toMatch(
              /^application\/problem\+json/,
            );
        }
      }
      expect(await storeContents(service.store)).toBe(before);
      expect(reported).toEqual([]);
    });

    for (const framing of ["content-length", "chunked"] as const) {
      it(`large body - 10 MB (${framing}) gets 413 problem+json without being read, normal clients are answered`, async () => {
        const before = await storeContents(service.store);
        const size = 10 * 1024 * 1024;
        const head =
          "POST /v1/portal/returns HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
          `Authorization: ${owner}\r\nContent-Type: application/json\r\nIdempotency-Key: big-${framing}\r\n` +
          (framing === "chunked"
            ? "Transfer-Encoding: chunked\r\n\r\n"
            : `Content-Length: ${size}\r\n\r\n`);
        const flood = floodClient(running.port, head, size, framing === "chunked");
        const [answer, normal] = await Promise.all([
          flood,
          normalClient(running.port, owner, knownId, flood),
        ]);
        expect(answer.received).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer.received).toMatch(/content-type: application\/problem\+json/i);
        expect(answer.received).toContain("urn:returnkit:problem:payload-too-large");
        // Answered from the declared length or the first 16 KiB, long before the upload ends.
        expect(answer.answeredAfterMs).toBeLessThan(NORMAL_CLIENT_BOUND_MS);
        expect(answer.bytesWritten).toBeLessThan(size);
        expect(answer.closedByServer).toBe(true);
        expectServedNormally(normal);
        const after = JSON.parse(await storeContents(service.store)) as { returns: unknown[] };
        expect(after.returns.length).toBe(
          (JSON.parse(before) as { returns: unknown[] }).returns.length +
            normal.statuses.filter((s) => s === 201).length,
        );
        expect(reported).toEqual([]);
      });
    }

    it("chunked upload - bodies over the limit that do send their final chunk get 413; the process keeps serving", async () => {
      const before = await storeContents(service.store);
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on("uncaughtException", record);
      try {
        const piece = new TextEncoder().encode("x".repeat(4_096));
        const uploads = Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            sendRaw(running.port, {
              method: "POST",
              path: "/v1/portal/returns",
              headers: {
                authorization: owner,
                "content-type": "application/json",
                "idempotency-key": `chunked-whole-${i}`,
              },
              // 8 to 17 chunks of 4 KiB: every one over the 16 KiB limit, each ended properly.
              chunks: Array.from({ length: 8 + i }, () => piece),
            }),
          ),
        );
        const [answers, normal] = await Promise.all([
          uploads,
          normalClient(running.port, owner, knownId, uploads),
        ]);
        for (const answer of answers) {
          expect(answer.status).toBe(413);
          expect(String(answer.headers["content-type"])).toMatch(/^application\/problem\+json/);
        }
        expectServedNormally(normal);
        const after = JSON.parse(await storeContents(service.store)) as { returns: unknown[] };
        expect(after.returns.length).toBe(
          (JSON.parse(before) as { returns: unknown[] }).returns.length +
            normal.statuses.filter((s) => s === 201).length,
        );
      } finally {
        process.off("uncaughtException", record);
      }
      expect(uncaught).toEqual([]);
      expect(reported).toEqual([]);
    });

    it("header flood - 10,000 headers are refused with 431 before any application code; normal clients are answered", async () => {
      const flooded = Array.from({ length: 10_000 }, (_, i) => `X-Flood-${i}: v\r\n`).join("");
      const head = `GET /v1/portal/returns/${knownId} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${owner}\r\n`;
      const floods = Promise.all(
        Array.from({ length: 5 }, () =>
          floodClient(running.port, `${head}${flooded}\r\n`, 0, false),
        ),
      );
      const [answers, normal] = await Promise.all([
        floods,
        normalClient(running.port, owner, knownId, floods),
      ]);
      for (const answer of answers) expect(answer.received).toMatch(/^HTTP\/1\.1 431 /);
      expectServedNormally(normal);
      expect(reported).toEqual([]);
    });

    it("header count - more headers than maxHeadersCount are refused with 400 before any application code", async () => {
      const before = await storeContents(service.store);
      const junk = (count: number) =>
        Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-junk-${i}`, "v"]));
      // host, connection and authorization count too.
      const within = await sendRaw(running.port, {
        method: "GET",
        path: `/v1/portal/returns/${knownId}`,
        headers: { authorization: owner, ...junk(MAX_HEADERS_COUNT - 3) },
      });
      expect(within.status, within.body.toString()).toBe(200);
      const over = await sendRaw(running.port, {
        method: "POST",
        path: "/v1/portal/returns",
        headers: {
          authorization: owner,
          "content-type": "application/json",
          "idempotency-key": "too-many-headers",
          ...junk(MAX_HEADERS_COUNT + 50),
        },
        body: new TextEncoder().encode(JSON.stringify(validCreate)),
      });
      expect(over.status).toBe(400);
      expect(await storeContents(service.store)).toBe(before);
      expect(reported).toEqual([]);
    });
  });
}
