/**
 * Forged deliveries against a real webhook receiver: a node:http server that verifies every
 * request with `@returnkit/webhook-verify`, flooded with generated hostile `webhook-signature`
 * headers (the families of pathological-headers.ts, and the reported 16k and 64k-digit
 * versions) under fresh timestamps. Each must be refused with a 400 and a verification code,
 * and a genuine delivery sent in the middle of the flood must still be answered.
 *
 * The receiver accepts header sections up to 128 KiB, as runtimes other than Node's http
 * (and Node hosts that raise `maxHeaderSize`) do, so the longest headers reach the verifier.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateWebhookSecret, webhookHeaders } from "@returnkit/core";
import { verifyWebhook, WebhookVerificationError } from "@returnkit/webhook-verify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathologicalSignatureHeader } from "../../packages/webhook-verify/src/pathological-headers";

/** Generous: "a normal client keeps getting answers", not a latency target. */
const NORMAL_CLIENT_BOUND_MS = 2_000;
const FORGED = Math.ceil(Number(process.env.RELIABILITY_FUZZ_RUNS ?? 300) / 10);
const MAX_HEADER_BYTES = 128 * 1024;
/** The size of the reported 64k-digit attack: enough to stall a backtracking parser for seconds. */
const MAX_FORGED_LENGTH = 65 * 1024;

const secret = generateWebhookSecret();
const body = JSON.stringify({
  type: "return.approved",
  timestamp: new Date().toISOString(),
  data: { return: { id: "ret_1" }, transition: { seq: 3 } },
});

/** A receiver as its README shows it: 204 when verified, 400 with the code when refused. */
function startReceiver(): Promise<Server> {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      verifyWebhook({ payload: Buffer.concat(chunks), headers: req.headers, secret }).then(
        () => res.writeHead(204).end(),
        (error: unknown) =>
          error instanceof WebhookVerificationError
            ? res.writeHead(400).end(error.code)
            : res.writeHead(500).end(String(error)),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("webhook receiver under forged signature headers", () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = await startReceiver();
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deliver = (signature?: string) => {
    const headers = webhookHeaders(secret, "evt_1", Math.floor(Date.now() / 1000), body);
    return fetch(url, {
      method: "POST",
      headers: {
        ...headers,
        ...(signature === undefined ? {} : { "webhook-signature": signature }),
      },
      body,
    });
  };

  it("verifyWebhook - a receiver flooded with generated pathological signature headers refuses each and still answers a genuine delivery", async () => {
    const generated = fc
      .sample(pathologicalSignatureHeader, FORGED * 2)
      // Header values as HTTP carries them: no edge whitespace, well under the server's bound.
      .map((header) => header.trim())
      .filter((header) => header !== "" && header.length <= MAX_FORGED_LENGTH)
      .slice(0, FORGED);
    const attacks = [16_000, 64_000].flatMap((digits) =>
      Array.from({ length: 5 }, () => `v${"1".repeat(digits)}!,x`),
    );
    const forged = [...attacks, ...generated];
    // Answered once before the flood, so the timing below is about the flood, not a cold start.
    expect((await deliver()).status).toBe(204);

    const refusals = forged.map((signature) =>
      deliver(signature).then(async (response) => ({
        status: response.status,
        code: await response.text(),
      })),
    );
    const started = Date.now();
    const genuine = await deliver();
    const answeredAfterMs = Date.now() - started;
    const refused = await Promise.all(refusals);

    expect(genuine.status).toBe(204);
    expect(answeredAfterMs).toBeLessThan(NORMAL_CLIENT_BOUND_MS);
    for (const { status, code } of refused) {
      expect(status).toBe(400);
      expect(["malformed", "invalid_signature"]).toContain(code);
    }
    // The reported attack is over the header-length bound: refused before it is parsed.
    expect(refused.slice(0, attacks.length).map(({ code }) => code)).toEqual(
      attacks.map(() => "malformed"),
    );
  });
});
