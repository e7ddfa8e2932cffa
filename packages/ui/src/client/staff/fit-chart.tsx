/**
 * @module client/staff/fit-chart — one bar per sku and size, one segment per fit direction:
 * pale for the returns that claimed it, solid for those inspection confirmed; a scale of
 * returns below, each bar's figures at its end. The table below says the same in figures
 * (the chart is a picture of it, and the table its text for a screen reader).
 */
import type { FitInsightSize } from "../api-schemas";
import { humaniseCode } from "../codes";
import type { I18n } from "../i18n";
import type { MessageKey } from "../messages/en";
import { usePage } from "../shared/context";

/** "Too small at the chest in M", from a direction, a body part and a size. */
export function fitIssueLabel(
  issue: { direction: string; body_part?: string | null; size?: string | null },
  i18n: I18n,
): string {
  const direction = directionLabel(issue.direction, i18n);
  const partKey = `part.${issue.body_part}` as MessageKey;
  const part = issue.body_part && i18n.t(partKey) !== partKey ? ` ${i18n.t(partKey)}` : "";
  return `${direction}${part}${issue.size ? ` · ${i18n.t("line.size", { size: issue.size })}` : ""}`;
}

function directionLabel(direction: string, i18n: I18n): string {
  const key = `fit.${direction}` as MessageKey;
  const text = i18n.t(key);
  return text === key ? humaniseCode(direction) : text;
}

/** "1 return, 2 units": each count in its plural form. */
function fitCount(returns: number, units: number, i18n: I18n): string {
  return i18n.t("staff.fitCount", {
    returns: i18n.count("count.returns", returns),
    units: i18n.count("count.units", units),
  });
}

const BAR = 22;
const LABEL_WIDTH = 180;
const BAR_WIDTH = 400;
const COUNT_WIDTH = 190;
const AXIS_HEIGHT = 44;

/**
 * The scale's ticks: whole returns, at most five steps of 1, 2 or 5 times a power of ten, the
 * last at or above the longest bar (which the scale's end is).
 */
export function scaleTicks(longest: number): number[] {
  const rough = Math.max(1, longest) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power);
  const last = Math.ceil(Math.max(1, longest) / step) * step;
  return Array.from({ length: last / step + 1 }, (_, i) => i * step);
}

export function FitChart({ rows }: { rows: FitInsightSize[] }) {
  const { i18n } = usePage();
  const ticks = scaleTicks(Math.max(0, ...rows.map((row) => row.fit.returns)));
  const max = ticks.at(-1) ?? 1;
  const directions = [...new Set(rows.flatMap((row) => row.by_direction.map((d) => d.direction)))];
  const name = (row: FitInsightSize) => `${row.sku}${row.size ? ` ${row.size}` : ""}`;
  const barsHeight = rows.length * (BAR + 8) + 4;
  return (
    <>
      <svg
        class="rk-chart"
        role="img"
        aria-label={i18n.t("staff.insightsCaption")}
        viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + COUNT_WIDTH} ${barsHeight + AXIS_HEIGHT}`}
        width="100%"
      >
        <g class="rk-axis">
          {ticks.map((tick) => {
            const x = LABEL_WIDTH + (tick / max) * BAR_WIDTH;
            return (
              <g key={tick} data-tick={tick}>
                <line class="rk-gridline" x1={x} x2={x} y1={0} y2={barsHeight + 4} />
                <text x={x} y={barsHeight + 18} text-anchor="middle">
                  {tick}
                </text>
              </g>
            );
          })}
          <text x={LABEL_WIDTH + BAR_WIDTH / 2} y={barsHeight + 38} text-anchor="middle">
            {i18n.t("staff.chartAxis")}
          </text>
        </g>
        {rows.map((row, i) => {
          const y = 4 + i * (BAR + 8);
          let x = LABEL_WIDTH;
          return (
            <g key={name(row)} data-row={name(row)}>
              <text x="0" y={y + 15}>
                {name(row)}
              </text>
              {row.by_direction.map((count) => {
                const claimed = (count.returns / max) * BAR_WIDTH;
                const confirmed = (count.confirmed_returns / max) * BAR_WIDTH;
                const at = x;
                x += claimed;
                return (
                  <g key={count.direction} class={`rk-dir rk-dir-${count.direction}`}>
                    <rect class="rk-bar-claimed" x={at} y={y} width={claimed} height={BAR} />
                    <rect class="rk-bar-confirmed" x={at} y={y} width={confirmed} height={BAR} />
                  </g>
                );
              })}
              <text class="rk-bar-count" x={x + 6} y={y + 15}>
                {i18n.t("staff.barCount", {
                  claimed: row.fit.returns,
                  confirmed: row.fit.confirmed_returns,
                })}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="rk-legend">
        {directions.map((direction) => (
          <li key={direction} class={`rk-dir rk-dir-${direction}`}>
            <span class="rk-swatch" aria-hidden="true" /> {directionLabel(direction, i18n)}
          </li>
        ))}
        <li class="rk-muted">{i18n.t("staff.insightsLegend")}</li>
      </ul>
      <div class="rk-table-wrap">
        <table class="rk-table">
          <caption class="rk-visually-hidden">{i18n.t("staff.insightsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">{i18n.t("staff.column.size")}</th>
              <th scope="col">{i18n.t("staff.column.fit")}</th>
              <th scope="col">{i18n.t("staff.column.claimed")}</th>
              <th scope="col">{i18n.t("staff.column.confirmed")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap((row) =>
              row.by_direction.map((count) => (
                <tr
                  key={`${name(row)}-${count.direction}`}
                  data-fit-row={`${name(row)} ${count.direction}`}
                >
                  <td>{row.sku}</td>
                  <td>{row.size ?? "—"}</td>
                  <td>{directionLabel(count.direction, i18n)}</td>
                  <td>{fitCount(count.returns, count.units, i18n)}</td>
                  <td>{fitCount(count.confirmed_returns, count.confirmed_units, i18n)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
