/**
 * @module sql/select-fit-insights — `fitInsights` in one aggregate: returns (and units) per
 * sku, size and reason, and those graded or closed, cancelled ones left out. `conditions`
 * is the filter's `AND`-joined conditions on sku and created_at, already numbered.
 */
import type { SqlNames } from "../names";

export const selectFitInsights = (n: SqlNames, conditions: string) => `
SELECT sku, size, reason,
  count(*)::integer AS returns,
  sum(quantity)::integer AS units,
  count(*) FILTER (WHERE state IN ('graded', 'closed'))::integer AS confirmed_returns,
  coalesce(sum(quantity) FILTER (WHERE state IN ('graded', 'closed')), 0)::integer
    AS confirmed_units
FROM ${n.table("returns")}
WHERE state <> 'cancelled'${conditions ? ` AND ${conditions}` : ""}
GROUP BY sku, size, reason
ORDER BY sku, size NULLS LAST, reason`;
