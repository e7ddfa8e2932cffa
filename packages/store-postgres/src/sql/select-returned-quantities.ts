/** @module sql/select-returned-quantities — units in active returns of order `$1`, per line. */
import type { SqlNames } from "../names";
import { HOLDS_UNITS } from "./line-units-in-returns";

export const selectReturnedQuantities = (n: SqlNames) => `
SELECT record -> 'line' ->> 'sku' AS sku, record -> 'line' ->> 'size' AS size,
  sum((record -> 'line' ->> 'quantity')::integer)::integer AS quantity
FROM ${n.table("returns")}
WHERE order_id = $1 AND ${HOLDS_UNITS}
GROUP BY 1, 2`;
