import { describe, expect, it } from "vitest";
import { newRma, normaliseRma, RMA_ALPHABET, RMA_PATTERN } from "./rma";

describe("newRma", () => {
  it("newRma - eight characters of the unambiguous alphabet, in two groups", () => {
    const codes = Array.from({ length: 2_000 }, newRma);
    for (const code of codes) expect(code).toMatch(RMA_PATTERN);
    expect(RMA_ALPHABET).toHaveLength(32);
    expect(RMA_ALPHABET).not.toMatch(/[ILOU]/);
    // Every symbol appears: the draw covers the alphabet (16,000 draws of 32 symbols).
    const seen = new Set(codes.join("").replace(/RMA|-/g, ""));
    expect(seen.size).toBe(32);
  });
});

describe("normaliseRma", () => {
  it("normaliseRma - reads what staff type as the canonical code", () => {
    expect(normaliseRma("RMA-7KQ3-X9TD")).toBe("RMA-7KQ3-X9TD");
    expect(normaliseRma("rma-7kq3 x9td")).toBe("RMA-7KQ3-X9TD");
    expect(normaliseRma("7kq3x9td")).toBe("RMA-7KQ3-X9TD");
    expect(normaliseRma("RMA-7KQ3-X9TO")).toBe("RMA-7KQ3-X9T0");
    expect(normaliseRma("RMA-IKQ3-L9TD")).toBe("RMA-1KQ3-19TD");
  });

  it("normaliseRma - null for what cannot be an RMA number", () => {
    for (const text of [
      "",
      "RMA-7KQ3",
      "RMA-7KQ3-X9TDX",
      "RMA-7KQ3-X9TU",
      "rrq_01",
      "RMA-7KQ3-X9T!",
    ]) {
      expect(normaliseRma(text), text).toBeNull();
    }
  });
});
