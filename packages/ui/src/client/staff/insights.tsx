/**
 * @module client/staff/insights — fit returns per sku and size, split by fit direction, as a
 * bar chart (pale: claimed by the customer; solid: confirmed at inspection) with the same
 * figures as a table, and each sku's top fit issue. Reads `GET /v1/merchant/insights/fit`
 * and `/fit/summary` (`FitInsights`, `FitSummary` in the OpenAPI document) a page at a time:
 * each list has its own "more" button while the API has more.
 */
import { apiPaths } from "../api-paths";
import type { FitInsights, FitSummary } from "../api-schemas";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { FitChart, fitIssueLabel } from "./fit-chart";
import { type Pages, usePages } from "./use-pages";

export function Insights() {
  const { i18n } = usePage();
  const sizes = usePages<FitInsights>(apiPaths.fitInsights());
  const skus = usePages<FitSummary>(apiPaths.fitSummary());
  // Sizes that had returns but none about fit say nothing about fit: left out.
  const rows = sizes.entries?.filter((row) => row.fit.returns > 0) ?? null;
  const summary = skus.entries?.filter((sku) => sku.top !== null) ?? [];
  // Skus come with the most fit returns first: once one has none, so have all after it.
  const issuesEnded = skus.entries?.at(-1)?.top === null;
  return (
    <section class="rk-card" aria-labelledby="rk-insights-heading">
      <h2 id="rk-insights-heading">{i18n.t("staff.insights")}</h2>
      <Notice kind="error">{skus.error || sizes.error}</Notice>
      {rows?.length === 0 && !sizes.hasMore ? <p>{i18n.t("staff.insightsNone")}</p> : null}
      {summary.length ? (
        <ul class="rk-top-issues" aria-label={i18n.t("staff.topIssues")}>
          {summary.map((sku) => (
            <li key={sku.sku} data-sku={sku.sku}>
              {i18n.t("staff.topIssue", {
                sku: sku.sku,
                issue: sku.top ? fitIssueLabel(sku.top, i18n) : "",
                share: Math.round(sku.fit_share * 100),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {issuesEnded ? null : <MoreButton pages={skus} label={i18n.t("staff.moreIssues")} />}
      {rows?.length ? <FitChart rows={rows} /> : null}
      <MoreButton pages={sizes} label={i18n.t("staff.moreSizes")} />
    </section>
  );
}

/** The next page of a list, while the API has one; kept in place (and focus on it) while it loads. */
function MoreButton({ pages, label }: { pages: Pages<unknown>; label: string }) {
  if (!pages.hasMore) return null;
  return (
    <p>
      <button
        type="button"
        class="rk-button"
        aria-disabled={pages.reading}
        onClick={() => void pages.more()}
      >
        {label}
      </button>
    </p>
  );
}
