/**
 * @module commands/parcel-lines — the parcel of a return in `returns show`: the label bought
 * for it (what the carrier charged the shop, what fee the customer bears) and what its scans
 * said, for an operator answering "where is this parcel?".
 */
import { type ReturnData, type TrackingScan, toDecimalAmount } from "@returnkit/core";
import { NONE, table } from "../output";

/** `label: …` lines, then `tracking: …` with a table of its scans; "none bought" without a label. */
export function parcelLines(record: ReturnData): string[] {
  const { label, tracking } = record;
  const lines = label ? labelLines(record) : ["  label: none bought"];
  if (tracking) {
    lines.push(`  tracking: ${tracking.status}, last scan ${tracking.last_event_at}`);
    lines.push(
      ...table(["AT", "STATUS", "LOCATION", "DESCRIPTION"], tracking.events.map(scanRow)).map(
        indent,
      ),
    );
  } else if (label) {
    lines.push("  tracking: no scan yet");
  }
  return lines;
}

function labelLines(record: ReturnData): string[] {
  const label = record.label!;
  const bought = label.created_at ? `, bought ${label.created_at}` : "";
  const why = label.reason ? `: ${label.reason}` : "";
  const lines = [
    `  label: ${label.status}, ${label.carrier}${serviceOf(label.service)}${bought}${why}`,
  ];
  if (label.tracking_number || label.tracking_url) {
    const parts = [label.tracking_number, label.tracking_url].filter(Boolean);
    lines.push(`    tracking ${parts.join(" ")}`);
  }
  if (label.label_url) lines.push(`    label ${label.label_url}`);
  if (label.qr_code_url) lines.push(`    drop-off code ${label.qr_code_url}`);
  const money = moneyLine(record);
  if (money) lines.push(`    ${money}`);
  const replaced = label.replaces;
  if (replaced) {
    const old = replaced.tracking_number ?? replaced.shipment_id;
    lines.push(`    replaces label ${old} (void ${replaced.void_status})`);
  }
  return lines;
}

function serviceOf(service: string | null): string {
  return service ? ` ${service}` : "";
}

/** "cost 5.40 USD, fee charged 4.95 EUR": the fee is in the refund's currency, as stored. */
function moneyLine(record: ReturnData): string {
  const { label, refund } = record;
  const parts: string[] = [];
  if (label?.cost) {
    parts.push(
      `cost ${toDecimalAmount(label.cost.amount, label.cost.currency)} ${label.cost.currency}`,
    );
  }
  if (label?.fee_charged != null && refund) {
    parts.push(
      `fee charged ${toDecimalAmount(label.fee_charged, refund.currency)} ${refund.currency}`,
    );
  }
  return parts.join(", ");
}

function scanRow(scan: TrackingScan): string[] {
  return [scan.occurred_at, scan.status, scan.location ?? NONE, scan.description ?? NONE];
}

function indent(line: string): string {
  return `    ${line}`;
}
