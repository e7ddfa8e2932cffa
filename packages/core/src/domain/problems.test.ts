import { describe, expect, test } from "vitest";
import { z } from "zod";
import { problems } from "./problems";
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

  test("quantityExceedsReturnable - names the line once, with only the counts that explain the refusal", () => {
    const refusal = problems.quantityExceedsReturnable({
      order_id: "ord_1",
      sku: "TEE-BLK",
      size: "M",
      quantity: 2,
      purchased: 2,
      in_returns: 1,
      returnable_quantity: 1,
    });
    expect(refusal.message).toBe(
      "2 of TEE-BLK (size M) asked for, but only 1 can be returned: 2 bought, 1 in other returns.",
    );
  });

  test("lineNotOnOrder - lists each returnable line with how many units can be returned", () => {
    const refusal = problems.lineNotOnOrder("ord_1", { sku: "TEE-BLK", size: "XS" }, [
      { sku: "TEE-BLK", size: "M", returnable_quantity: 1 },
      { sku: "MUG", size: null, returnable_quantity: 2 },
    ]);
    expect(refusal.message).toBe(
      'Order "ord_1" has no line TEE-BLK in size XS. Lines that can be returned: 1 of TEE-BLK (size M), 2 of MUG.',
    );
  });
});
