/**
 * @module sql/line-units-in-returns — the units active returns of order `$1` hold of the line
 * (`$3` sku, `$4` size, a null size matching only null), leaving out return `$2` and the
 * returns `$5` (ids written later in the same commit).
 */
import type { SqlNames } from "../names";

/** SQL true for a return that holds units of its line: cancelled and rejected ones hold none. */
export const HOLDS_UNITS = "state NOT IN ('cancelled', 'rejected')";

export const lineUnitsInReturns = (n: SqlNames) => `
SELECT coalesce(sum((record -> 'line' ->> 'quantity')::integer), 0)::integer AS units
FROM ${n.table("returns")}
WHERE order_id = $1 AND id <> $2 AND id <> ALL($5::text[]) AND ${HOLDS_UNITS}
  AND record -> 'line' ->> 'sku' = $3
  AND (record -> 'line' ->> 'size') IS NOT DISTINCT FROM $4::text`;
