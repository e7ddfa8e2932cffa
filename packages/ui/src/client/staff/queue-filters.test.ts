import { describe, expect, it } from "vitest";
import { filterQuery, NO_FILTER } from "./queue-filters";

describe("queue filters", () => {
  it("filter query - parcels no scan moved ask the list for stalled returns only", () => {
    expect(filterQuery({ ...NO_FILTER, stalled: true }).stalled).toBe("true");
    // Unticked, the list is not narrowed at all (not `stalled=false`, which would be a filter).
    expect(filterQuery(NO_FILTER)).toEqual({
      reason: undefined,
      resolution: undefined,
      created_from: undefined,
      created_to: undefined,
      stalled: undefined,
    });
  });
});
