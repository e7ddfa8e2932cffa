/**
 * @module returns/insights/insight-operations — the back office's fit insights: the query
 * checked, the store's rows (`fitInsights`) read through the reason catalogue.
 */
import { assertScope } from "../../domain/principal";
import { parseReason, type ReasonCatalogue } from "../../domain/reasons";
import { traceOperation } from "../../observability/telemetry/operation-span";
import type { FitInsightsQuery, ReturnsStore } from "../../store/types";
import { parseInput } from "../parse-input";
import type { OperationContext } from "../types";
import { fitBySize, fitBySku, type ReasonParser } from "./fit-report";
import {
  type FitInsightsQueryInput,
  FitInsightsQuerySchema,
  type FitInsightsReport,
  type FitSummaryReport,
} from "./insights-schemas";

/** What the insights routes call; a host may call them in-process too (merchant read scope). */
export interface InsightOperations {
  /** Per sku and size: returns by fit direction, body part and reason. */
  fit(
    query: FitInsightsQueryInput | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<FitInsightsReport>;
  /** Per sku: returns, fit returns, and the fit issue most of them name. */
  fitSummary(
    query: FitInsightsQueryInput | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<FitSummaryReport>;
}

interface InsightsSetup {
  store: Pick<ReturnsStore, "fitInsights">;
  catalogue: ReasonCatalogue;
  /** Resolves once the store is set up. */
  ready: () => Promise<void>;
}

export function createInsightOperations(setup: InsightsSetup): InsightOperations {
  const { store, catalogue, ready } = setup;
  // A code the catalogue no longer lists (a body part since removed) still reads by its shape.
  const parse: ReasonParser = (code) => catalogue.parse(code) ?? parseReason(code);

  async function rowsFor(query: unknown, ctx: OperationContext) {
    assertScope(ctx.principal, "merchant", "read");
    const asked = parseInput(FitInsightsQuerySchema, query, "query");
    const window: FitInsightsQuery = {
      sku: asked.sku,
      from: asked.from === undefined ? undefined : utc(asked.from),
      to: asked.to === undefined ? undefined : utc(asked.to),
    };
    await ready();
    const rows = await store.fitInsights(window);
    return {
      rows,
      echo: { sku: window.sku ?? null, from: window.from ?? null, to: window.to ?? null },
    };
  }

  return {
    fit: (query, ctx) =>
      traceOperation("fit_insights", { caller: ctx.principal.kind }, async () => {
        const { rows, echo } = await rowsFor(query, ctx);
        return { object: "fit_insights", ...echo, data: fitBySize(rows, parse) };
      }),
    fitSummary: (query, ctx) =>
      traceOperation("fit_summary", { caller: ctx.principal.kind }, async () => {
        const { rows, echo } = await rowsFor(query, ctx);
        return { object: "fit_summary", ...echo, data: fitBySku(rows, parse) };
      }),
  };
}

/** An instant the query schema accepted, as UTC with milliseconds (what the store compares). */
function utc(instant: string): string {
  return new Date(instant).toISOString();
}
