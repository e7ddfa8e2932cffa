import { describe, expect, it } from "vitest";
import { addCounts } from "./counts";

describe("counts", () => {
  it("addCounts - adds exactly below 2^53", () => {
    expect(addCounts(2 ** 31 - 1, 2 ** 31 - 1)).toBe(4_294_967_294);
    expect(addCounts(Number.MAX_SAFE_INTEGER - 1, 1)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("addCounts - stops at 2^53 - 1 instead of rounding past it", () => {
    expect(addCounts(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
    expect(addCounts(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(addCounts(2 ** 52, 2 ** 52 + 3)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
