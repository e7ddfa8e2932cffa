/**
 * @module insights/fit-report — the store's rows (per sku, size and reason) read through
 * the reason catalogue: per sku and size by fit direction, body part and reason, and per sku
 * the share of fit returns and the fit issue most of them name.
 */
import { FIT_DIRECTIONS, type FitDirection, type ParsedReason } from "../domain/reasons";
import type { FitInsightRow } from "../store/types";
import { addCounts } from "../util/counts";
import type { FitCounts, FitInsightsReport, FitSummaryReport } from "./insights-schemas";

/** A reason code's structure (fit direction and body part). */
export type ReasonParser = (code: string) => ParsedReason;

type SizeEntry = FitInsightsReport["data"][number];
type SkuEntry = FitSummaryReport["data"][number];
type TopIssue = NonNullable<SkuEntry["top"]>;

interface Fit {
  direction: FitDirection;
  body_part: string | null;
}

/** A row with its reason's structure: `fit` is null for a reason that is not a fit reason. */
interface ReadRow {
  row: FitInsightRow;
  fit: Fit | null;
}
type FitRow = ReadRow & { fit: Fit };

const zero = (): FitCounts => ({ returns: 0, units: 0, confirmed_returns: 0, confirmed_units: 0 });

function add(total: FitCounts, { row }: ReadRow): FitCounts {
  total.returns = addCounts(total.returns, row.returns);
  total.units = addCounts(total.units, row.units);
  total.confirmed_returns = addCounts(total.confirmed_returns, row.confirmed_returns);
  total.confirmed_units = addCounts(total.confirmed_units, row.confirmed_units);
  return total;
}

/** Counts gathered per key, each entry made by `entryOf` from its first row, in first-seen order. */
function tally<T extends FitCounts>(
  rows: readonly FitRow[],
  keyOf: (row: FitRow) => string,
  entryOf: (row: FitRow) => T,
): T[] {
  const entries = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const entry = entries.get(key) ?? entryOf(row);
    entries.set(key, add(entry, row) as T);
  }
  return [...entries.values()];
}

/** The most returns first; ties keep the order they came in (a stable sort). */
const mostReturnsFirst = (a: FitCounts, b: FitCounts) => b.returns - a.returns;

/** Consecutive rows sharing `keyOf` (the store sorts by sku, then size). */
function runsOf(rows: readonly ReadRow[], keyOf: (row: FitInsightRow) => string): ReadRow[][] {
  const runs: ReadRow[][] = [];
  let last: string | undefined;
  for (const read of rows) {
    const key = keyOf(read.row);
    if (runs.length === 0 || key !== last) runs.push([]);
    runs[runs.length - 1]!.push(read);
    last = key;
  }
  return runs;
}

function read(rows: readonly FitInsightRow[], parse: ReasonParser): ReadRow[] {
  return rows.map((row) => {
    const parsed = parse(row.reason);
    const fit =
      parsed.kind === "fit" ? { direction: parsed.direction, body_part: parsed.body_part } : null;
    return { row, fit };
  });
}

const fitOnly = (rows: readonly ReadRow[]) =>
  rows.filter((read): read is FitRow => read.fit !== null);

/** One entry per sku and size, in the rows' order. */
export function fitBySize(rows: readonly FitInsightRow[], parse: ReasonParser): SizeEntry[] {
  return runsOf(read(rows, parse), (row) => JSON.stringify([row.sku, row.size])).map((run) => {
    const fitRows = fitOnly(run);
    const directionRank = (direction: FitDirection) => FIT_DIRECTIONS.indexOf(direction);
    const byDirection = tally(
      fitRows,
      ({ fit }) => fit.direction,
      ({ fit }) => ({ direction: fit.direction, ...zero() }),
    ).sort(
      (a, b) => mostReturnsFirst(a, b) || directionRank(a.direction) - directionRank(b.direction),
    );
    const byBodyPart = tally(
      fitRows,
      ({ fit }) => JSON.stringify(fit.body_part),
      ({ fit }) => ({ body_part: fit.body_part, ...zero() }),
    ).sort(mostReturnsFirst);
    const byReason = run
      .map((entry) => ({
        reason: entry.row.reason,
        kind: entry.fit ? ("fit" as const) : ("other" as const),
        direction: entry.fit?.direction ?? null,
        body_part: entry.fit?.body_part ?? null,
        ...add(zero(), entry),
      }))
      .sort(mostReturnsFirst);
    const { sku, size } = run[0]!.row;
    return {
      sku,
      size,
      all: run.reduce(add, zero()),
      fit: fitRows.reduce(add, zero()),
      by_direction: byDirection,
      by_body_part: byBodyPart,
      by_reason: byReason,
    };
  });
}

/** One entry per sku: the most fit returns first, then by sku (the rows' order). */
export function fitBySku(rows: readonly FitInsightRow[], parse: ReasonParser): SkuEntry[] {
  const entries = runsOf(read(rows, parse), (row) => row.sku).map((run): SkuEntry => {
    const fitRows = fitOnly(run);
    const all = run.reduce(add, zero());
    const fit = fitRows.reduce(add, zero());
    const [top] = tally(
      fitRows,
      ({ fit, row }) => JSON.stringify([fit.direction, fit.body_part, row.size]),
      ({ fit, row }) => topIssue(fit, row.size),
    ).sort((a, b) => mostReturnsFirst(a, b) || b.confirmed_returns - a.confirmed_returns);
    const fit_share = all.returns === 0 ? 0 : Math.round((fit.returns / all.returns) * 1000) / 1000;
    return { sku: run[0]!.row.sku, all, fit, fit_share, top: top ?? null };
  });
  return entries.sort((a, b) => mostReturnsFirst(a.fit, b.fit));
}

/** `TOO_SMALL at CHEST in M`: what a merchant reads first. */
function topIssue({ direction, body_part }: Fit, size: string | null): TopIssue {
  const label = [direction, body_part && `at ${body_part}`, size !== null && `in ${size}`]
    .filter(Boolean)
    .join(" ");
  return { direction, body_part, size, label, ...zero() };
}
