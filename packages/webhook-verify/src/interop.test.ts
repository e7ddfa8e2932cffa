import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookHeaders } from "../../core/src/delivery/signer";
import { body, EVENT_ID, oldSecret, secret } from "./test-support/fixtures";
import { verifyWebhook } from "./verify";

// standardwebhooks checks timestamps against the real clock, so these deliveries are signed now.
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("interop with the standardwebhooks package", () => {
  it("core signWebhook - one secret verifies with standardwebhooks", () => {
    const headers = webhookHeaders(secret, EVENT_ID, nowSeconds(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it("core signWebhook - two secrets verify with standardwebhooks holding either one", () => {
    const headers = webhookHeaders([oldSecret, secret], EVENT_ID, nowSeconds(), body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it("standardwebhooks sign - verifies with verifyWebhook", async () => {
    const now = new Date();
    const signature = new Webhook(secret).sign(EVENT_ID, now, body);
    const headers = {
      "webhook-id": EVENT_ID,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": signature,
    };
    await expect(verifyWebhook({ payload: body, headers, secret })).resolves.toEqual(
      JSON.parse(body),
    );
    await expect(
      verifyWebhook({
        payload: Buffer.from(body),
        headers: new Headers(headers),
        secrets: [oldSecret, secret],
      }),
    ).resolves.toEqual(JSON.parse(body));
  });

  it("standardwebhooks sign - a bare base64 secret on its side verifies with whsec_ on ours", async () => {
    const now = new Date();
    const bare = secret.slice("whsec_".length);
    const headers = {
      "webhook-id": EVENT_ID,
      "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
      "webhook-signature": new Webhook(bare).sign(EVENT_ID, now, body),
    };
    await expect(verifyWebhook({ payload: body, headers, secret })).resolves.toMatchObject({
      type: "return.approved",
    });
  });

  it("verifyWebhook - refuses what standardwebhooks refuses: a tampered body", async () => {
    const headers = webhookHeaders(secret, EVENT_ID, nowSeconds(), body);
    const tampered = body.replace("return.approved", "return.rejected");
    expect(() => new Webhook(secret).verify(tampered, { ...headers })).toThrow(
      /No matching signature/,
    );
    await expect(verifyWebhook({ payload: tampered, headers, secret })).rejects.toMatchObject({
      code: "invalid_signature",
    });
  });
});
