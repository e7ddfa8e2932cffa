/**
 * @module client/shared/parcel-words — a return's parcel in words: its label for the customer
 * ("Your label is being prepared") and the back office ("Label €5.40 (charged €4.95)"), and the
 * carrier's latest scan as the customer reads it ("In transit since 28 Nov").
 */
import type { components } from "../api-types";
import type { I18n } from "../i18n";
import type { CurrencyUnit } from "../money";

type Label = components["schemas"]["Label"];
type Tracking = components["schemas"]["Tracking"];
type TrackingScan = components["schemas"]["TrackingScan"];

/** The label the customer can use or wait for: every return of a request carries the same. */
export function parcelLabel(returns: readonly { label: Label | null }[]): Label | null {
  const labels = returns.map((one) => one.label).filter((label) => label !== null);
  return (
    labels.find((label) => label.status === "created") ??
    labels.find((label) => label.status === "pending") ??
    null
  );
}

/** The parcel's tracking, from the return of the request whose carrier scanned it last. */
export function parcelTracking(returns: readonly { tracking: Tracking | null }[]): Tracking | null {
  let latest: Tracking | null = null;
  for (const { tracking } of returns) {
    if (tracking && (!latest || tracking.last_event_at > latest.last_event_at)) latest = tracking;
  }
  return latest;
}

/** When the parcel's current status began: the first scan of the latest run of that status. */
function since(tracking: Tracking): string {
  let start = tracking.last_event_at;
  for (const scan of [...tracking.events].reverse()) {
    if (scan.status !== tracking.status) break;
    start = scan.occurred_at;
  }
  return start;
}

/**
 * The latest scan as the customer reads it: "In transit since 28 Nov", "Delivered to the shop
 * on 30 Nov", "A problem with the parcel: …"; null before the carrier moved it.
 */
export function customerTrackingWords(i18n: I18n, tracking: Tracking | null): string | null {
  if (!tracking || tracking.status === "label_created") return null;
  const date = i18n.dayMonth(since(tracking));
  switch (tracking.status) {
    case "in_transit":
      return i18n.t("parcel.inTransit", { date });
    case "out_for_delivery":
      return i18n.t("parcel.outForDelivery", { date });
    case "delivered":
      return i18n.t("parcel.delivered", { date: i18n.dayMonth(tracking.last_event_at) });
    case "returned_to_sender":
      return i18n.t("parcel.returnedToSender");
    case "exception": {
      const description = tracking.events.at(-1)?.description;
      return description
        ? i18n.t("parcel.problem", { description })
        : i18n.t("parcel.problemUnknown");
    }
  }
}

/** A label's status in the back office's words: "Created", "Needs staff", "Failed", … */
export function labelStatusWords(i18n: I18n, status: Label["status"]): string {
  return i18n.t(`label.status.${status}`);
}

/**
 * What the label cost the shop beside the fee the return bears: "Label €5.40 (charged €4.95)";
 * just "Label €5.40" without a fee. The fee is in the refund's unit; the cost's own digits are
 * the refund's when the currency is the same, else Intl's (the API gives no exponent for it).
 */
export function labelCostWords(
  i18n: I18n,
  label: Label,
  refund: CurrencyUnit | null,
): string | null {
  if (!label.cost) return null;
  const { amount, currency } = label.cost;
  const costUnit =
    refund?.currency === currency
      ? refund
      : { currency, currency_exponent: intlDigits(i18n.locale, currency) };
  const cost = i18n.money(amount, costUnit);
  if (label.fee_charged === null || !refund) return i18n.t("label.cost", { cost });
  const fee = i18n.money(label.fee_charged, refund);
  return i18n.t("label.costCharged", { cost, fee });
}

function intlDigits(locale: string, currency: string): number {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency });
  return format.resolvedOptions().maximumFractionDigits ?? 2;
}

/** One scan for the back office: "28 Nov 2026, 14:05 · In transit · Leipzig · Sorted". */
export function scanWords(i18n: I18n, scan: TrackingScan): string {
  return [
    i18n.dateTime(scan.occurred_at),
    i18n.t(`tracking.status.${scan.status}`),
    scan.location,
    scan.description,
  ]
    .filter(Boolean)
    .join(" · ");
}
