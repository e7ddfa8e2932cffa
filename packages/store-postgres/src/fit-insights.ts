/**
 * @module fit-insights — `fitInsights` and `fitSummary`: a page of the returns table's fit
 * columns, counted by the fit index (`(sku, size, reason, created_at) INCLUDE (quantity,
 * state)`), the keyset in the index's order for sizes and on the ranking for skus.
 */
import {
  type FitInsightRow,
  type FitInsights,
  type FitInsightsWindow,
  isStorableText,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import { selectFitInsights, selectFitSizePage } from "./sql/select-fit-insights";
import { selectFitSummaryPage } from "./sql/select-fit-summary";

export function fitInsightReads({ db, names }: StoreContext): FitInsights {
  return {
    async fitInsights(query) {
      const sql = new Conditions();
      // No row holds text PostgreSQL cannot keep (see returnReads): such a sku finds nothing.
      if (!sql.window(query)) return [];
      const { after } = query;
      if (after) {
        const sku = sql.param(after.sku);
        // Sizes sort nulls last: after a null size comes the next sku; after a size, a greater
        // size of the same sku, then its null size. `sku >=` lets the index start there.
        sql.add(
          after.size === null
            ? `sku > ${sku}`
            : `sku >= ${sku} AND (sku > ${sku} OR size > ${sql.param(after.size)} OR size IS NULL)`,
        );
      }
      const text =
        query.limit === undefined
          ? selectFitInsights(names, sql.text())
          : selectFitSizePage(names, sql.text(), sql.param(query.limit));
      return db.query<FitInsightRow>(text, sql.values, { read: true });
    },

    async fitSummary(query) {
      const sql = new Conditions();
      if (!sql.window(query)) return [];
      const window = sql.text();
      const { fit, other, shape } = query.fitReasons;
      // The rule as the domain states it: listed fit, or unlisted and of a fit reason's shape.
      const isFit = `(reason = ANY(${sql.param(fit)}::text[])
        OR (reason <> ALL(${sql.param(other)}::text[]) AND reason ~ ${sql.param(shape)}))`;
      let ranked = "";
      if (query.after) {
        const fitReturns = sql.param(query.after.fit_returns);
        const sku = sql.param(query.after.sku);
        ranked = `fit_returns < ${fitReturns} OR (fit_returns = ${fitReturns} AND sku > ${sku})`;
      }
      const limit = sql.param(query.limit);
      const text = selectFitSummaryPage(names, { window, isFit, after: ranked, limit });
      return db.query<FitInsightRow>(text, sql.values, { read: true });
    },
  };
}

/** Conditions on the returns' columns with their values, numbered as they are added. */
class Conditions {
  readonly values: unknown[] = [];
  private readonly added: string[] = [];

  /** `$n` for `value`. */
  param(value: unknown): string {
    return `$${this.values.push(value)}`;
  }

  add(condition: string): void {
    this.added.push(condition);
  }

  /** The window's conditions; false when its sku cannot be stored, so nothing matches. */
  window(query: FitInsightsWindow): boolean {
    if (query.sku !== undefined && !isStorableText(query.sku)) return false;
    if (query.sku !== undefined) this.add(`sku = ${this.param(query.sku)}`);
    // created_at is the record's ISO text in UTC: bounds are compared in the same form.
    if (query.from !== undefined) this.add(`created_at >= ${this.param(utc(query.from))}`);
    if (query.to !== undefined) this.add(`created_at < ${this.param(utc(query.to))}`);
    return true;
  }

  text(): string {
    return this.added.join(" AND ");
  }
}

function utc(instant: string): string {
  return new Date(instant).toISOString();
}
