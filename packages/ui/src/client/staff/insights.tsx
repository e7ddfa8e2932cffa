/**
 * @module client/staff/insights — fit returns per sku and size, split by fit direction, as a
 * bar chart (pale: claimed by the customer; solid: confirmed at inspection) with the same
 * figures as a table, and each sku's top fit issue. Reads `GET /v1/merchant/insights/fit`
 * and `/fit/summary` (`FitInsights`, `FitSummary` in the OpenAPI document).
 */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { FitChart, type FitInsightSize, fitIssueLabel } from "./fit-chart";

interface FitTopIssue {
  direction: string;
  body_part: string | null;
  size: string | null;
  returns: number;
  confirmed_returns: number;
}

interface FitSkuSummary {
  sku: string;
  fit: { returns: number };
  fit_share: number;
  top: FitTopIssue | null;
}

export function Insights() {
  const { api, i18n } = usePage();
  const [rows, setRows] = useState<FitInsightSize[] | null>(null);
  const [summary, setSummary] = useState<FitSkuSummary[]>([]);
  const [error, setError] = useState("");
  useEffect(() => {
    Promise.all([
      api.optional<{ data: FitInsightSize[] }>("/v1/merchant/insights/fit"),
      api.optional<{ data: FitSkuSummary[] }>("/v1/merchant/insights/fit/summary"),
    ])
      .then(([fit, skus]) => {
        // Sizes that had returns but none about fit say nothing about fit: left out.
        setRows((fit?.data ?? []).filter((row) => row.fit.returns > 0));
        setSummary((skus?.data ?? []).filter((sku) => sku.top !== null));
      })
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, []);
  return (
    <section class="rk-card" aria-labelledby="rk-insights-heading">
      <h2 id="rk-insights-heading">{i18n.t("staff.insights")}</h2>
      <Notice kind="error">{error}</Notice>
      {rows?.length === 0 ? <p>{i18n.t("staff.insightsNone")}</p> : null}
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
      {rows?.length ? <FitChart rows={rows} /> : null}
    </section>
  );
}
