/**
 * @module store/memory/memory-fit-insights — `fitInsights` over the returns a memory store
 * holds: one pass over every return, counted per sku, size and reason.
 */
import type { ReturnData } from "../../domain/schemas";
import { addCounts } from "../../util/counts";
import type { FitInsightRow, FitInsightsQuery } from "../types";

/** States whose returns were inspected: what "confirmed" counts. */
const INSPECTED: ReadonlySet<string> = new Set(["graded", "closed"]);

export function fitInsightRows(
  records: Iterable<ReturnData>,
  query: FitInsightsQuery,
): FitInsightRow[] {
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
  return [...rows.values()].sort(byRowOrder);
}

/** By sku, size (nulls last), reason, comparing by UTF-16 code unit. */
function byRowOrder(a: FitInsightRow, b: FitInsightRow): number {
  return (
    compare(a.sku, b.sku) ||
    (a.size === b.size
      ? 0
      : a.size === null
        ? 1
        : b.size === null
          ? -1
          : compare(a.size, b.size)) ||
    compare(a.reason, b.reason)
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
