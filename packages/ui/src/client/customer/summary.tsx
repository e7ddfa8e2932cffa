/** @module client/customer/summary — the refund of the chosen lines, as the API works it out. */

import type { ReturnRequestEstimate } from "../api-schemas";
import type { CurrencyUnit } from "../money";
import { usePage } from "../shared/context";
import { feesOf } from "../shared/parts";
import type { EstimateState } from "./use-refund-estimate";

interface Props {
  /** Units chosen so far. */
  count: number;
  state: EstimateState;
  /** What the order's amounts are counted in; null when they cannot be. */
  unit: CurrencyUnit | null;
}

export function Summary({ count, state, unit }: Props) {
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
      <p>{i18n.t("summary.items", { count })}</p>
      {count > 0 && state.kind === "none" ? (
        <p class="rk-muted">{i18n.t("summary.chooseReason")}</p>
      ) : null}
      {state.kind === "failed" ? <p class="rk-muted">{state.message}</p> : null}
      {shown ? <Amounts estimate={shown} unit={shown.refund ?? unit} /> : null}
    </section>
  );
}

/** Refund and store credit apart, exchanges, the fees, and what the customer gets in all. */
function Amounts({
  estimate,
  unit,
}: {
  estimate: ReturnRequestEstimate;
  unit: CurrencyUnit | null;
}) {
  const { i18n } = usePage();
  const money = (amount: number) => (unit ? i18n.money(amount, unit) : "—");
  const sum = (resolution: string) =>
    estimate.lines
      .filter((line) => line.resolution === resolution)
      .reduce((total, line) => total + (line.refund?.total ?? 0), 0);
  const refunded = sum("REFUND");
  const credited = sum("STORE_CREDIT");
  const exchanges = estimate.lines.some((line) => line.resolution === "EXCHANGE");
  const refund = estimate.refund;
  const fees = refund ? feesOf(refund) : 0;
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
            <dd>{money(credited)}</dd>
          </>
        ) : null}
        {exchanges ? (
          <>
            <dt>{i18n.t("summary.exchange")}</dt>
            <dd>{i18n.t("summary.exchangeNone")}</dd>
          </>
        ) : null}
        {fees ? (
          <>
            <dt>{i18n.t("summary.fees")}</dt>
            <dd>{money(fees)}</dd>
          </>
        ) : null}
        <dt class="rk-total">{i18n.t("summary.total")}</dt>
        <dd class="rk-total" data-testid="refund-total">
          {money(refund?.total ?? 0)}
        </dd>
      </dl>
      <p class="rk-muted">{i18n.t("summary.estimateNote")}</p>
    </>
  );
}
