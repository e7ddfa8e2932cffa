/** @module fit-insights — `fitInsights`: the returns table's fit columns in one aggregate query. */
import { type FitInsightRow, type FitInsights, isStorableText } from "@returnkit/core";
import type { StoreContext } from "./context";
import { selectFitInsights } from "./sql/select-fit-insights";
import { whereOf } from "./sql/where";

export function fitInsightReads({ db, names }: StoreContext): FitInsights {
  return {
    async fitInsights(query) {
      // No row holds text PostgreSQL cannot keep (see returnReads): such a sku finds nothing.
      if (query.sku !== undefined && !isStorableText(query.sku)) return [];
      // created_at is the record's ISO text in UTC: bounds are compared in the same form.
      const { where, values } = whereOf({
        "sku =": query.sku,
        "created_at >=": query.from === undefined ? undefined : utc(query.from),
        "created_at <": query.to === undefined ? undefined : utc(query.to),
      });
      const conditions = where.replace(/^WHERE /, "");
      return db.query<FitInsightRow>(selectFitInsights(names, conditions), values, { read: true });
    },
  };
}

function utc(instant: string): string {
  return new Date(instant).toISOString();
}
