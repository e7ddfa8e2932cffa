import { describe, expect, it } from "vitest";
import { scaleTicks } from "./fit-chart";

describe("fit chart scale", () => {
  it("scaleTicks - whole returns in steps of 1, 2 or 5, ending at or past the longest bar", () => {
    expect(scaleTicks(0)).toEqual([0, 1]);
    expect(scaleTicks(1)).toEqual([0, 1]);
    expect(scaleTicks(3)).toEqual([0, 1, 2, 3]);
    expect(scaleTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(scaleTicks(24)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(scaleTicks(130)).toEqual([0, 50, 100, 150]);
  });
});
