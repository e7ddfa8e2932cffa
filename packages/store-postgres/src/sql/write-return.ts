/**
 * @module sql/write-return — a return's version and its idempotency key in one statement:
 * `write` (insert-return or update-return, parameters from `$6`), then, once it wrote the
 * return and when `$1` is not null, the key's first use (`$1`–`$5`, as record-first-use).
 * Back: how many rows each wrote, 0 or 1.
 */
import type { SqlNames } from "../names";
import { insertKey } from "./record-first-use";

export const writeReturn = (n: SqlNames, write: string) => `
WITH written AS (${write}),
keyed AS (${insertKey(n, "FROM written WHERE $1::text IS NOT NULL")})
SELECT (SELECT count(*) FROM written)::int AS written, (SELECT count(*) FROM keyed)::int AS keyed`;
