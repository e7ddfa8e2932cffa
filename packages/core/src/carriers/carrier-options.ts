/**
 * @module carriers/carrier-options — the service's `carriers` option: which carrier buys the
 * return labels and where they go, which carriers' tracking webhooks are taken, and when a
 * parcel that no scan moved is called stalled. Checked at construction like every option.
 */
import { z } from "zod";
import {
  aBoolean,
  aNonEmptyString,
  hostObject,
  optionsObject,
  positiveInteger,
} from "../util/option-checks";
import type { Carrier, CarrierAddress, CarrierParcel } from "./carrier";

export interface CarrierOptions {
  /**
   * The carrier return labels are bought from, once a return (or its whole request: one
   * parcel) is approved. Absent: no label is bought (the `manual` way: staff type the
   * tracking number at `ship`).
   */
  label?: Carrier;
  /**
   * Carriers whose tracking webhooks `POST /v1/carriers/{name}/events` takes, besides `label`
   * (which is always taken).
   */
  tracking?: readonly Carrier[];
  /** The shop's returns address: where every label goes. */
  returnsAddress: CarrierAddress;
  /** The parcel a label is bought for (default 1 kg, no dimensions). */
  parcel?: CarrierParcel;
  /** The carrier's service to buy (default: the cheapest it offers). */
  service?: string;
  /** True: the customer drops the parcel off with a code instead of a printed label. */
  paperless?: boolean;
  /**
   * Days after a label was bought by which a scan should have moved its return; a return no
   * scan moved by then is listed by `GET /v1/merchant/returns?stalled=true`. Default 14.
   */
  stalledAfterDays?: number;
}

/** The `carriers` option with its defaults filled in. */
export interface CarrierSettings {
  label: Carrier | null;
  /** Every carrier whose webhooks are taken, by name (`label` included). */
  tracking: ReadonlyMap<string, Carrier>;
  returnsAddress: CarrierAddress;
  parcel: CarrierParcel;
  service: string | undefined;
  paperless: boolean;
  stalledAfterMs: number;
}

const DEFAULT_PARCEL: CarrierParcel = { weight_grams: 1_000 };
const DEFAULT_STALLED_AFTER_DAYS = 14;
const DAY_MS = 86_400_000;
/** How long after its label was bought a parcel no scan moved is stalled, without the option. */
export const DEFAULT_STALLED_AFTER_MS = DEFAULT_STALLED_AFTER_DAYS * DAY_MS;

const aCarrier = hostObject<Carrier>(
  "a carrier ({ name, prepareLabel, buyLabel, voidLabel, parseTrackingEvent }), such as easypostCarrier({...})",
  ["prepareLabel", "buyLabel", "voidLabel", "parseTrackingEvent"],
);

const addressSchema = optionsObject(
  {
    name: aNonEmptyString,
    company: z.string().optional(),
    street1: aNonEmptyString,
    street2: z.string().optional(),
    city: aNonEmptyString,
    state: z.string().optional(),
    postal_code: aNonEmptyString,
    country: z.string().regex(/^[A-Z]{2}$/, "expected an ISO 3166-1 alpha-2 code (DE)"),
    phone: z.string().optional(),
    email: z.string().optional(),
  },
  "an address { name, street1, city, postal_code, country, … }",
);

export const carrierOptionsSchema = optionsObject(
  {
    label: aCarrier.optional(),
    tracking: z.array(aCarrier).readonly().optional(),
    returnsAddress: addressSchema,
    parcel: optionsObject({
      weight_grams: positiveInteger("grams"),
      length_mm: positiveInteger("mm").optional(),
      width_mm: positiveInteger("mm").optional(),
      height_mm: positiveInteger("mm").optional(),
    }).optional(),
    service: aNonEmptyString.optional(),
    paperless: aBoolean.optional(),
    stalledAfterDays: positiveInteger("days").optional(),
  },
  "{ label?, tracking?, returnsAddress, parcel?, service?, paperless?, stalledAfterDays? }",
);

/** The settings of a checked `carriers` option; null without one. */
export function carrierSettings(options: CarrierOptions | undefined): CarrierSettings | null {
  if (!options) return null;
  const tracking = new Map<string, Carrier>();
  for (const carrier of [...(options.tracking ?? []), ...(options.label ? [options.label] : [])]) {
    tracking.set(carrier.name, carrier);
  }
  return {
    label: options.label ?? null,
    tracking,
    returnsAddress: options.returnsAddress,
    parcel: options.parcel ?? DEFAULT_PARCEL,
    service: options.service,
    paperless: options.paperless ?? false,
    stalledAfterMs: (options.stalledAfterDays ?? DEFAULT_STALLED_AFTER_DAYS) * DAY_MS,
  };
}
