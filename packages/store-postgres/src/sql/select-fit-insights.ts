/**
 * @module sql/select-fit-insights — `fitInsights` in one aggregate: returns (and units) per
 * sku, size and reason, and those graded or closed, cancelled ones left out. `conditions`
 * is the filter's `AND`-joined conditions on sku and created_at, already numbered.
 *
 * Counts are bigint (a sku's units pass 2^31 long before its returns do) and leave as
 * float8, capped at 2^53 − 1: float8 holds every integer up to there exactly, and both
 * drivers read it as a JavaScript number, where `pg` would read a bigint as a string.
 */
import type { SqlNames } from "../names";

/** A bigint count as a JavaScript number: exact up to 2^53 − 1, that figure past it. */
const exact = (count: string) => `least(${count}, ${Number.MAX_SAFE_INTEGER})::float8`;

export const selectFitInsights = (n: SqlNames, conditions: string) => `
SELECT sku, size, reason,
  ${exact("count(*)")} AS returns,
  ${exact("sum(quantity)")} AS units,
  ${exact("count(*) FILTER (WHERE state IN ('graded', 'closed'))")} AS confirmed_returns,
  ${exact("coalesce(sum(quantity) FILTER (WHERE state IN ('graded', 'closed')), 0)")}
    AS confirmed_units
FROM ${n.table("returns")}
WHERE state <> 'cancelled'${conditions ? ` AND ${conditions}` : ""}
GROUP BY sku, size, reason
ORDER BY sku, size NULLS LAST, reason`;
