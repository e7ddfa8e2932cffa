/** @module client/customer/summary — the refund worked out before submitting. */
import { usePage } from "../shared/context";
import type { Totals } from "./choice";

export function Summary({ totals, currency }: { totals: Totals; currency: string }) {
  const { i18n } = usePage();
  const money = (amount: number) => i18n.money(amount, currency);
  return (
    <section class="rk-summary" aria-labelledby="rk-summary-heading" aria-live="polite">
      <h3 id="rk-summary-heading">{i18n.t("summary.heading")}</h3>
      <p>{i18n.t("summary.items", { count: totals.count })}</p>
      <dl>
        {totals.refund ? (
          <>
            <dt>{i18n.t("summary.refund")}</dt>
            <dd>{money(totals.refund)}</dd>
          </>
        ) : null}
        {totals.credit ? (
          <>
            <dt>{i18n.t("summary.credit")}</dt>
            <dd>{money(totals.credit)}</dd>
          </>
        ) : null}
        {totals.exchanges ? (
          <>
            <dt>{i18n.t("summary.exchange")}</dt>
            <dd>{i18n.t("summary.exchangeNone")}</dd>
          </>
        ) : null}
        <dt class="rk-total">{i18n.t("summary.total")}</dt>
        <dd class="rk-total" data-testid="refund-total">
          {money(totals.refund + totals.credit)}
        </dd>
      </dl>
      <p class="rk-muted">{i18n.t("summary.estimateNote")}</p>
    </section>
  );
}
