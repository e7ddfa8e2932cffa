/**
 * The options table of the core README against the options schema: every option the schema
 * accepts has a row, and every row names an option the schema accepts. An option with options
 * of its own (a strict object: `webhooks`, `orders`, `retention`, …) has a row for each of them
 * as `parent.child` besides its own.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serviceOptionsSchema } from "./service-options";

const README = new URL("../README.md", import.meta.url);

/** The first cell of each row of the table under `## Options`, without its backticks. */
function documentedOptions(markdown: string): string[] {
  const section = markdown.split(/^## Options$/m)[1]?.split(/^## /m)[0] ?? "";
  const table = section.split(/\n\n/).find((block) => block.startsWith("| option |")) ?? "";
  return table
    .split("\n")
    .slice(2)
    .map((row) => /^\| `([^`]+)` \|/.exec(row)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** An options object's own keys, when `schema` is one (a strict object); else null. */
function optionKeys(schema: z.ZodType): string[] | null {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (!(inner instanceof z.ZodObject)) return null;
  // A logger is a loose object: its members are the logger's, not options.
  const strict = inner._zod.def.catchall instanceof z.ZodNever;
  return strict ? Object.keys(inner.shape) : null;
}

/** Every option the schema accepts: top-level keys, and `parent.child` one level down. */
function schemaOptions(): string[] {
  return Object.entries(serviceOptionsSchema.shape).flatMap(([name, schema]) => [
    name,
    ...(optionKeys(schema as z.ZodType) ?? []).map((child) => `${name}.${child}`),
  ]);
}

describe("the core README's options table", () => {
  it("options table - lists every option of createReturnsService, and none it does not take", () => {
    const documented = documentedOptions(readFileSync(README, "utf8"));
    const accepted = schemaOptions();
    expect(accepted).toContain("webhooks.pollIntervalMs");
    expect(accepted).toContain("orders.source");
    expect(accepted).not.toContain("logger.debug");
    expect(documented.filter((name) => !accepted.includes(name))).toEqual([]);
    expect(accepted.filter((name) => !documented.includes(name))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });
});
