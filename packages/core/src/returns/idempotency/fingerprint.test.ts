import { describe, expect, it } from "vitest";
import { canonicalJson, requestFingerprint } from "./fingerprint";

describe("request fingerprint", () => {
  it("is the same for the same members in any key order, at every level", () => {
    const one = { a: 1, b: { c: [1, { d: "x", e: null }], f: true } };
    const other = { b: { f: true, c: [1, { e: null, d: "x" }] }, a: 1 };
    expect(canonicalJson(other)).toBe(canonicalJson(one));
    expect(requestFingerprint("POST", "/p", other)).toBe(requestFingerprint("POST", "/p", one));
  });

  it("differs for a different value, member, array order, method or path", () => {
    const base = requestFingerprint("POST", "/p", { a: 1, b: [1, 2] });
    for (const different of [
      requestFingerprint("POST", "/p", { a: 2, b: [1, 2] }),
      requestFingerprint("POST", "/p", { a: 1, b: [2, 1] }),
      requestFingerprint("POST", "/p", { a: 1, b: [1, 2], c: 0 }),
      requestFingerprint("POST", "/p", { a: "1", b: [1, 2] }),
      requestFingerprint("POST", "/p", { ab: 1, b: [1, 2] }),
      requestFingerprint("PUT", "/p", { a: 1, b: [1, 2] }),
      requestFingerprint("POST", "/q", { a: 1, b: [1, 2] }),
    ]) {
      expect(different).not.toBe(base);
    }
  });

  it("skips undefined members, writes undefined array items as null, and counts no body as {}", () => {
    expect(
      canonicalJson({ b: [1, undefined, { d: undefined, c: "é\n" }], a: null, "\u2028": 1e21 }),
    ).toBe('{"a":null,"b":[1,null,{"c":"é\\n"}],"\u2028":1e+21}');
    expect(requestFingerprint("POST", "/p", undefined)).toBe(requestFingerprint("post", "/p", {}));
  });

  it("matches fingerprints recorded by earlier versions, so stored keys keep replaying", () => {
    expect(
      requestFingerprint("post", "/v1/x", { b: [1, { d: undefined, c: "é\n" }], a: null }),
    ).toBe("si9sACEYdnwvUTpmitM8Vdj0-mi6tJvZN4c7jqWmtFg");
    // A create body as 0.1.0 drafts sent it (before exchange offers).
    const earlierCreate = {
      order_id: "ord_1001",
      line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
      reason: "TOO_SMALL_AT_CHEST",
      resolution: "EXCHANGE",
      exchange_size: "L",
    };
    expect(requestFingerprint("POST", "/v1/portal/returns", earlierCreate)).toBe(
      "SY9c64kYUVXeJQr5ngBB0aHlnXKeYGUHTizHzAuqajw",
    );
  });
});
