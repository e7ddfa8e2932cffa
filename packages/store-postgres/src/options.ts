/** @module options — `postgresStore`'s options, checked at construction: a typo fails at once, naming it. */
import {
  aBoolean,
  aFunction,
  aNonEmptyString,
  checkOptions,
  optionsObject,
  type SchemaCovers,
  satisfying,
} from "@returnkit/core/store";
import { z } from "zod";
import { type DatabaseInput, databaseInputDefect } from "./drivers";
import type { PgDriverOptions } from "./drivers/pg";
import type { PGliteDriverOptions } from "./drivers/pglite";
import {
  isSchemaName,
  isTablePrefix,
  type NamesOptions,
  SCHEMA_NAME_RULE,
  TABLE_PREFIX_RULE,
} from "./names";

/** See the package README for each option at length. */
export interface PostgresStoreOptions extends NamesOptions, PgDriverOptions, PGliteDriverOptions {
  /** A `pg` Pool or a PGlite instance; the store never closes it. */
  db: DatabaseInput;
  /** Announce new deliveries with NOTIFY, and LISTEN for other processes' (default true). */
  notify?: boolean;
  /** `store.name`; defaults to `postgres` or `pglite` by the kind of `db`. */
  name?: string;
  /** Write commits that arrive together in one transaction (default true; see the README). */
  groupCommit?: boolean;
}

const postgresStoreOptionsSchema = optionsObject(
  {
    db: z.custom<DatabaseInput>().superRefine((value, ctx) => {
      const defect = databaseInputDefect(value);
      if (defect) ctx.addIssue({ code: "custom", message: defect });
    }),
    notify: aBoolean.optional(),
    groupCommit: aBoolean.optional(),
    name: aNonEmptyString.optional(),
    preparedStatements: aBoolean.optional(),
    lockDataDir: aBoolean.optional(),
    onError: aFunction<(error: Error) => void>().optional(),
    schema: satisfying<string>(isSchemaName, SCHEMA_NAME_RULE).optional(),
    tablePrefix: satisfying<string>(isTablePrefix, TABLE_PREFIX_RULE).optional(),
  },
  "an options object ({ db, … })",
);

/** Compile-time only: the schema and the documented interface stay in step. */
type PostgresStoreOptionsChecked = Assert<
  SchemaCovers<PostgresStoreOptions, typeof postgresStoreOptionsSchema>
>;
type Assert<T extends true> = T;

/** Throws `InvalidOptionsError` (from `@returnkit/core`) naming every bad option. */
export function checkPostgresStoreOptions(options: PostgresStoreOptions): void {
  checkOptions(postgresStoreOptionsSchema, options, "postgresStore options");
}
