import { describe, expect, it } from "vitest";
import { paceSchedule, percentile, summarize } from "./stats";

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile(values, 1)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
  });

  it("is the only value of one, and 0 of none", () => {
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });

  it("sees a single slow request among 100 at p99 only when it is the 100th", () => {
    const values = [...Array.from({ length: 99 }, () => 1), 500];
    expect(summarize(values)).toEqual({ p50: 1, p99: 1, max: 500 });
    const two = [...Array.from({ length: 98 }, () => 1), 500, 500];
    expect(summarize(two).p99).toBe(500);
  });

  it("summarizes without reordering its input", () => {
    const values = [3, 1, 2];
    summarize(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("paceSchedule", () => {
  it("spaces events evenly over the run", () => {
    expect(paceSchedule(4, 1)).toEqual([0, 250, 500, 750]);
    expect(paceSchedule(800, 2)).toHaveLength(1600);
    expect(paceSchedule(800, 2).at(-1)).toBeCloseTo(1998.75);
  });

  it("has nothing to schedule at no rate or no time", () => {
    expect(paceSchedule(0, 10)).toEqual([]);
    expect(paceSchedule(10, 0)).toEqual([]);
  });
});
