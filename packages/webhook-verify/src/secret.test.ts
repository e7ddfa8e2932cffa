import { describe, expect, it } from "vitest";
import { generateWebhookSecret, webhookSecretKey } from "../../core/src/delivery/signer";
import { decodeWebhookSecret } from "./secret";

describe("decodeWebhookSecret", () => {
  it("decodeWebhookSecret - yields the same key bytes as core for whsec_ and bare base64", () => {
    const secret = generateWebhookSecret();
    const key = new Uint8Array(webhookSecretKey(secret));
    expect(decodeWebhookSecret(secret)).toEqual(key);
    expect(decodeWebhookSecret(secret.slice("whsec_".length))).toEqual(key);
  });

  it("decodeWebhookSecret - accepts base64 without padding", () => {
    expect(decodeWebhookSecret("whsec_AQID")).toEqual(new Uint8Array([1, 2, 3]));
    expect(decodeWebhookSecret("whsec_AQI")).toEqual(new Uint8Array([1, 2]));
    expect(decodeWebhookSecret("whsec_AQI=")).toEqual(new Uint8Array([1, 2]));
  });

  it.each(["", "whsec_", "whsec_a", "whsec_not base64", "whsec_YWJj-_", "whsec_YQ==="])(
    "decodeWebhookSecret - refuses %j with a TypeError",
    (secret) => {
      expect(() => decodeWebhookSecret(secret)).toThrow(TypeError);
    },
  );
});
