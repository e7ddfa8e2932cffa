/**
 * @module sql/line-units-in-returns — for each order line named in `$1`, `$2`, `$3` (order id,
 * sku, size; a null size matching only null), the units its active returns hold, leaving out
 * the returns `$4` (the ones the transaction writes, counted by the caller instead). One row
 * per line, `n` its place in the arrays (from 1).
 */
import type { SqlNames } from "../names";

/** SQL true for a return that holds units of its line: cancelled and rejected ones hold none. */
export const HOLDS_UNITS = "state NOT IN ('cancelled', 'rejected')";

export const lineUnitsInReturns = (n: SqlNames) => `
SELECT l.n::integer AS n,
  (SELECT coalesce(sum((r.record -> 'line' ->> 'quantity')::integer), 0)::integer
   FROM ${n.table("returns")} r
   WHERE r.order_id = l.order_id AND r.id <> ALL($4::text[]) AND r.${HOLDS_UNITS}
     AND r.record -> 'line' ->> 'sku' = l.sku
     AND (r.record -> 'line' ->> 'size') IS NOT DISTINCT FROM l.size) AS units
FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS l(order_id, sku, size, n)`;
