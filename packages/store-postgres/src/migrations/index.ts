/**
 * @module migrations — the versioned schema of the store, applied in order by `migrate()`.
 *
 * A migration is never edited once released: a change is a new file with the next number.
 * Nothing is released yet, so `001_initial` is the whole schema.
 */
import type { SqlNames } from "../names";
import * as initial from "./001_initial";
import * as fitInsights from "./003_fit_insights";

export interface Migration {
  version: number;
  name: string;
  sql(names: SqlNames): string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: initial.name, sql: initial.sql },
  // 002 (return requests) is being written beside this one; migrate() applies whatever
  // versions are missing, in this array's order, so 003 alone leaves no gap to trip on.
  { version: 3, name: fitInsights.name, sql: fitInsights.sql },
];
