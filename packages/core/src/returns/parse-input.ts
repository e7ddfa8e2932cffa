/** @module returns/parse-input — a body or query through its schema, or a 400 naming every issue. */
import type { z } from "zod";
import { problems, type ValidationIssue } from "../domain/problems";

/** `name`: what an issue about the whole input is called (a single parameter's name). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what: "body" | "query",
  name = "(root)",
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.map(String).join(".") : name,
    message: issue.message,
  }));
  const summary = errors.map((e) => `${e.path}: ${e.message}`).join("; ");
  throw what === "body"
    ? problems.invalidBody(summary, errors)
    : problems.invalidQuery(summary, errors);
}
