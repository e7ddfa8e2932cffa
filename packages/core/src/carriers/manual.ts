/**
 * @module carriers/manual — the `manual` carrier, the default: no labels and no webhooks; staff
 * enter the tracking number and what happened to the parcel, and `staffEvent` turns that into
 * the same canonical event a provider's webhook yields.
 */

import {
  type BuyOutcome,
  type Carrier,
  type PreparedLabel,
  TRACKING_STATUSES,
  type TrackingEvent,
  type TrackingParse,
  type TrackingStatus,
  type VoidOutcome,
} from "./carrier";
import { CarrierError } from "./carrier-error";

/** What staff enter for one scan of a parcel. */
export interface StaffTrackingInput {
  tracking_number: string;
  status: TrackingStatus;
  /** When it happened (ISO 8601 with an offset or Z), as staff read it from the carrier. */
  occurred_at: string;
  /** The carrier's name, for the record (default `manual`). */
  carrier?: string;
  description?: string;
  location?: string;
}

export interface ManualCarrier extends Carrier {
  /**
   * The canonical event for what staff entered; rejects with `invalid_request` when an entry
   * is missing or wrong. The same entry always yields the same `provider_event_id`, so one
   * entered twice is de-duplicated like a redelivered webhook.
   */
  staffEvent(input: StaffTrackingInput): TrackingEvent;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real time: the pattern, and a calendar day that exists (Date.parse rolls 30 February on). */
function isInstant(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_INSTANT.test(value)) return false;
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    !Number.isNaN(Date.parse(value))
  );
}

function unsupported(what: string): CarrierError {
  return new CarrierError(
    "unsupported",
    `The manual carrier ${what}: staff enter the tracking number.`,
  );
}

function staffIssues(input: StaffTrackingInput): string[] {
  const issues: string[] = [];
  if (typeof input.tracking_number !== "string" || input.tracking_number.trim() === "") {
    issues.push("tracking_number is required");
  }
  if (!(TRACKING_STATUSES as readonly string[]).includes(input.status)) {
    issues.push(`status is not one of ${TRACKING_STATUSES.join(", ")}`);
  }
  if (!isInstant(input.occurred_at)) {
    issues.push("occurred_at is not an ISO 8601 time with an offset");
  }
  return issues;
}

function staffEvent(input: StaffTrackingInput): TrackingEvent {
  const issues = staffIssues(input);
  if (issues.length > 0)
    throw new CarrierError("invalid_request", `Invalid tracking entry: ${issues.join("; ")}.`);
  const occurred = new Date(input.occurred_at).toISOString();
  const tracking = input.tracking_number.trim();
  return {
    carrier: input.carrier ?? "manual",
    provider_event_id: `manual:${tracking}:${input.status}:${occurred}`,
    tracking_number: tracking,
    status: input.status,
    occurred_at: occurred,
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.location === undefined ? {} : { location: input.location }),
  };
}

/** The carrier of a shop that buys no labels through returnkit. */
export function manualCarrier(): ManualCarrier {
  return {
    name: "manual",
    capabilities: { labels: false, webhooks: false },
    prepareLabel: (): Promise<PreparedLabel> => Promise.reject(unsupported("buys no labels")),
    buyLabel: (): Promise<BuyOutcome> => Promise.reject(unsupported("buys no labels")),
    voidLabel: (): Promise<VoidOutcome> => Promise.reject(unsupported("has no labels to void")),
    parseTrackingEvent: (): Promise<TrackingParse> =>
      Promise.resolve({ ok: false, reason: "unsupported" }),
    staffEvent,
  };
}
