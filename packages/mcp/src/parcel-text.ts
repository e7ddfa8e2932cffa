/**
 * @module parcel-text — a return's parcel in the words a model reads: the label bought for it
 * ("label created: easypost USPS Priority, tracking 9400… at https://…, cost 5.40 USD") and the
 * carrier's latest scan ("last scan in_transit at …"). The structured content carries both whole.
 */
import type { ReturnData } from "@returnkit/core";
import { moneyText } from "./line-names";

type Parcel = Pick<ReturnData, "label" | "tracking" | "refund">;

/** The label and the latest scan; null when no label was bought and no scan arrived. */
export function parcelText(record: Parcel): string | null {
  const { label } = record;
  const scan = scanText(record);
  if (!label) return scan === "no scan yet" ? null : scan;
  const facts = [
    `label ${label.status}: ${label.carrier}${label.service ? ` ${label.service}` : ""}`,
  ];
  if (label.reason) facts.push(label.reason);
  if (label.tracking_number) {
    facts.push(
      `tracking ${label.tracking_number}${label.tracking_url ? ` at ${label.tracking_url}` : ""}`,
    );
  }
  if (label.label_url) facts.push(`label ${label.label_url}`);
  if (label.qr_code_url) facts.push(`drop-off code ${label.qr_code_url}`);
  if (label.cost) facts.push(`cost ${moneyText(label.cost.amount, label.cost.currency)}`);
  // The fee is in the refund's minor unit: without a refund there is no currency to say.
  if (label.fee_charged !== null && record.refund) {
    facts.push(`fee charged ${moneyText(label.fee_charged, record.refund.currency)}`);
  }
  const replaced = label.replaces;
  if (replaced) {
    const old = replaced.tracking_number ?? replaced.shipment_id;
    facts.push(`replaces label ${old} (void ${replaced.void_status})`);
  }
  return `${facts.join(", ")}; ${scan}`;
}

/** "last scan in_transit at … (PORTLAND OR: Departed facility)", or "no scan yet". */
function scanText({ tracking }: Parcel): string {
  if (!tracking) return "no scan yet";
  const latest = tracking.events.at(-1);
  const where = [latest?.location, latest?.description].filter(Boolean).join(": ");
  return `last scan ${tracking.status} at ${tracking.last_event_at}${where ? ` (${where})` : ""}`;
}
