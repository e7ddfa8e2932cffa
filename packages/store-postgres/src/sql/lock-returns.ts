/**
 * @module sql/lock-returns — row locks on the returns `$1` that exist, taken in id order and
 * held until commit or rollback: two transactions that each write several returns then wait
 * for one another in one order, never each for a row the other holds.
 */
import type { SqlNames } from "../names";

export const lockReturns = (n: SqlNames) => `
SELECT id FROM ${n.table("returns")} WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`;
