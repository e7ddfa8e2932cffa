/**
 * @module client/staff/insights — fit returns per SKU and size as a bar chart, with the same
 * figures as a table. Shown when the API serves `/v1/merchant/insights/fit`.
 */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";

interface FitRow {
  sku: string;
  size: string | null;
  tooSmall: number;
  tooLarge: number;
}

/** Reads the rows defensively: counts as `too_small`/`too_large` or under `directions`. */
function rowsOf(answer: unknown): FitRow[] {
  const data = (answer as { data?: unknown })?.data;
  if (!Array.isArray(data)) return [];
  return data.map((item: Record<string, unknown>) => {
    const directions = (item.directions ?? item.counts ?? {}) as Record<string, unknown>;
    const count = (...names: string[]) =>
      Number(names.map((n) => item[n] ?? directions[n]).find((v) => v !== undefined) ?? 0);
    return {
      sku: String(item.sku ?? ""),
      size: item.size == null ? null : String(item.size),
      tooSmall: count("too_small", "TOO_SMALL"),
      tooLarge: count("too_large", "TOO_LARGE"),
    };
  });
}

export function Insights() {
  const { api, i18n } = usePage();
  const [rows, setRows] = useState<FitRow[] | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api
      .optional("/v1/merchant/insights/fit")
      .then((answer) => setRows(answer === null ? [] : rowsOf(answer)))
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, []);
  const max = Math.max(1, ...(rows ?? []).map((row) => row.tooSmall + row.tooLarge));
  const barHeight = 22;
  return (
    <section class="rk-card" aria-labelledby="rk-insights-heading">
      <h2 id="rk-insights-heading">{i18n.t("staff.insights")}</h2>
      <Notice kind="error">{error}</Notice>
      {rows?.length === 0 ? <p>{i18n.t("staff.insightsNone")}</p> : null}
      {rows?.length ? (
        <>
          <svg
            class="rk-chart"
            role="img"
            aria-label={i18n.t("staff.insightsCaption")}
            viewBox={`0 0 600 ${rows.length * (barHeight + 8) + 8}`}
            width="100%"
          >
            {rows.map((row, i) => {
              const y = 4 + i * (barHeight + 8);
              const small = (row.tooSmall / max) * 400;
              const large = (row.tooLarge / max) * 400;
              return (
                <g key={`${row.sku}-${row.size}`}>
                  <text x="0" y={y + 15}>{`${row.sku}${row.size ? ` ${row.size}` : ""}`}</text>
                  <rect class="rk-bar-small" x="180" y={y} width={small} height={barHeight} />
                  <rect
                    class="rk-bar-large"
                    x={180 + small}
                    y={y}
                    width={large}
                    height={barHeight}
                  />
                </g>
              );
            })}
          </svg>
          <div class="rk-table-wrap">
            <table class="rk-table">
              <caption class="rk-visually-hidden">{i18n.t("staff.insightsCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">{i18n.t("line.size", { size: "" }).trim()}</th>
                  <th scope="col">{i18n.t("staff.tooSmall")}</th>
                  <th scope="col">{i18n.t("staff.tooLarge")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.sku}-${row.size}`}>
                    <td>{row.sku}</td>
                    <td>{row.size ?? "—"}</td>
                    <td>{row.tooSmall}</td>
                    <td>{row.tooLarge}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
