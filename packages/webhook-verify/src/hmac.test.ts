import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookSecretKey } from "../../core/src/delivery/signer";
import { constantTimeEqual, defaultHmac, nodeCryptoHmac, webCryptoHmac } from "./hmac";
import { body, secret } from "./test-support/fixtures";

const prefix = "evt_1.1767225600.";

describe("hmac", () => {
  it("sign - both backends produce core's HMAC for string and byte bodies", async () => {
    const expected = createHmac("sha256", webhookSecretKey(secret))
      .update(prefix + body)
      .digest();
    const bytes = new TextEncoder().encode(body);
    for (const backend of [nodeCryptoHmac()!, webCryptoHmac()]) {
      expect(await backend.sign(secret, prefix, body)).toBe(expected.toString("base64"));
      expect(await backend.sign(secret, prefix, bytes)).toBe(expected.toString("base64"));
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

  it("constantTimeEqual - equal only for identical text of the same length", () => {
    const a = "v1sig+/=";
    expect(constantTimeEqual(a, "v1sig+/=")).toBe(true);
    expect(constantTimeEqual(a, "v1sig+/A")).toBe(false);
    expect(constantTimeEqual(a, "w1sig+/=")).toBe(false);
    expect(constantTimeEqual(a, "v1sig+/")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
