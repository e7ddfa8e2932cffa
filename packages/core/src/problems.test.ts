import { describe, expect, test } from "vitest";
import { z } from "zod";
import { ProblemSchema } from "./schemas";
import { everyProblem } from "./test-support/every-problem";

describe("problems", () => {
  test("ProblemSchema - names every member each problem of the catalogue carries, with its type", () => {
    // Strict: a member the schema does not name would reach clients untyped.
    const named = z.strictObject(ProblemSchema.shape);
    for (const [name, problem] of Object.entries(everyProblem)) {
      const parsed = named.safeParse(problem.toJSON());
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
