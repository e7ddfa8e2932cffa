import { describe, expect, it } from "vitest";
import { mergeResults, type PacedResult } from "./paced-load";
import { summarize } from "./stats";

const run = (latencies: number[], extra: Partial<PacedResult> = {}): PacedResult => ({
  requests: latencies.length,
  seconds: 3,
  ...summarize(latencies),
  non2xx: 0,
  errors: 0,
  latencies,
  ...extra,
});

describe("mergeResults", () => {
  it("mergeResults - percentiles of every request of both halves, counts and seconds summed", () => {
    const first = run([1, 2, 3, 4], { non2xx: 1 });
    const second = run([10, 20, 30, 40, 50, 60], { errors: 2, seconds: 2.5 });

    expect(mergeResults([first, second])).toEqual({
      requests: 10,
      seconds: 5.5,
      p50: 10,
      p99: 60,
      max: 60,
      non2xx: 1,
      errors: 2,
      latencies: [1, 2, 3, 4, 10, 20, 30, 40, 50, 60],
    });
  });
});
