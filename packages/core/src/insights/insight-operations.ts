/**
 * @module insights/insight-operations — the back office's fit insights, a page at a
 * time: the query checked, a page of the store's rows (`fitInsights` per size, `fitSummary`
 * per sku) read through the reason catalogue, and where the next page starts.
 */
import { assertScope } from "../domain/principal";
import { fitReasonRule, parseReason, type ReasonCatalogue } from "../domain/reasons";
import { traceOperation } from "../observability/telemetry/operation-span";
import { parseInput } from "../returns/parse-input";
import type { OperationContext } from "../returns/types";
import type { FitInsightsWindow, ReturnsStore } from "../store/types";
import { fitBySize, fitBySku, type ReasonParser } from "./fit-report";
import {
  decodeSizeCursor,
  decodeSkuCursor,
  encodeSizeCursor,
  encodeSkuCursor,
} from "./insight-cursors";
import {
  type FitInsightsQueryInput,
  FitInsightsQuerySchema,
  type FitInsightsReport,
  type FitSummaryQueryInput,
  FitSummaryQuerySchema,
  type FitSummaryReport,
} from "./insights-schemas";

/** What the insights routes call; a host may call them in-process too (merchant read scope). */
export interface InsightOperations {
  /** Per sku and size: returns by fit direction, body part and reason; a page of sizes. */
  fit(
    query: FitInsightsQueryInput | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<FitInsightsReport>;
  /** Per sku: returns, fit returns, and the fit issue most of them name; a page of skus. */
  fitSummary(
    query: FitSummaryQueryInput | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<FitSummaryReport>;
}

interface InsightsSetup {
  store: Pick<ReturnsStore, "fitInsights" | "fitSummary">;
  catalogue: ReasonCatalogue;
  /** Resolves once the store is set up. */
  ready: () => Promise<void>;
}

export function createInsightOperations(setup: InsightsSetup): InsightOperations {
  const { store, catalogue, ready } = setup;
  // A code the catalogue no longer lists (a body part since removed) still reads by its shape;
  // the store ranks the summary by the same rule.
  const parse: ReasonParser = (code) => catalogue.parse(code) ?? parseReason(code);
  const fitReasons = fitReasonRule(catalogue);

  return {
    fit: (query, ctx) =>
      traceOperation("fit_insights", { caller: ctx.principal.kind }, async () => {
        assertScope(ctx.principal, "merchant", "read");
        const asked = parseInput(FitInsightsQuerySchema, query, "query");
        const window = windowOf(asked);
        const after = asked.cursor === undefined ? undefined : decodeSizeCursor(asked.cursor)!;
        await ready();
        // One size more than asked says whether a next page exists, so a full last page ends the walk.
        const rows = await store.fitInsights({ ...window, after, limit: asked.limit + 1 });
        const { data, last } = firstOf(fitBySize(rows, parse), asked.limit);
        const next_cursor = last ? encodeSizeCursor(last) : null;
        return { object: "fit_insights", ...echo(window), data, next_cursor };
      }),
    fitSummary: (query, ctx) =>
      traceOperation("fit_summary", { caller: ctx.principal.kind }, async () => {
        assertScope(ctx.principal, "merchant", "read");
        const asked = parseInput(FitSummaryQuerySchema, query, "query");
        const window = windowOf(asked);
        const after = asked.cursor === undefined ? undefined : decodeSkuCursor(asked.cursor)!;
        await ready();
        const page = { ...window, fitReasons, after, limit: asked.limit + 1 };
        const rows = await store.fitSummary(page);
        const { data, last } = firstOf(fitBySku(rows, parse), asked.limit);
        const next_cursor = last
          ? encodeSkuCursor({ fit_returns: last.fit.returns, sku: last.sku })
          : null;
        return { object: "fit_summary", ...echo(window), data, next_cursor };
      }),
  };
}

/** The first `limit` entries, and the last of them when more follow (where the next page starts). */
function firstOf<T>(entries: T[], limit: number): { data: T[]; last: T | undefined } {
  const data = entries.slice(0, limit);
  return { data, last: entries.length > limit ? data[data.length - 1] : undefined };
}

/** The window a checked query asks for, its instants as UTC with milliseconds (what stores compare). */
function windowOf(asked: { sku?: string; from?: string; to?: string }): FitInsightsWindow {
  return {
    sku: asked.sku,
    from: asked.from === undefined ? undefined : utc(asked.from),
    to: asked.to === undefined ? undefined : utc(asked.to),
  };
}

/** The window as the answer repeats it: null where the query set no bound. */
function echo(window: FitInsightsWindow) {
  return { sku: window.sku ?? null, from: window.from ?? null, to: window.to ?? null };
}

function utc(instant: string): string {
  return new Date(instant).toISOString();
}
