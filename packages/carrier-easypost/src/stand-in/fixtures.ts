/**
 * @module stand-in/fixtures — EasyPost's objects as its API reference documents them, for
 * the stand-in to answer with. Each builder cites the page it follows; field names and value
 * shapes (decimal strings for money, ids with their prefixes) are the reference's.
 */

import { randomBytes } from "node:crypto";

function easypostId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString("hex")}`;
}

/**
 * The error body: https://docs.easypost.com/docs/errors ("Error object": code, message,
 * errors). The statuses are that page's "Common HTTP Status Codes".
 */
function errorBody(code: string, message: string, errors: unknown[] = []): unknown {
  return { error: { code, message, errors } };
}

/** 404, as recorded from the API in the SDK's test cassettes (`NOT_FOUND`). */
export const NOT_FOUND = errorBody("NOT_FOUND", "The requested resource could not be found.");

/**
 * 422 for a missing `shipment`: https://docs.easypost.com/docs/errors and the SDK's recorded
 * "pulls out error properties of an API error" cassette (`PARAMETER.REQUIRED`).
 */
export function parameterRequired(field: string): unknown {
  return errorBody("PARAMETER.REQUIRED", "Missing required parameter.", [
    { field, message: "cannot be blank" },
  ]);
}

/**
 * 422 for buying a shipment that already has postage: the code EasyPost documents in its
 * list of error codes (https://docs.easypost.com/docs/errors, `SHIPMENT.POSTAGE.EXISTS`).
 */
export const POSTAGE_EXISTS = errorBody(
  "SHIPMENT.POSTAGE.EXISTS",
  "Postage already exists for this shipment.",
);

/**
 * 401: https://docs.easypost.com/docs/errors ("Authentication is required and has failed");
 * the API key is the Basic-auth user name (https://docs.easypost.com/docs/authentication). The
 * reference gives no body for it; the code here only follows the error object's shape.
 */
export const UNAUTHORIZED = errorBody(
  "APIKEY.REQUIRED",
  "Authentication is required and has failed.",
);

/** 500: https://docs.easypost.com/docs/errors ("An unexpected condition was encountered"). */
export const INTERNAL = errorBody("INTERNAL_SERVER_ERROR", "We're sorry, something went wrong.");

/**
 * A Rate: https://docs.easypost.com/docs/shipments/rates ("Rate object": id rate_…, service,
 * carrier, rate and currency as a decimal string and ISO 4217 code, shipment_id).
 */
function rate(shipmentId: string, service: string, amount: string): Record<string, unknown> {
  return {
    id: easypostId("rate"),
    object: "Rate",
    mode: "test",
    service,
    carrier: "USPS",
    rate: amount,
    currency: "USD",
    shipment_id: shipmentId,
    carrier_account_id: "ca_standin",
  };
}

/**
 * A Shipment just created: https://docs.easypost.com/docs/shipments ("Shipment object"):
 * is_return and the addresses as sent, rates, and no postage_label, tracking_code,
 * selected_rate or tracker until it is bought.
 */
export function createdShipment(params: Record<string, unknown>): Record<string, unknown> {
  const id = easypostId("shp");
  const now = new Date().toISOString();
  return {
    id,
    object: "Shipment",
    mode: "test",
    created_at: now,
    updated_at: now,
    is_return: params.is_return === true,
    reference: params.reference ?? null,
    options: params.options ?? {},
    to_address: { id: easypostId("adr"), object: "Address", ...(params.to_address as object) },
    from_address: { id: easypostId("adr"), object: "Address", ...(params.from_address as object) },
    parcel: { id: easypostId("prcl"), object: "Parcel", ...(params.parcel as object) },
    customs_info: params.customs_info ?? null,
    rates: [rate(id, "GroundAdvantage", "5.93"), rate(id, "Priority", "8.15")],
    messages: [],
    status: "unknown",
    tracking_code: null,
    postage_label: null,
    selected_rate: null,
    tracker: null,
    refund_status: null,
    forms: [],
  };
}

/**
 * The shipment once bought: https://docs.easypost.com/docs/shipments#buy-a-shipment
 * (postage_label with label_url, tracking_code, selected_rate, a Tracker with public_url).
 */
export function bought(
  shipment: Record<string, unknown>,
  chosen: Record<string, unknown>,
  baseUrl: string,
): Record<string, unknown> {
  const tracking = `9400${randomBytes(9).readBigUInt64BE().toString().padStart(18, "0").slice(-18)}`;
  const tracker = easypostId("trk");
  return {
    ...shipment,
    updated_at: new Date().toISOString(),
    tracking_code: tracking,
    selected_rate: chosen,
    postage_label: {
      id: easypostId("pl"),
      object: "PostageLabel",
      label_file_type: "image/png",
      label_size: "4x6",
      label_url: `${baseUrl}/files/postage_label/${tracking}.png`,
    },
    tracker: {
      id: tracker,
      object: "Tracker",
      mode: "test",
      tracking_code: tracking,
      status: "unknown",
      shipment_id: shipment.id,
      carrier: "USPS",
      tracking_details: [],
      public_url: `https://track.easypost.com/${tracker}`,
    },
  };
}

/**
 * A form made after the buy: https://docs.easypost.com/docs/shipments/forms ("Form object":
 * form_type, form_url); the API answers with the shipment, its `forms` holding it.
 */
export function withForm(
  shipment: Record<string, unknown>,
  formType: string,
  baseUrl: string,
): Record<string, unknown> {
  const form = {
    id: easypostId("form"),
    object: "Form",
    mode: "test",
    form_type: formType,
    form_url: `${baseUrl}/files/form/${String(shipment.id)}-${formType}.png`,
    submitted_electronically: null,
  };
  return { ...shipment, forms: [...((shipment.forms as unknown[]) ?? []), form] };
}

/**
 * A Tracker update as an Event: https://docs.easypost.com/docs/events ("Event object": id evt_…,
 * description `tracker.updated`, result) with the Tracker of https://docs.easypost.com/docs/trackers
 * (status, tracking_details with datetime, message, status, tracking_location). `weight` stays
 * null: the SDK rewrites whole-number weights before it checks the signature.
 */
export function trackerEvent(input: {
  id: string;
  tracking_code: string;
  status: string;
  datetime: string;
  description?: string;
}): Record<string, unknown> {
  return {
    id: input.id,
    object: "Event",
    mode: "test",
    description: input.description ?? "tracker.updated",
    previous_attributes: {},
    created_at: new Date().toISOString(),
    status: "pending",
    result: {
      id: easypostId("trk"),
      object: "Tracker",
      mode: "test",
      tracking_code: input.tracking_code,
      status: input.status,
      carrier: "USPS",
      weight: null,
      // When EasyPost last updated the tracker (on delivery of the event), not the scan time.
      updated_at: new Date().toISOString(),
      tracking_details: [
        {
          object: "TrackingDetail",
          message: "Pre-Shipment Info Sent to USPS",
          status: "pre_transit",
          datetime: "2026-03-01T08:00:00Z",
          tracking_location: {
            object: "TrackingLocation",
            city: null,
            state: null,
            country: null,
            zip: null,
          },
        },
        {
          object: "TrackingDetail",
          message: `Scanned: ${input.status}`,
          status: input.status,
          datetime: input.datetime,
          tracking_location: {
            object: "TrackingLocation",
            city: "Redondo Beach",
            state: "CA",
            country: "US",
            zip: "90277",
          },
        },
      ],
    },
  };
}
