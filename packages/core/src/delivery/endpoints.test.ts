import { describe, expect, it } from "vitest";
import {
  endpointIdForUrl,
  signingSecrets,
  toWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
} from "./endpoints";
import { generateWebhookSecret } from "./signer";

const SECRET = generateWebhookSecret();
const NOW = Date.UTC(2030, 0, 1);

describe("webhook endpoints", () => {
  it("endpointIdForUrl - gives the same URL the same id on every run, and another URL another", () => {
    const id = endpointIdForUrl("https://shop.example/hooks");

    expect(id).toMatch(/^ep_[0-9a-f]{26}$/);
    expect(endpointIdForUrl("https://shop.example/hooks")).toBe(id);
    expect(endpointIdForUrl("HTTPS://SHOP.example:443/hooks")).toBe(id);
    expect(endpointIdForUrl("https://shop.example/other")).not.toBe(id);
  });

  it("toWebhookEndpoint - stores an enabled endpoint with every secret and its types", () => {
    const next = generateWebhookSecret();
    expect(
      toWebhookEndpoint(
        { url: "https://shop.example/hooks", secret: [SECRET, next], types: ["return.closed"] },
        NOW,
      ),
    ).toEqual({
      kind: "webhook",
      id: endpointIdForUrl("https://shop.example/hooks"),
      url: "https://shop.example/hooks",
      secrets: [
        { secret: SECRET, until: null },
        { secret: next, until: null },
      ],
      types: ["return.closed"],
      managed_by: "api",
      enabled: true,
      disabled_reason: null,
      created_at: "2030-01-01T00:00:00.000Z",
    });
    expect(
      toWebhookEndpoint({ url: "http://hooks.example:3000/h", secret: SECRET, id: "ep_mine" }, NOW),
    ).toMatchObject({
      id: "ep_mine",
      types: null,
    });
  });

  it("toWebhookEndpoint - refuses what could never be delivered or signed", () => {
    expect(() => toWebhookEndpoint({ url: "not a url", secret: SECRET }, NOW)).toThrow(
      /url: expected an absolute http\(s\) URL, got "not a url"/,
    );
    expect(() => toWebhookEndpoint({ url: "ftp://shop.example", secret: SECRET }, NOW)).toThrow(
      /http/,
    );
    expect(() => toWebhookEndpoint({ url: "https://shop.example", secret: [] }, NOW)).toThrow(
      /secret/,
    );
    expect(() => toWebhookEndpoint({ url: "https://shop.example", secret: "whsec_" }, NOW)).toThrow(
      /secret/,
    );
    expect(() =>
      toWebhookEndpoint(
        { url: "https://shop.example", secret: SECRET, types: ["return.shipped" as never] },
        NOW,
      ),
    ).toThrow(/return.shipped/);
  });

  it("WEBHOOK_EVENT_TYPES - lists the twenty-two event types, the payout's, the exchange's, the parcel's and the erasure's among them", () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(22);
    expect(WEBHOOK_EVENT_TYPES).toContain("customer.erased");
    expect(WEBHOOK_EVENT_TYPES).toContain("return.exchange_released");
    expect(WEBHOOK_EVENT_TYPES).toContain("return.label_created");
    expect(WEBHOOK_EVENT_TYPES).toContain("return.tracking_updated");
    expect(WEBHOOK_EVENT_TYPES).toContain("return.fit_signal");
    expect(WEBHOOK_EVENT_TYPES).toContain("return.refunded");
  });
});

describe("signingSecrets", () => {
  const newest = generateWebhookSecret();
  const older = generateWebhookSecret();
  const endpoint = toWebhookEndpoint(
    { url: "https://shop.example/h", secret: [newest, SECRET] },
    NOW,
  );

  it("signingSecrets - a secret without an end always signs; one with an end signs before it, each by its own", () => {
    const withEnds = {
      ...endpoint,
      secrets: [
        { secret: newest, until: null },
        { secret: SECRET, until: new Date(NOW + 1_000).toISOString() },
        { secret: older, until: new Date(NOW + 500).toISOString() },
      ],
    };
    expect(signingSecrets(endpoint, NOW + 5_000)).toEqual([newest, SECRET]);
    expect(signingSecrets(withEnds, NOW + 499)).toEqual([newest, SECRET, older]);
    expect(signingSecrets(withEnds, NOW + 500)).toEqual([newest, SECRET]);
    expect(signingSecrets(withEnds, NOW + 1_000)).toEqual([newest]);
  });
});
