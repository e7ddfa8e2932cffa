/** @module sql/select-return — a return as it stands (`getReturn`, and a refused commit's `current`). */
import type { SqlNames } from "../names";

export const selectReturn = (n: SqlNames) => `
SELECT record, snapshot FROM ${n.table("returns")} WHERE id = $1`;
