/**
 * @module sql/select-fit-insights — `fitInsights`: returns (and units) per sku, size and
 * reason, and those graded or closed, cancelled ones left out. `conditions` is the window's
 * and the keyset's `AND`-joined conditions on the returns' columns, already numbered.
 *
 * Counts are bigint (a sku's units pass 2^31 long before its returns do) and leave as
 * float8, capped at 2^53 − 1: float8 holds every integer up to there exactly, and both
 * drivers read it as a JavaScript number, where `pg` would read a bigint as a string.
 */
import type { SqlNames } from "../names";

/** A bigint count as a JavaScript number: exact up to 2^53 − 1, that figure past it. */
export const exactCount = (count: string) => `least(${count}, ${Number.MAX_SAFE_INTEGER})::float8`;

const INSPECTED = "state IN ('graded', 'closed')";

/** The counted columns of a row, over the rows of one group. */
export const FIT_COUNTS = `${exactCount("count(*)")} AS returns,
  ${exactCount("sum(quantity)")} AS units,
  ${exactCount(`count(*) FILTER (WHERE ${INSPECTED})`)} AS confirmed_returns,
  ${exactCount(`coalesce(sum(quantity) FILTER (WHERE ${INSPECTED}), 0)`)} AS confirmed_units`;

/** The returns counted: not cancelled, and within `conditions`. */
export const counted = (conditions: string) =>
  `state <> 'cancelled'${conditions ? ` AND ${conditions}` : ""}`;

/** Every row the conditions select, in the rows' order: no page. */
export const selectFitInsights = (n: SqlNames, conditions: string) => `
SELECT sku, size, reason, ${FIT_COUNTS}
FROM ${n.table("returns")}
WHERE ${counted(conditions)}
GROUP BY sku, size, reason
ORDER BY sku, size NULLS LAST, reason`;

/**
 * The rows of the first `limit` sizes the conditions select. The sizes come first, in the fit
 * index's own order (sku, size; nulls sort last there too), so the scan stops after `limit`
 * of them; then each one's rows, read by its sku in the same index.
 */
export const selectFitSizePage = (n: SqlNames, conditions: string, limit: string) => `
WITH page AS (
  SELECT sku, size AS page_size
  FROM ${n.table("returns")}
  WHERE ${counted(conditions)}
  GROUP BY sku, size
  ORDER BY sku, size NULLS LAST
  LIMIT ${limit}
)
SELECT sku, size, reason, ${FIT_COUNTS}
FROM ${n.table("returns")} JOIN page USING (sku)
WHERE ${counted(conditions)} AND size IS NOT DISTINCT FROM page_size
GROUP BY sku, size, reason
ORDER BY sku, size NULLS LAST, reason`;
