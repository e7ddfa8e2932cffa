/** @module client/customer/summary — the refund of the chosen lines, as the API works it out. */

import type { ReturnRequestEstimate } from "../api-schemas";
import type { CurrencyUnit } from "../money";
import { usePage } from "../shared/context";
import { customerDifference } from "../shared/exchange-words";
import { FeeLines, totalOf } from "../shared/refund";
import type { EstimateState } from "./use-refund-estimate";

interface Props {
  /** Units chosen so far. */
  count: number;
  state: EstimateState;
  /** What the order's amounts are counted in; null when they cannot be. */
  unit: CurrencyUnit | null;
  /** The published policy's restocking percent, for the fee's reason; null when not known. */
  restockingPercent: number | null;
}

export function Summary({ count, state, unit, restockingPercent }: Props) {
  const { i18n } = usePage();
  const shown =
    state.kind === "ready" ? state.estimate : state.kind === "working" ? state.previous : null;
  return (
    <section
      class="rk-summary"
      aria-labelledby="rk-summary-heading"
      aria-live="polite"
      aria-busy={state.kind === "working"}
    >
      <h3 id="rk-summary-heading">{i18n.t("summary.heading")}</h3>
      <p>{i18n.count("summary.items", count)}</p>
      {count > 0 && state.kind === "none" ? (
        <p class="rk-muted">{i18n.t("summary.chooseReason")}</p>
      ) : null}
      {state.kind === "failed" ? <p class="rk-muted">{state.message}</p> : null}
      {shown ? (
        <Amounts
          estimate={shown}
          unit={shown.refund ?? unit}
          restockingPercent={restockingPercent}
        />
      ) : null}
    </section>
  );
}

/** Refund and store credit apart, exchanges netted, each fee with why, and what the customer gets in all. */
function Amounts({
  estimate,
  unit,
  restockingPercent,
}: {
  estimate: ReturnRequestEstimate;
  unit: CurrencyUnit | null;
  restockingPercent: number | null;
}) {
  const { i18n } = usePage();
  const money = (amount: number) => (unit ? i18n.money(amount, unit) : "—");
  const refunded = totalOf(estimate.lines, "REFUND");
  const credited = totalOf(estimate.lines, "STORE_CREDIT");
  const exchanges = estimate.lines.some((line) => line.resolution === "EXCHANGE");
  const refund = estimate.refund;
  return (
    <>
      <dl>
        {refunded ? (
          <>
            <dt>{i18n.t("summary.refund")}</dt>
            <dd>{money(refunded)}</dd>
          </>
        ) : null}
        {credited ? (
          <>
            <dt>{i18n.t("summary.credit")}</dt>
            <dd>{i18n.t("returns.creditTotal", { amount: money(credited) })}</dd>
          </>
        ) : null}
        {exchanges ? (
          <>
            <dt>{i18n.t("summary.exchange")}</dt>
            <dd>
              {customerDifference(i18n, estimate.exchange_difference, unit) ??
                i18n.t("summary.exchangeNone")}
            </dd>
          </>
        ) : null}
        {refund ? <FeeLines refund={refund} restockingPercent={restockingPercent} /> : null}
        <dt class="rk-total">{i18n.t("summary.total")}</dt>
        <dd class="rk-total" data-testid="refund-total">
          {money(refund?.total ?? 0)}
        </dd>
      </dl>
      <p class="rk-muted">{i18n.t("summary.estimateNote")}</p>
    </>
  );
}
