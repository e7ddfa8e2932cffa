/**
 * @module easypost-carrier — the carrier contract on EasyPost, through its SDK (`@easypost/api`).
 * `prepareLabel` creates a return shipment (no charge; EasyPost rates it), `buyLabel` buys the
 * chosen rate (https://docs.easypost.com/docs/shipments#buy-a-shipment); EasyPost refuses a
 * second buy with `SHIPMENT.POSTAGE.EXISTS`, answered here as `already_bought` with the
 * shipment read back. A paperless label is a USPS Label Broker QR code, a form created after
 * the buy (https://docs.easypost.com/docs/shipments/forms, `label_qr_code`).
 */

import EasyPostClient from "@easypost/api";
import {
  assertLabelRequest,
  type BuyOutcome,
  type Carrier,
  CarrierError,
  type Label,
  type LabelRequest,
  type PreparedLabel,
  type TrackingDelivery,
  type TrackingParse,
  type VoidOutcome,
} from "@returnkit/core";
import { POSTAGE_EXISTS, sdkError, toCarrierError } from "./errors";
import { toMinor } from "./money";
import type { EasyPostEvent, EasyPostRate, EasyPostShipment } from "./shapes";
import { shipmentParams } from "./shipment-params";
import { trackingEvents } from "./tracking";

export interface EasyPostCarrierOptions {
  /** A test (`EZTK…`) or production (`EZAK…`) API key. */
  apiKey: string;
  /** The secret given when the webhook was created: tracking webhooks are verified with it. */
  webhookSecret: string;
  /** EasyPost's carrier accounts to rate with (default: all of the account's). */
  carrierAccounts?: readonly string[];
  /** Only for tests against a stand-in of the API (default EasyPost's own). */
  baseUrl?: string;
  /** Milliseconds before a call is given up (default 30 000). */
  timeoutMs?: number;
}

const NAME = "easypost";

function chooseRate(shipment: EasyPostShipment, service: string | undefined): EasyPostRate {
  const rates = shipment.rates ?? [];
  const wanted = service?.toLowerCase();
  const fitting =
    wanted === undefined ? rates : rates.filter((rate) => rate.service.toLowerCase() === wanted);
  const cheapest = [...fitting].sort((a, b) => Number(a.rate) - Number(b.rate))[0];
  if (cheapest !== undefined) return cheapest;
  const why = shipment.messages?.map((m) => m.message).join("; ");
  throw new CarrierError(
    "invalid_request",
    `EasyPost offers no rate${service === undefined ? "" : ` for service ${service}`} on shipment ${shipment.id}${why ? `: ${why}` : "."}`,
  );
}

function labelOf(shipment: EasyPostShipment): Label | null {
  const rate = shipment.selected_rate;
  if (shipment.tracking_code === null || rate === null) return null;
  const qr = shipment.forms?.find((form) => form.form_type === "label_qr_code")?.form_url;
  const labelUrl = shipment.postage_label?.label_url ?? undefined;
  const cost = toMinor(rate.rate, rate.currency) ?? undefined;
  return {
    carrier: NAME,
    shipment_id: shipment.id,
    service: `${rate.carrier} ${rate.service}`,
    tracking_number: shipment.tracking_code,
    // EasyPost returns a tracker with every bought shipment; a bought label is never dropped
    // for want of one.
    tracking_url: shipment.tracker?.public_url ?? "",
    ...(labelUrl === undefined ? {} : { label_url: labelUrl }),
    ...(qr === undefined ? {} : { qr_code_url: qr }),
    ...(cost === undefined ? {} : { cost }),
  };
}

function plainHeaders(headers: TrackingDelivery["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** The carrier contract on EasyPost. */
export function easypostCarrier(options: EasyPostCarrierOptions): Carrier {
  const client = new EasyPostClient(options.apiKey, {
    timeout: options.timeoutMs ?? 30_000,
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  });
  const accounts = options.carrierAccounts ?? [];

  async function call<T>(doing: string, run: () => Promise<unknown>): Promise<T> {
    try {
      return (await run()) as T;
    } catch (error) {
      throw toCarrierError(error, doing);
    }
  }

  async function prepareLabel(request: LabelRequest): Promise<PreparedLabel> {
    assertLabelRequest(request);
    const params = shipmentParams(request, accounts);
    const shipment = await call<EasyPostShipment>("creating a shipment", () =>
      client.Shipment.create(params),
    );
    const rate = chooseRate(shipment, request.service);
    return {
      carrier: NAME,
      shipment_id: shipment.id,
      rate_id: rate.id,
      service: `${rate.carrier} ${rate.service}`,
      quoted_cost: toMinor(rate.rate, rate.currency),
      paperless: request.paperless,
    };
  }

  async function readBack(shipmentId: string): Promise<Label | null> {
    const shipment = await call<EasyPostShipment>("reading a shipment", () =>
      client.Shipment.retrieve(shipmentId),
    );
    return labelOf(shipment);
  }

  async function buyLabel(prepared: PreparedLabel): Promise<BuyOutcome> {
    if (prepared.rate_id === null)
      throw new CarrierError(
        "invalid_request",
        "An EasyPost label is bought at a rate: rate_id is null.",
      );
    let bought: EasyPostShipment;
    try {
      bought = (await client.Shipment.buy(
        prepared.shipment_id,
        prepared.rate_id,
      )) as EasyPostShipment;
    } catch (error) {
      if (sdkError(error).code !== POSTAGE_EXISTS) throw toCarrierError(error, "buying a label");
      return { kind: "already_bought", label: await readBack(prepared.shipment_id) };
    }
    if (prepared.paperless) {
      bought = await call<EasyPostShipment>("creating the label's QR code", () =>
        client.Shipment.generateForm(prepared.shipment_id, "label_qr_code"),
      );
    }
    const label = labelOf(bought);
    if (label === null)
      throw new CarrierError(
        "refused",
        `EasyPost bought shipment ${bought.id} but returned no tracking code.`,
      );
    return { kind: "bought", label };
  }

  async function voidLabel(shipmentId: string): Promise<VoidOutcome> {
    const shipment = await call<EasyPostShipment>("voiding a label", () =>
      client.Shipment.refund(shipmentId),
    );
    switch (shipment.refund_status) {
      case "refunded":
        return { kind: "voided" };
      case "submitted":
        return { kind: "pending" };
      default:
        return {
          kind: "refused",
          reason: `EasyPost answered refund_status ${String(shipment.refund_status)}.`,
        };
    }
  }

  function parseTrackingEvent(delivery: TrackingDelivery): Promise<TrackingParse> {
    let event: EasyPostEvent;
    try {
      event = client.Utils.validateWebhook(
        Buffer.from(delivery.body, "utf8"),
        plainHeaders(delivery.headers),
        options.webhookSecret,
      ) as EasyPostEvent;
    } catch {
      return Promise.resolve({ ok: false, reason: "signature_invalid" });
    }
    return Promise.resolve(trackingEvents(event, NAME));
  }

  return {
    name: NAME,
    capabilities: { labels: true, webhooks: true },
    prepareLabel,
    buyLabel,
    voidLabel,
    parseTrackingEvent,
  };
}
