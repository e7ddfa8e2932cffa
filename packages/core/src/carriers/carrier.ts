/**
 * @module carriers/carrier — the carrier contract: what the service asks of a shipping provider
 * for a return, in the provider's neutral words. A return label is bought in two phases so that
 * a crash or an outage never yields two paid labels or none: `prepareLabel` creates the
 * provider's shipment (no charge) and the caller commits its id; `buyLabel` charges for that
 * shipment, and a second buy of the same shipment is refused by the provider and answered as
 * `already_bought`. Tracking webhooks are verified and parsed into canonical events that carry
 * the provider's event id (for de-duplication) and the carrier's scan time (for ordering).
 *
 * What providers differ in (who swaps the addresses of a return, pay-on-scan, QR codes) stays
 * inside each adapter. Money is in integer minor units with its currency; weights in grams,
 * lengths in millimetres.
 */

import { TRACKING_STATUSES, type TrackingStatus } from "../domain/tracking-statuses";

// Defined in domain, where the return's `tracking` record is typed by them too.
export { TRACKING_STATUSES, type TrackingStatus };

/** An amount in the currency's minor unit (cents for EUR), never a float. */
export interface CarrierMoney {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface CarrierAddress {
  name: string;
  company?: string;
  street1: string;
  street2?: string;
  city: string;
  state?: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string;
  email?: string;
}

export interface CarrierParcel {
  weight_grams: number;
  length_mm?: number;
  width_mm?: number;
  height_mm?: number;
}

/** One kind of item in the parcel: its value, and the customs data a border crossing needs. */
export interface CarrierItem {
  description: string;
  quantity: number;
  /** Of all `quantity` units together. */
  value: CarrierMoney;
  weight_grams: number;
  hs_tariff_number?: string;
  /** ISO 3166-1 alpha-2. */
  origin_country?: string;
}

/**
 * A return label wanted for a return or a return request: from the customer to the shop's
 * returns address. The adapter, not the caller, knows whether its provider wants the addresses
 * swapped for a return.
 */
export interface LabelRequest {
  /** The return's or the request's id, recorded with the provider's shipment. */
  reference: string;
  /**
   * Stable across retries of the same label. Providers have no idempotency key for buying a
   * label (hence the two phases); an adapter records it with the shipment where it can.
   */
  idempotency_key: string;
  /** The customer's address. */
  from: CarrierAddress;
  /** The shop's returns address. */
  to: CarrierAddress;
  /** At least one. */
  parcels: CarrierParcel[];
  items: CarrierItem[];
  /** The provider's name of the service wanted; absent: the cheapest the provider offers. */
  service?: string;
  /** True: the customer drops the parcel off with a code (QR) instead of a printed label. */
  paperless: boolean;
}

/** The provider's shipment, created but not paid for: commit `shipment_id` before buying. */
export interface PreparedLabel {
  carrier: string;
  shipment_id: string;
  /** The provider's handle for the price chosen (a rate id), passed back to `buyLabel`. */
  rate_id: string | null;
  service: string;
  /** What the provider quotes for it; the label's `cost` is what was charged. */
  quoted_cost: CarrierMoney | null;
  /** The request's `paperless`, kept for the buy (a QR code is made once the label is bought). */
  paperless: boolean;
}

export interface Label {
  carrier: string;
  shipment_id: string;
  service: string;
  tracking_number: string;
  tracking_url: string;
  label_url?: string;
  qr_code_url?: string;
  cost?: CarrierMoney;
}

/**
 * `already_bought`: the provider refused a second buy of the shipment; `label` is the label it
 * holds when the provider lets it be read back, else null.
 */
export type BuyOutcome =
  | { kind: "bought"; label: Label }
  | { kind: "already_bought"; label: Label | null };

/** `pending`: the provider accepted the void and settles it later (a refund under review). */
export type VoidOutcome =
  | { kind: "voided" }
  | { kind: "pending" }
  | { kind: "refused"; reason: string };

/** One scan of the parcel as the carrier reported it. */
export interface TrackingEvent {
  carrier: string;
  /** The provider's id of this event: the same on every redelivery of it. */
  provider_event_id: string;
  tracking_number: string;
  status: TrackingStatus;
  /** The carrier's scan time (ISO 8601), for ordering: never when it was delivered to us. */
  occurred_at: string;
  description?: string;
  location?: string;
}

/** A tracking webhook as it arrived: headers and the raw body, byte for byte. */
export interface TrackingDelivery {
  headers: Headers | Record<string, string>;
  body: string;
}

/**
 * `unsupported`: this carrier takes no webhooks; `signature_invalid`: missing or wrong
 * signature (forged or tampered); `malformed`: signed, but not a shape the adapter knows.
 * A verified delivery about something other than tracking is `ok` with no events.
 */
export type TrackingParse =
  | { ok: true; events: TrackingEvent[] }
  | { ok: false; reason: "unsupported" | "signature_invalid" | "malformed" };

export interface CarrierCapabilities {
  /** Buys labels; when false `prepareLabel` and `buyLabel` reject with code `unsupported`. */
  labels: boolean;
  /** Takes tracking webhooks; when false `parseTrackingEvent` answers `unsupported`. */
  webhooks: boolean;
}

/**
 * A shipping provider. Every method MUST either resolve to its typed outcome or reject with a
 * `CarrierError`; none MAY charge for a label except `buyLabel`.
 */
export interface Carrier {
  /** The adapter's name (`manual`, `easypost`, …): what `Label.carrier` and events carry. */
  readonly name: string;
  readonly capabilities: CarrierCapabilities;
  /** Creates the provider's shipment for `request`. MUST NOT charge. */
  prepareLabel(request: LabelRequest): Promise<PreparedLabel>;
  /**
   * Charges for the prepared shipment. A second call for the same shipment MUST resolve to
   * `already_bought` (the provider refuses it), never to a second label.
   */
  buyLabel(prepared: PreparedLabel): Promise<BuyOutcome>;
  /** Asks the provider to void the label of a bought shipment and refund it. */
  voidLabel(shipment_id: string): Promise<VoidOutcome>;
  /** Verifies a tracking webhook's signature, then parses it. MUST NOT throw for a bad one. */
  parseTrackingEvent(delivery: TrackingDelivery): Promise<TrackingParse>;
}
