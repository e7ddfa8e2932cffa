/**
 * @module store/memory/memory-fit-insights — `fitInsights` and `fitSummary` over the returns a
 * memory store holds: one pass over every return, counted per sku, size and reason, then the
 * page asked for (a run of sizes, or of skus in their ranking).
 */
import { fitReasonTest } from "../../domain/reasons";
import type { ReturnData } from "../../domain/schemas";
import { addCounts } from "../../util/counts";
import type {
  FitInsightRow,
  FitInsightsQuery,
  FitInsightsWindow,
  FitSizeKey,
  FitSkuKey,
  FitSummaryQuery,
} from "../types";

/** States whose returns were inspected: what "confirmed" counts. */
const INSPECTED: ReadonlySet<string> = new Set(["graded", "closed"]);

/** The rows of the first `limit` sizes after `after`, by sku, size and reason. */
export function fitInsightRows(
  records: Iterable<ReturnData>,
  query: FitInsightsQuery,
): FitInsightRow[] {
  const { after, limit = Infinity } = query;
  const page: FitInsightRow[] = [];
  let sizes = 0;
  let last: FitSizeKey | undefined;
  for (const row of countedRows(records, query)) {
    if (after && compareSizes(row, after) <= 0) continue;
    if (!last || compareSizes(row, last) !== 0) {
      if (sizes === limit) break;
      sizes += 1;
      last = row;
    }
    page.push(row);
  }
  return page;
}

/** The rows of the first `limit` skus after `after`, ranked by fit returns (most first), then sku. */
export function fitSummaryRows(
  records: Iterable<ReturnData>,
  query: FitSummaryQuery,
): FitInsightRow[] {
  const rows = countedRows(records, query);
  const isFit = fitReasonTest(query.fitReasons);
  const fitReturns = new Map<string, number>();
  for (const row of rows) {
    const counted = isFit(row.reason) ? row.returns : 0;
    fitReturns.set(row.sku, addCounts(fitReturns.get(row.sku) ?? 0, counted));
  }
  const { after } = query;
  const ranked = [...fitReturns]
    .map(([sku, fit_returns]): FitSkuKey => ({ sku, fit_returns }))
    .filter((key) => !after || compareRanks(key, after) > 0)
    .sort(compareRanks)
    .slice(0, query.limit);
  const rank = new Map(ranked.map((key, index) => [key.sku, index]));
  // A stable sort: within a sku, the rows keep their order by size and reason.
  return rows
    .filter((row) => rank.has(row.sku))
    .sort((a, b) => rank.get(a.sku)! - rank.get(b.sku)!);
}

/** Every row of the window, by sku, size (nulls last) and reason. */
function countedRows(records: Iterable<ReturnData>, query: FitInsightsWindow): FitInsightRow[] {
  const from = query.from === undefined ? -Infinity : Date.parse(query.from);
  const to = query.to === undefined ? Infinity : Date.parse(query.to);
  const rows = new Map<string, FitInsightRow>();
  for (const record of records) {
    if (record.state === "cancelled") continue;
    if (query.sku !== undefined && record.line.sku !== query.sku) continue;
    const created = Date.parse(record.created_at);
    if (created < from || created >= to) continue;
    const { sku, size, quantity } = record.line;
    const key = JSON.stringify([sku, size, record.reason]);
    let row = rows.get(key);
    if (!row) {
      const counts = { returns: 0, units: 0, confirmed_returns: 0, confirmed_units: 0 };
      row = { sku, size, reason: record.reason, ...counts };
      rows.set(key, row);
    }
    row.returns = addCounts(row.returns, 1);
    row.units = addCounts(row.units, quantity);
    if (INSPECTED.has(record.state)) {
      row.confirmed_returns = addCounts(row.confirmed_returns, 1);
      row.confirmed_units = addCounts(row.confirmed_units, quantity);
    }
  }
  return [...rows.values()].sort((a, b) => compareSizes(a, b) || compare(a.reason, b.reason));
}

/** By sku, then size (nulls last), comparing by UTF-16 code unit. */
function compareSizes(a: FitSizeKey, b: FitSizeKey): number {
  if (a.sku !== b.sku) return compare(a.sku, b.sku);
  if (a.size === b.size) return 0;
  if (a.size === null) return 1;
  if (b.size === null) return -1;
  return compare(a.size, b.size);
}

/** The most fit returns first, then by sku. */
function compareRanks(a: FitSkuKey, b: FitSkuKey): number {
  return b.fit_returns - a.fit_returns || compare(a.sku, b.sku);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
