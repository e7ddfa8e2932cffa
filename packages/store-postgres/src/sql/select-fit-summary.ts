/**
 * @module sql/select-fit-summary — `fitSummary`: the skus of the window ranked by their fit
 * returns (most first, then by sku), and every row (per size and reason) of one page of them.
 *
 * `window` is the window's `AND`-joined conditions, `isFit` the fit reason rule as a condition
 * on `reason`, `after` the keyset on the ranking (`fit_returns`, `sku`), `limit` the page size's
 * parameter; all already numbered. Ranking needs every sku's count, so each page reads the
 * window's part of the fit index once; the page's rows are then read by sku in the same index.
 */
import type { SqlNames } from "../names";
import { counted, exactCount, FIT_COUNTS } from "./select-fit-insights";

export const selectFitSummaryPage = (
  n: SqlNames,
  { window, isFit, after, limit }: { window: string; isFit: string; after: string; limit: string },
) => `
WITH ranked AS (
  SELECT sku, ${exactCount(`count(*) FILTER (WHERE ${isFit})`)} AS fit_returns
  FROM ${n.table("returns")}
  WHERE ${counted(window)}
  GROUP BY sku
), page AS (
  SELECT sku, fit_returns FROM ranked
  ${after ? `WHERE (${after})` : ""}
  ORDER BY fit_returns DESC, sku
  LIMIT ${limit}
)
SELECT sku, size, reason, ${FIT_COUNTS}
FROM ${n.table("returns")} JOIN page USING (sku)
WHERE ${counted(window)}
GROUP BY page.fit_returns, sku, size, reason
ORDER BY page.fit_returns DESC, sku, size NULLS LAST, reason`;
