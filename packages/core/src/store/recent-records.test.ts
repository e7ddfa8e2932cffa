import { describe, expect, it } from "vitest";
import { RecentRecords } from "./recent-records";
import type { StoredReturn } from "./types";

const version = (id: string, v: number) =>
  ({ record: { id, version: v }, snapshot: {} }) as unknown as StoredReturn;

describe("RecentRecords", () => {
  it("forgets the least recently used entry beyond its limit", () => {
    const recent = new RecentRecords(2);
    recent.set("a", version("a", 1));
    recent.set("b", version("b", 1));
    recent.get("a");
    recent.set("c", version("c", 1));
    expect(recent.get("b")).toBeUndefined();
    expect(recent.get("a")?.record.version).toBe(1);
    expect(recent.get("c")?.record.version).toBe(1);
    expect(recent.size).toBe(2);
  });

  it("never replaces a newer version with an older one", () => {
    const recent = new RecentRecords(10);
    recent.set("a", version("a", 3));
    recent.set("a", version("a", 2));
    expect(recent.get("a")?.record.version).toBe(3);
    recent.set("a", version("a", 4));
    expect(recent.get("a")?.record.version).toBe(4);
    recent.delete("a");
    expect(recent.get("a")).toBeUndefined();
  });

  it("remembers nothing with a limit of 0 and refuses a bad limit", () => {
    const recent = new RecentRecords(0);
    recent.set("a", version("a", 1));
    expect(recent.get("a")).toBeUndefined();
    expect(() => new RecentRecords(-1)).toThrow(TypeError);
    expect(() => new RecentRecords(1.5)).toThrow(TypeError);
  });
});
