import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signWebhook, webhookHeaders, webhookSecretKey } from "./signer";

describe("signWebhook", () => {
  it("signer - one v1 signature per secret, space-separated while rotating", () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    const one = signWebhook(a, "evt_1", 1_700_000_000, "{}");
    expect(one).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const two = signWebhook([a, b], "evt_1", 1_700_000_000, "{}");
    expect(two.split(" ")).toEqual([one, signWebhook(b, "evt_1", 1_700_000_000, "{}")]);
  });

  it("signer - headers carry the id, the timestamp and the signature", () => {
    const secret = generateWebhookSecret();
    expect(webhookHeaders(secret, "evt_9", 42, "body")).toEqual({
      "webhook-id": "evt_9",
      "webhook-timestamp": "42",
      "webhook-signature": signWebhook(secret, "evt_9", 42, "body"),
    });
  });

  it("signer - refuses a secret that is not strict base64 and an empty secret list", () => {
    expect(() => webhookSecretKey("whsec_not*base64!")).toThrow(/base64/);
    expect(() => webhookSecretKey("whsec_")).toThrow(/base64/);
    expect(() => webhookSecretKey("whsec_c2VjcmV0-_")).toThrow(/base64/);
    expect(() => signWebhook([], "evt_1", 1, "{}")).toThrow(/at least one secret/);
    expect(webhookSecretKey("whsec_c2VjcmV0c2VjcmV0c2VjcmV0").toString()).toBe(
      "secretsecretsecret",
    );
  });
});
