import { describe, expect, it } from "vitest";
import { encodeCursor } from "../util/page-cursor";
import {
  decodeSizeCursor,
  decodeSkuCursor,
  encodeSizeCursor,
  encodeSkuCursor,
} from "./insight-cursors";

describe("insight cursors", () => {
  it("decodeSizeCursor - reads back a sku and a size, null included", () => {
    for (const key of [
      { sku: "TEE", size: "M" },
      { sku: "TEE", size: null },
      { sku: "Jeans «slim» 👖", size: "32/34" },
    ]) {
      expect(decodeSizeCursor(encodeSizeCursor(key))).toEqual(key);
    }
  });

  it("decodeSkuCursor - reads back fit returns and a sku", () => {
    const key = { fit_returns: Number.MAX_SAFE_INTEGER, sku: "TEE" };

    expect(decodeSkuCursor(encodeSkuCursor(key))).toEqual(key);
  });

  it("decode - refuses the other route's cursor and keys of the wrong shape", () => {
    const size = encodeSizeCursor({ sku: "TEE", size: "M" });
    const sku = encodeSkuCursor({ fit_returns: 3, sku: "TEE" });
    const wrong = [
      encodeCursor(["TEE"]),
      encodeCursor(["TEE", "M", "L"]),
      encodeCursor([3, "TEE"]),
      encodeCursor(["TEE", 3]),
      encodeCursor(["TEE\u0000", "M"]),
      encodeCursor(["\ud800", null]),
    ];

    expect(decodeSkuCursor(size)).toBeNull();
    expect(decodeSizeCursor(sku)).toBeNull();
    expect(wrong.filter((cursor) => decodeSizeCursor(cursor) !== null)).toEqual([]);
    for (const key of [
      ["TEE", 3],
      [-1, "TEE"],
      [1.5, "TEE"],
      [2 ** 53, "TEE"],
      [3, null],
    ]) {
      expect(decodeSkuCursor(encodeCursor(key)), JSON.stringify(key)).toBeNull();
    }
  });
});
