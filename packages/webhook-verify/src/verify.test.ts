import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ReturnkitWebhookError, WebhookVerificationError } from "./errors";
import { type HmacBackend, nodeCryptoHmac, webCryptoHmac } from "./hmac";
import { pathologicalSignatureHeader } from "./pathological-headers";
import { MAX_SIGNATURE_HEADER_LENGTH, MAX_SIGNATURES } from "./signature-list";
import {
  body,
  EVENT_ID,
  NOW,
  NOW_SECONDS,
  oldSecret,
  secret,
  signedHeaders,
} from "./test-support/fixtures";
import {
  createWebhookVerifier,
  MAX_WEBHOOK_ID_LENGTH,
  verifyWebhook,
  verifyWebhookSignature,
} from "./verify";

const nodeBackend = nodeCryptoHmac();
if (!nodeBackend)
  throw new Error("this Node lacks process.getBuiltinModule; the fast path is untested");

/** Resolves to the error the promise rejected with; fails the test when it resolved. */
async function rejection(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => expect.unreachable("verification passed"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return error as WebhookVerificationError;
}

describe.each<[string, HmacBackend]>([
  ["node:crypto", nodeBackend],
  ["web-crypto", webCryptoHmac()],
])("with %s", (_name, backend) => {
  const { verifyWebhook, verifyWebhookSignature } = createWebhookVerifier(() => backend);
  const verify = (options: Partial<Parameters<typeof verifyWebhook>[0]> = {}) =>
    verifyWebhook({
      payload: body,
      headers: signedHeaders(),
      secret,
      now: NOW,
      ...options,
    } as Parameters<typeof verifyWebhook>[0]);

  describe("accepts", () => {
    it("verifyWebhook - returns the parsed event for a string payload", async () => {
      const event = await verify();
      expect(event).toEqual(JSON.parse(body));
      expect(event.type).toBe("return.approved");
    });

    it("verifyWebhook - accepts a Uint8Array, a Buffer, an ArrayBuffer and a DataView payload", async () => {
      const bytes = new TextEncoder().encode(body);
      for (const payload of [bytes, Buffer.from(body), bytes.buffer, new DataView(bytes.buffer)]) {
        await expect(verify({ payload })).resolves.toEqual(JSON.parse(body));
      }
    });

    it("verifyWebhook - accepts a byte view into a larger buffer", async () => {
      const bytes = new TextEncoder().encode(`xxxx${body}yyyy`);
      const payload = bytes.subarray(4, bytes.length - 4);
      await expect(verify({ payload })).resolves.toEqual(JSON.parse(body));
    });

    it("verifyWebhook - reads a Headers instance", async () => {
      await expect(verify({ headers: new Headers(signedHeaders()) })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhook - reads plain-object header names in any case", async () => {
      const headers = signedHeaders();
      const mixed = {
        "Webhook-Id": headers["webhook-id"],
        "WEBHOOK-TIMESTAMP": headers["webhook-timestamp"],
        "webhook-Signature": headers["webhook-signature"],
        "Content-Type": "application/json",
      };
      await expect(verify({ headers: mixed })).resolves.toMatchObject({ type: "return.approved" });
    });

    it("verifyWebhook - reads Node IncomingHttpHeaders with array values", async () => {
      const headers = signedHeaders();
      const incoming = {
        ...headers,
        "webhook-signature": [headers["webhook-signature"]!],
        "set-cookie": ["a=1", "b=2"],
        host: undefined,
      };
      await expect(verify({ headers: incoming })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhook - accepts a repeated signature header joined with a comma", async () => {
      const headers = signedHeaders([oldSecret, secret]);
      const [first, second] = headers["webhook-signature"]!.split(" ");
      const joined = new Headers({ ...headers, "webhook-signature": first! });
      joined.append("webhook-signature", second!);
      expect(joined.get("webhook-signature")).toContain(", ");
      await expect(verify({ headers: joined })).resolves.toMatchObject({ type: "return.approved" });
    });

    it("verifyWebhook - passes while rotating whichever secret the receiver holds", async () => {
      const headers = signedHeaders([oldSecret, secret]);
      await expect(verify({ headers, secret: oldSecret })).resolves.toMatchObject({
        type: "return.approved",
      });
      await expect(verify({ headers, secret })).resolves.toMatchObject({ type: "return.approved" });
    });

    it("verifyWebhook - passes with two receiver secrets in either position", async () => {
      for (const signer of [secret, oldSecret]) {
        const headers = signedHeaders(signer);
        await expect(
          verify({ headers, secret: undefined, secrets: [secret, oldSecret] }),
        ).resolves.toMatchObject({
          type: "return.approved",
        });
        await expect(
          verify({ headers, secret: undefined, secrets: [oldSecret, secret] }),
        ).resolves.toMatchObject({
          type: "return.approved",
        });
      }
    });

    it("verifyWebhook - ignores signatures of other versions beside a valid v1", async () => {
      const headers = signedHeaders();
      const signature = `v1a,${"A".repeat(86)}== ${headers["webhook-signature"]} v2,future`;
      await expect(
        verify({ headers: { ...headers, "webhook-signature": signature } }),
      ).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhook - accepts a bare base64 secret", async () => {
      await expect(verify({ secret: secret.slice("whsec_".length) })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhook - accepts timestamps exactly at the tolerance both ways", async () => {
      for (const timestampSeconds of [NOW_SECONDS - 300, NOW_SECONDS + 300]) {
        await expect(
          verify({ headers: signedHeaders(secret, { timestampSeconds }) }),
        ).resolves.toMatchObject({
          type: "return.approved",
        });
      }
    });

    it("verifyWebhook - takes now as epoch milliseconds", async () => {
      await expect(verify({ now: NOW_SECONDS * 1000 })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhookSignature - resolves with the verified id and timestamp", async () => {
      await expect(
        verifyWebhookSignature({ payload: body, headers: signedHeaders(), secret, now: NOW }),
      ).resolves.toEqual({ id: EVENT_ID, timestamp: NOW_SECONDS });
    });
  });

  describe("rejects", () => {
    it("verifyWebhook - a tampered body is invalid_signature", async () => {
      const tampered = body.replace('"quantity":1', '"quantity":9');
      expect(tampered).not.toBe(body);
      const error = await rejection(verify({ payload: tampered }));
      expect(error.code).toBe("invalid_signature");
      expect(error.header).toBe("webhook-signature");
    });

    it("verifyWebhook - a body re-serialised from the parsed event is invalid_signature", async () => {
      const reserialised = JSON.stringify(JSON.parse(body), null, 2);
      expect((await rejection(verify({ payload: reserialised }))).code).toBe("invalid_signature");
    });

    it("verifyWebhook - the wrong secret is invalid_signature", async () => {
      expect((await rejection(verify({ secret: oldSecret }))).code).toBe("invalid_signature");
      expect(
        (await rejection(verify({ secret: undefined, secrets: [oldSecret, oldSecret] }))).code,
      ).toBe("invalid_signature");
    });

    it("verifyWebhook - a changed id or timestamp is invalid_signature", async () => {
      const headers = signedHeaders();
      const otherId = { ...headers, "webhook-id": "evt_01KAQ7ZJ4Y4T9N6XG0W3V5B8CE" };
      const otherTime = { ...headers, "webhook-timestamp": String(NOW_SECONDS + 1) };
      expect((await rejection(verify({ headers: otherId }))).code).toBe("invalid_signature");
      expect((await rejection(verify({ headers: otherTime }))).code).toBe("invalid_signature");
    });

    it.each(["webhook-id", "webhook-timestamp", "webhook-signature"] as const)(
      "verifyWebhook - a missing %s header is missing_header",
      async (name) => {
        const headers: Record<string, string> = signedHeaders();
        delete headers[name];
        const error = await rejection(verify({ headers }));
        expect(error.code).toBe("missing_header");
        expect(error.header).toBe(name);
        expect(error.message).toContain(name);

        const empty = await rejection(
          verify({ headers: new Headers({ ...signedHeaders(), [name]: "" }) }),
        );
        expect(empty.code).toBe("missing_header");
      },
    );

    it.each([
      ["no version", "c2lnbmF0dXJl"],
      ["a version without a value", "v1"],
      ["a v1 value that is not base64", "v1,not base64!"],
      ["a v1 value of the wrong length", "v1,c2lnbmF0dXJl"],
      ["separators only", " , "],
    ])("verifyWebhook - a signature list with %s is malformed", async (_label, signature) => {
      const headers = { ...signedHeaders(), "webhook-signature": signature };
      const error = await rejection(verify({ headers }));
      expect(error.code).toBe("malformed");
      expect(error.header).toBe("webhook-signature");
    });

    it("verifyWebhook - a list of only other versions is invalid_signature", async () => {
      const headers = { ...signedHeaders(), "webhook-signature": `v1a,${"A".repeat(86)}==` };
      expect((await rejection(verify({ headers }))).code).toBe("invalid_signature");
    });

    it("verifyWebhook - a timestamp beyond the tolerance in the past is timestamp_too_old", async () => {
      const headers = signedHeaders(secret, { timestampSeconds: NOW_SECONDS - 301 });
      const error = await rejection(verify({ headers }));
      expect(error.code).toBe("timestamp_too_old");
      expect(error.header).toBe("webhook-timestamp");
    });

    it("verifyWebhook - a timestamp beyond the tolerance in the future is timestamp_too_new", async () => {
      const headers = signedHeaders(secret, { timestampSeconds: NOW_SECONDS + 301 });
      expect((await rejection(verify({ headers }))).code).toBe("timestamp_too_new");
    });

    it("verifyWebhook - honours a custom tolerance", async () => {
      const headers = signedHeaders(secret, { timestampSeconds: NOW_SECONDS - 61 });
      expect((await rejection(verify({ headers, toleranceSeconds: 60 }))).code).toBe(
        "timestamp_too_old",
      );
      await expect(verify({ headers, toleranceSeconds: 61 })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it.each(["soon", "1767225600abc", "1.7672256e9", "-1767225600", "1767225600.5"])(
      "verifyWebhook - a non-numeric timestamp %j is malformed",
      async (timestamp) => {
        const headers = { ...signedHeaders(), "webhook-timestamp": timestamp };
        const error = await rejection(verify({ headers }));
        expect(error.code).toBe("malformed");
        expect(error.header).toBe("webhook-timestamp");
      },
    );

    it("verifyWebhook - a parsed object instead of the raw body is malformed and says what to pass", async () => {
      const error = await rejection(verify({ payload: JSON.parse(body) }));
      expect(error.code).toBe("malformed");
      expect(error.message).toMatch(/raw request body/);
      expect(error.message).toContain('express.raw({ type: "application/json" })');
      expect(error.message).toContain("await request.text()");
    });

    it("verifyWebhook - no body at all is malformed", async () => {
      for (const payload of [undefined, null, 42]) {
        expect((await rejection(verify({ payload: payload as unknown as string }))).code).toBe(
          "malformed",
        );
      }
    });

    it("verifyWebhook - a signed body that is not a returnkit event is malformed", async () => {
      for (const payload of ["not json", "[]", '{"type":"return.approved"}', '"text"']) {
        const headers = signedHeaders(secret, { payload });
        const error = await rejection(verify({ payload, headers }));
        expect(error.code).toBe("malformed");
      }
    });

    it("verifyWebhook - signed bytes that are not UTF-8 are malformed", async () => {
      const payload = new Uint8Array([0x7b, 0xff, 0x7d]);
      // Core's signer takes strings, which cannot hold these bytes: sign the bytes directly.
      const signature = await backend.sign(secret, `${EVENT_ID}.${NOW_SECONDS}.`, payload);
      const headers = {
        ...signedHeaders(),
        "webhook-signature": `v1,${Buffer.from(signature).toString("base64")}`,
      };
      expect((await rejection(verify({ payload, headers }))).code).toBe("malformed");
    });
  });

  // Each refusal here must come before any HMAC: that is what keeps a forged header cheap.
  describe("hostile headers", () => {
    /** A verifier over this backend that counts the HMACs it computes. */
    function counted() {
      let hmacs = 0;
      const counting: HmacBackend = {
        name: backend.name,
        sign: (secret, prefix, payload) => {
          hmacs++;
          return backend.sign(secret, prefix, payload);
        },
      };
      const { verifyWebhook } = createWebhookVerifier(() => counting);
      return {
        verify: (headers: Record<string, string>) =>
          verifyWebhook({ payload: body, headers, secret, now: NOW }),
        hmacs: () => hmacs,
      };
    }
    // A fresh timestamp: the attack needs nothing else to reach the signature list.
    const withSignature = (signature: string) => ({
      ...signedHeaders(),
      "webhook-signature": signature,
    });
    const valid = signedHeaders()["webhook-signature"]!;

    it("verifyWebhook - the reported attack header is malformed before any HMAC", async () => {
      const { verify, hmacs } = counted();
      for (const digits of [16_000, 64_000]) {
        const error = await rejection(verify(withSignature(`v${"1".repeat(digits)}!,x`)));
        expect(error.code).toBe("malformed");
        expect(error.header).toBe("webhook-signature");
      }
      expect(hmacs()).toBe(0);
    });

    it("verifyWebhook - a signature header over the length bound is malformed before any HMAC, the valid signature in it or not", async () => {
      const { verify, hmacs } = counted();
      const padding = Array.from({ length: 14 }, () => `v1a,${"A".repeat(300)}`).join(" ");
      for (const signature of [`${valid} ${padding}`, `${padding} ${valid}`]) {
        expect(signature.length).toBeGreaterThan(MAX_SIGNATURE_HEADER_LENGTH);
        const error = await rejection(verify(withSignature(signature)));
        expect(error.code).toBe("malformed");
        expect(error.header).toBe("webhook-signature");
      }
      expect(hmacs()).toBe(0);
    });

    it("verifyWebhook - more signatures than the bound are malformed before any HMAC, the valid one among them or not", async () => {
      const { verify, hmacs } = counted();
      const others = signedHeaders(Array.from({ length: MAX_SIGNATURES }, () => oldSecret));
      const signature = `${others["webhook-signature"]} ${valid}`;
      const error = await rejection(verify(withSignature(signature)));
      expect(error.code).toBe("malformed");
      expect(hmacs()).toBe(0);
    });

    it("verifyWebhook - the most signatures allowed, the valid one last, verify", async () => {
      const others = signedHeaders(Array.from({ length: MAX_SIGNATURES - 1 }, () => oldSecret));
      const signature = `${others["webhook-signature"]} ${valid}`;
      await expect(verify({ headers: withSignature(signature) })).resolves.toMatchObject({
        type: "return.approved",
      });
    });

    it("verifyWebhook - a webhook-id over the length bound is malformed before any HMAC", async () => {
      const { verify, hmacs } = counted();
      const id = `evt_${"0".repeat(MAX_WEBHOOK_ID_LENGTH)}`;
      const error = await rejection(verify(signedHeaders(secret, { id })));
      expect(error.code).toBe("malformed");
      expect(error.header).toBe("webhook-id");
      expect(hmacs()).toBe(0);

      const longest = "e".repeat(MAX_WEBHOOK_ID_LENGTH);
      await expect(
        verifyWebhookSignature({
          payload: body,
          headers: signedHeaders(secret, { id: longest }),
          secret,
          now: NOW,
        }),
      ).resolves.toEqual({ id: longest, timestamp: NOW_SECONDS });
    });

    it("verifyWebhook - refuses every generated pathological signature header, over the bound before any HMAC", async () => {
      await fc.assert(
        fc.asyncProperty(pathologicalSignatureHeader, async (signature) => {
          const { verify, hmacs } = counted();
          const error = await rejection(verify(withSignature(signature)));
          expect(["malformed", "invalid_signature"]).toContain(error.code);
          expect(error.header).toBe("webhook-signature");
          if (signature.trim().length > MAX_SIGNATURE_HEADER_LENGTH) {
            expect(error.code).toBe("malformed");
            expect(hmacs()).toBe(0);
          }
        }),
        { numRuns: Number(process.env.RELIABILITY_FUZZ_RUNS ?? 100) },
      );
    }, 120_000);
  });

  describe("configuration mistakes", () => {
    it("verifyWebhook - a secret that is not base64 throws a TypeError, not a verification error", async () => {
      await expect(verify({ secret: "whsec_not base64!" })).rejects.toThrow(TypeError);
      await expect(verify({ secret: "whsec_" })).rejects.toThrow(TypeError);
    });

    it("verifyWebhook - no secret, or both secret and secrets, throws a TypeError", async () => {
      await expect(verify({ secret: undefined })).rejects.toThrow(TypeError);
      await expect(verify({ secret: undefined, secrets: [] })).rejects.toThrow(TypeError);
      const both = { secret, secrets: [secret] } as unknown as { secret: string };
      await expect(verify(both)).rejects.toThrow(TypeError);
    });

    it("verifyWebhook - every mistake arrives as a rejection, never a synchronous throw", async () => {
      const calls = [
        () => verifyWebhook(null as never),
        () => verifyWebhookSignature(null as never),
        () => verifyWebhook({ payload: {} as never, headers: {}, secret }),
        () => verifyWebhookSignature({ payload: "{}", headers: {}, secret }),
      ];
      for (const call of calls) {
        let result: Promise<unknown> | undefined;
        expect(() => {
          result = call();
        }).not.toThrow();
        await expect(result).rejects.toThrow();
      }
    });

    it("verifyWebhook - a negative or non-numeric tolerance throws a TypeError", async () => {
      await expect(verify({ toleranceSeconds: -1 })).rejects.toThrow(TypeError);
      await expect(verify({ toleranceSeconds: Number.NaN })).rejects.toThrow(TypeError);
    });

    it("verifyWebhook - a bad secret does not stay cached and a good one still verifies", async () => {
      await expect(verify({ secret: "whsec_%%%" })).rejects.toThrow(TypeError);
      await expect(verify()).resolves.toMatchObject({ type: "return.approved" });
    });
  });
});

describe("the exported verifier", () => {
  it("verifyWebhook - uses node:crypto on Node and verifies core's signature", async () => {
    await expect(
      verifyWebhook({ payload: body, headers: signedHeaders(), secret, now: NOW }),
    ).resolves.toEqual(JSON.parse(body));
  });

  it("verifyWebhookSignature - rejects with a code callers can switch on", async () => {
    const error = await rejection(
      verifyWebhookSignature({ payload: `${body} `, headers: signedHeaders(), secret, now: NOW }),
    );
    expect(error).toBeInstanceOf(ReturnkitWebhookError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("WebhookVerificationError");
    switch (error.code) {
      case "invalid_signature":
        expect(error.message).toMatch(/No v1 signature/);
        break;
      default:
        expect.unreachable(`unexpected code ${error.code}`);
    }
  });

  it("verifyWebhook - uses the clock when now is omitted", async () => {
    const timestampSeconds = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(secret, { timestampSeconds });
    await expect(verifyWebhook({ payload: body, headers, secret })).resolves.toMatchObject({
      type: "return.approved",
    });
    const stale = signedHeaders(secret, { timestampSeconds: timestampSeconds - 3600 });
    expect((await rejection(verifyWebhook({ payload: body, headers: stale, secret }))).code).toBe(
      "timestamp_too_old",
    );
  });
});
