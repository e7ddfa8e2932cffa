/**
 * @module client/shared/refund — what a return or a request gives back, in words: money back
 * and store credit each named, an exchange by what comes back (never a refund of nothing), and
 * each fee on a line of its own with why it is charged. Every figure is the API's.
 */
import type { Refund, Resolution } from "../api-schemas";
import { usePage } from "./context";

/** A return's (or an estimate line's) resolution with its refund. */
interface RefundPart {
  resolution: Resolution | string;
  refund: Refund | null;
}

/**
 * The restocking fee and the return label apart, each with a one-line reason. `restockingPercent`
 * is the published policy's, when the page has it; without it the reason names no figure.
 */
export function FeeLines({
  refund,
  restockingPercent = null,
}: {
  refund: Refund;
  restockingPercent?: number | null;
}) {
  const { i18n } = usePage();
  const money = (amount: number) => i18n.money(amount, refund);
  const restockingWhy =
    restockingPercent === null
      ? i18n.t("fee.restockingWhyShort")
      : i18n.t("fee.restockingWhy", { percent: i18n.percent(restockingPercent) });
  return (
    <>
      {refund.restocking_fee ? (
        <>
          <dt>{i18n.t("fee.restocking")}</dt>
          <dd>{money(refund.restocking_fee)}</dd>
          <dd class="rk-muted rk-fee-why">{restockingWhy}</dd>
        </>
      ) : null}
      {refund.return_shipping_fee ? (
        <>
          <dt>{i18n.t("fee.label")}</dt>
          <dd>{money(refund.return_shipping_fee)}</dd>
          <dd class="rk-muted rk-fee-why">{i18n.t("fee.labelWhy")}</dd>
        </>
      ) : null}
    </>
  );
}

/** The total of `parts` resolved as `resolution`. */
export function totalOf(parts: RefundPart[], resolution: Resolution): number {
  return parts
    .filter((part) => part.resolution === resolution)
    .reduce((total, part) => total + (part.refund?.total ?? 0), 0);
}

/**
 * One return's refund: its total (estimate or final) as money back or as store credit, then its
 * fees. An exchange moves no money: nothing here (the return says which size comes back).
 */
export function RefundBlock({ refund }: { refund: Refund | null | undefined }) {
  const { i18n } = usePage();
  if (!refund || ("method" in refund && refund.method === "exchange")) return null;
  const money = i18n.money(refund.total, refund);
  const credit = "method" in refund && refund.method === "store_credit";
  const status = i18n.t(refund.status === "final" ? "refund.final" : "refund.estimate");
  return (
    <dl class="rk-refund" data-refund-status={refund.status}>
      <dt>{i18n.t(credit ? "returns.credit" : "returns.refund")}</dt>
      <dd data-testid="refund-amount">
        {credit
          ? i18n.t("returns.creditTotal", { amount: money })
          : i18n.t("returns.refundTotal", { amount: money })}{" "}
        <span class="rk-muted">({status})</span>
      </dd>
      <FeeLines refund={refund} />
    </dl>
  );
}

/**
 * A request's refund (its returns' added up): the store credit named when some of it is, the
 * fees, and the total. Nothing when every return is an exchange.
 */
export function RequestRefundBlock({
  refund,
  parts,
  label,
}: {
  refund: Refund | null | undefined;
  parts: RefundPart[];
  label: string;
}) {
  const { i18n } = usePage();
  if (!refund || parts.every((part) => part.resolution === "EXCHANGE")) return null;
  const money = (amount: number) => i18n.money(amount, refund);
  const credited = totalOf(parts, "STORE_CREDIT");
  const refunded = totalOf(parts, "REFUND");
  const status = i18n.t(refund.status === "final" ? "refund.final" : "refund.estimate");
  return (
    <dl class="rk-refund" data-refund-status={refund.status}>
      {credited && refunded ? (
        <>
          <dt>{i18n.t("returns.refund")}</dt>
          <dd>{money(refunded)}</dd>
        </>
      ) : null}
      {credited ? (
        <>
          <dt>{i18n.t("returns.credit")}</dt>
          <dd>{i18n.t("returns.creditTotal", { amount: money(credited) })}</dd>
        </>
      ) : null}
      <FeeLines refund={refund} />
      <dt>{label}</dt>
      <dd data-testid="refund-amount">
        {i18n.t("returns.refundTotal", { amount: money(refund.total) })}{" "}
        <span class="rk-muted">({status})</span>
      </dd>
    </dl>
  );
}
