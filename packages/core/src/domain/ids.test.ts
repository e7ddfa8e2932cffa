import { describe, expect, it } from "vitest";
import { isReturnId, newEventId, newPrefixedId, newReturnId } from "./ids";

describe("ids", () => {
  it("are well-formed, distinct and increasing within a process", () => {
    const ids = Array.from({ length: 5_000 }, () => newReturnId());
    expect(ids.every(isReturnId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(newEventId()).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(newPrefixedId("fit")).toMatch(/^fit_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("draw the random part from all 32 characters, not a biased few", () => {
    // Ids made in different milliseconds each get fresh randomness; count its characters.
    const counts = new Map<string, number>();
    for (let ms = 0; ms < 2_000; ms++) {
      const id = newPrefixedId("x");
      for (const char of id.slice(2 + 10)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(count).toBeGreaterThan(0);
  });
});
