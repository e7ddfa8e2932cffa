import { describe, expect, it } from "vitest";
import { sqlNames } from "./names";

describe("sqlNames", () => {
  it("sqlNames - qualifies and prefixes every table", () => {
    const names = sqlNames({ schema: "shop", tablePrefix: "rk_" });

    expect(names.table("returns")).toBe('"shop"."rk_returns"');
    expect(names.index("returns_state_idx")).toBe('"rk_returns_state_idx"');
  });

  it("sqlNames - defaults to the public schema and the returnkit_ prefix", () => {
    expect(sqlNames().table("deliveries")).toBe('"public"."returnkit_deliveries"');
  });

  it("sqlNames - gives each schema and prefix its own channel and migration lock", () => {
    const a = sqlNames({ schema: "a" });
    const b = sqlNames({ schema: "b" });
    const c = sqlNames({ schema: "a", tablePrefix: "other_" });

    expect(new Set([a.channel, b.channel, c.channel]).size).toBe(3);
    expect(new Set([a.migrationLock[1], b.migrationLock[1], c.migrationLock[1]]).size).toBe(3);
    expect(a.channel).toMatch(/^[a-z0-9_]{1,63}$/);
  });

  it("sqlNames - refuses names that would need quoting or be truncated", () => {
    expect(() => sqlNames({ schema: 'x"; DROP TABLE y; --' })).toThrow(TypeError);
    expect(() => sqlNames({ schema: "1abc" })).toThrow(TypeError);
    expect(() => sqlNames({ tablePrefix: "bad-prefix" })).toThrow(TypeError);
    expect(() => sqlNames({ tablePrefix: "p".repeat(40) })).toThrow(TypeError);
  });
});
