/**
 * @module options — `postgresStore`'s options, checked at construction so that a typo or a
 * mistyped value fails at once, naming the option, instead of being ignored or failing at
 * the first query.
 */
import { checkOptions } from "@returnkit/core";
import { z } from "zod";
import { type DatabaseInput, databaseInputDefect } from "./drivers";
import type { PgDriverOptions } from "./drivers/pg";
import {
  isSchemaName,
  isTablePrefix,
  type NamesOptions,
  SCHEMA_NAME_RULE,
  TABLE_PREFIX_RULE,
} from "./names";

/** See the package README for each option at length. */
export interface PostgresStoreOptions extends NamesOptions, PgDriverOptions {
  /** A `pg` Pool or a PGlite instance; the store never closes it. */
  db: DatabaseInput;
  /** Announce new deliveries with NOTIFY, and LISTEN for other processes' (default true). */
  notify?: boolean;
  /** `store.name`; defaults to `postgres` or `pglite` by the kind of `db`. */
  name?: string;
}

const expected = (what: string) => ({ error: `expected ${what}` });
const boolean = z.custom<boolean>((v) => typeof v === "boolean", expected("true or false"));

const databaseSchema = z.custom<DatabaseInput>().superRefine((value, ctx) => {
  const defect = databaseInputDefect(value);
  if (defect) ctx.addIssue({ code: "custom", message: defect });
});

const postgresStoreOptionsSchema = z.strictObject(
  {
    db: databaseSchema,
    notify: boolean.optional(),
    name: z
      .custom<string>(
        (v) => typeof v === "string" && v.trim() !== "",
        expected("a non-empty string"),
      )
      .optional(),
    preparedStatements: boolean.optional(),
    onError: z
      .custom<(error: Error) => void>((v) => typeof v === "function", expected("a function"))
      .optional(),
    schema: z.custom<string>(isSchemaName, expected(SCHEMA_NAME_RULE)).optional(),
    tablePrefix: z.custom<string>(isTablePrefix, expected(TABLE_PREFIX_RULE)).optional(),
  },
  expected("an options object ({ db, … })"),
);

type Assert<T extends true> = T;

/** Compile-time only: every documented option has a schema, and what passes is a valid options object. */
export type PostgresStoreOptionsChecked = Assert<
  keyof PostgresStoreOptions extends keyof typeof postgresStoreOptionsSchema.shape
    ? z.output<typeof postgresStoreOptionsSchema> extends PostgresStoreOptions
      ? true
      : "the schema lets through values the interface refuses"
    : "an option of PostgresStoreOptions has no schema"
>;

/** Throws `InvalidOptionsError` (from `@returnkit/core`) naming every bad option. */
export function checkPostgresStoreOptions(options: PostgresStoreOptions): void {
  checkOptions(postgresStoreOptionsSchema, options, "postgresStore options");
}
