/**
 * @module output-schemas — what the tools answer, from core's record schemas.
 *
 * Each is one object schema that holds either the success fields or, on a refused action, a
 * `problem`: the official client checks an error result's structured content against the
 * tool's output schema too, so the problem must be something the schema admits.
 */
import {
  ProblemSchema,
  ReturnableOrderDataSchema,
  ReturnDataSchema,
  ReturnEventNameSchema,
  ReturnRequestDataSchema,
  ReturnRequestEstimateDataSchema,
} from "@returnkit/core";
import { z } from "zod";

const problem = ProblemSchema.describe(
  "Present instead of the other fields when the action was refused: why, and what is possible now.",
);

/** The success fields (optional here, required unless `problem` is present) or a problem. */
function outcome<Shape extends z.ZodRawShape>(success: Shape, required: (keyof Shape & string)[]) {
  const optional = Object.fromEntries(
    Object.entries(success).map(([key, schema]) => [key, (schema as z.ZodType).optional()]),
  ) as unknown as { [K in keyof Shape]: z.ZodOptional<Shape[K]> };
  return z
    .object({ ...optional, problem: problem.optional() })
    .refine((value) => "problem" in value || required.every((key) => key in value), {
      message: `Either ${required.join(", ")} or problem`,
    })
    .meta({ oneOf: [{ required }, { required: ["problem"] }] });
}

export const ReturnOutput = outcome(
  {
    return: ReturnDataSchema,
    allowed_events: z
      .array(ReturnEventNameSchema)
      .describe("What you may do to this return now; each event is a tool named <event>_return."),
    replayed: z
      .boolean()
      .describe(
        "True when this idempotency_key had already done the action: nothing new happened.",
      ),
  },
  ["return", "allowed_events"],
);

export const ReturnListOutput = outcome(
  {
    returns: z.array(ReturnDataSchema),
    next_cursor: z
      .string()
      .nullable()
      .describe("Pass as cursor for the next page; null at the end."),
  },
  ["returns", "next_cursor"],
);

export const ReturnableOrderOutput = outcome({ order: ReturnableOrderDataSchema }, ["order"]);

export const ReturnRequestOutput = outcome(
  {
    request: ReturnRequestDataSchema,
    replayed: z
      .boolean()
      .describe(
        "True when this idempotency_key had already done the action: nothing new happened.",
      ),
  },
  ["request"],
);

export const ReturnRequestEstimateOutput = outcome({ estimate: ReturnRequestEstimateDataSchema }, [
  "estimate",
]);
