/**
 * @module shipment-params — a `LabelRequest` as EasyPost's "create a shipment" body
 * (https://docs.easypost.com/docs/shipments#create-a-shipment). A return is a shipment with
 * `is_return: true`, and EasyPost then swaps the roles of the addresses: `to_address` is where
 * the parcel is picked up (the customer) and `from_address` where it goes (the shop); see
 * https://docs.easypost.com/docs/insurance ("a Shipment with its is_return property set to true
 * actually ships to the listed from_address"). Weights are ounces and lengths inches there.
 */

import type { CarrierAddress, CarrierItem, CarrierParcel, LabelRequest } from "@returnkit/core";
import { CarrierError } from "@returnkit/core";
import { toDecimal } from "./money";

const GRAMS_PER_OUNCE = 28.349523125;
const MM_PER_INCH = 25.4;

/** One decimal, never below 0.1: EasyPost takes floats, and a zero weight is refused. */
function oneDecimal(value: number): number {
  return Math.max(0.1, Math.round(value * 10) / 10);
}

function address(value: CarrierAddress): Record<string, string> {
  const out: Record<string, string> = {
    name: value.name,
    street1: value.street1,
    city: value.city,
    zip: value.postal_code,
    country: value.country,
  };
  for (const [key, field] of [
    ["company", value.company],
    ["street2", value.street2],
    ["state", value.state],
    ["phone", value.phone],
    ["email", value.email],
  ] as const) {
    if (field !== undefined) out[key] = field;
  }
  return out;
}

function parcel(value: CarrierParcel): Record<string, number> {
  const out: Record<string, number> = { weight: oneDecimal(value.weight_grams / GRAMS_PER_OUNCE) };
  if (value.length_mm !== undefined) out.length = oneDecimal(value.length_mm / MM_PER_INCH);
  if (value.width_mm !== undefined) out.width = oneDecimal(value.width_mm / MM_PER_INCH);
  if (value.height_mm !== undefined) out.height = oneDecimal(value.height_mm / MM_PER_INCH);
  return out;
}

function customsItem(item: CarrierItem): Record<string, unknown> {
  return {
    description: item.description,
    quantity: item.quantity,
    value: toDecimal(item.value),
    currency: item.value.currency,
    weight: oneDecimal(item.weight_grams / GRAMS_PER_OUNCE),
    ...(item.hs_tariff_number === undefined ? {} : { hs_tariff_number: item.hs_tariff_number }),
    ...(item.origin_country === undefined ? {} : { origin_country: item.origin_country }),
  };
}

/**
 * Customs data only when the parcel crosses a border; `returned_goods` is EasyPost's contents
 * type for a return (https://docs.easypost.com/docs/customs-infos).
 */
function customsInfo(request: LabelRequest): Record<string, unknown> | undefined {
  if (request.from.country === request.to.country) return undefined;
  return {
    contents_type: "returned_goods",
    customs_certify: true,
    customs_signer: request.from.name,
    eel_pfc: "NOEEI 30.37(a)",
    non_delivery_option: "return",
    customs_items: request.items.map(customsItem),
  };
}

/** The `shipment` object to create; EasyPost ships one parcel per shipment. */
export function shipmentParams(
  request: LabelRequest,
  carrierAccounts: readonly string[],
): Record<string, unknown> {
  const [only, ...more] = request.parcels;
  if (only === undefined || more.length > 0) {
    throw new CarrierError(
      "invalid_request",
      "EasyPost ships one parcel per shipment: send one label request per parcel.",
    );
  }
  const customs = customsInfo(request);
  return {
    is_return: true,
    // Returns: to_address is the customer, from_address the shop (see the module comment).
    to_address: address(request.from),
    from_address: address(request.to),
    parcel: parcel(only),
    reference: request.idempotency_key,
    options: { print_custom_1: request.reference },
    ...(customs === undefined ? {} : { customs_info: customs }),
    ...(carrierAccounts.length === 0 ? {} : { carrier_accounts: [...carrierAccounts] }),
  };
}
