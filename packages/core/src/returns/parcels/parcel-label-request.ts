/**
 * @module returns/parcels/parcel-label-request — the `LabelRequest` for a parcel: from the
 * customer's address (the order's `shipping_address`, as the return's order line recorded it)
 * to the shop's returns address, with one item per return that has a price.
 */
import type { CarrierItem, LabelRequest } from "../../carriers/carrier";
import type { CarrierSettings } from "../../carriers/carrier-options";
import type { ReturnData } from "../../domain/schemas";
import type { Parcel } from "./parcel";

/** What the label is referenced by at the carrier: the request, or the return on its own. */
function parcelReference(record: ReturnData): string {
  return record.request_id ?? record.id;
}

/** The label request for `parcel`, or why none can be made (no address to send from). */
export function parcelLabelRequest(
  parcel: Parcel,
  settings: CarrierSettings,
): LabelRequest | { missing: string } {
  const from = parcel.current.order_line?.shipping_address ?? null;
  if (from === null) {
    return {
      missing:
        "The order gave no shipping_address: a label needs the customer's address to send from.",
    };
  }
  const records = [parcel.current, ...parcel.others.map(({ record }) => record)];
  const weight = Math.max(1, Math.round(settings.parcel.weight_grams / records.length));
  return {
    reference: parcelReference(parcel.current),
    // One parcel, one key: every retry of its label asks for the same; a reissued label is
    // another label, so its key names the one it replaces.
    idempotency_key: labelKey(parcel.current),
    from,
    to: settings.returnsAddress,
    parcels: [settings.parcel],
    items: records.flatMap((record) => itemOf(record, weight)),
    ...(settings.service === undefined ? {} : { service: settings.service }),
    paperless: settings.paperless,
  };
}

function labelKey(record: ReturnData): string {
  const replaced = record.label?.replaces?.shipment_id;
  const key = `label:${parcelReference(record)}`;
  return replaced ? `${key}:after:${replaced}` : key;
}

/** The return's units as a customs item; none when the order line gives no price. */
function itemOf(record: ReturnData, weight_grams: number): CarrierItem[] {
  const line = record.order_line;
  if (!line || line.unit_price === null || line.currency === null) return [];
  return [
    {
      description: line.product.title ?? record.line.sku,
      quantity: record.line.quantity,
      value: { amount: line.unit_price * record.line.quantity, currency: line.currency },
      weight_grams,
    },
  ];
}
