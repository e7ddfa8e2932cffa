import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookSecretKey } from "../../core/src/webhooks/signer";
import { constantTimeEqual, defaultHmac, nodeCryptoHmac, webCryptoHmac } from "./hmac";
import { body, secret } from "./test-fixtures";

const prefix = "evt_1.1767225600.";

describe("hmac", () => {
  it("sign - both backends produce core's HMAC for string and byte bodies", async () => {
    const expected = createHmac("sha256", webhookSecretKey(secret))
      .update(prefix + body)
      .digest();
    const bytes = new TextEncoder().encode(body);
    for (const backend of [nodeCryptoHmac()!, webCryptoHmac()]) {
      expect(Buffer.from(await backend.sign(secret, prefix, body))).toEqual(expected);
      expect(Buffer.from(await backend.sign(secret, prefix, bytes))).toEqual(expected);
    }
  });

  it("sign - an invalid secret is a TypeError on both backends", async () => {
    for (const backend of [nodeCryptoHmac()!, webCryptoHmac()]) {
      await expect(async () => backend.sign("whsec_***", prefix, body)).rejects.toThrow(TypeError);
    }
  });

  it("defaultHmac - picks node:crypto on Node", () => {
    expect(defaultHmac().name).toBe("node:crypto");
  });

  it("nodeCryptoHmac - is null where the runtime offers no getBuiltinModule (browsers, Workers)", () => {
    const original = process.getBuiltinModule;
    try {
      (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
      expect(nodeCryptoHmac()).toBeNull();
    } finally {
      process.getBuiltinModule = original;
    }
  });

  it("constantTimeEqual - equal only for identical bytes of the same length", () => {
    const a = new Uint8Array([1, 2, 3, 4]);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 4]))).toBe(true);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3, 5]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([0, 2, 3, 4]))).toBe(false);
    expect(constantTimeEqual(a, new Uint8Array([1, 2, 3]))).toBe(false);
  });
});
