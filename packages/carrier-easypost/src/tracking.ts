/**
 * @module tracking — EasyPost's tracking webhooks as canonical events. EasyPost signs each Event
 * it posts with the webhook's secret: `X-Hmac-Signature: hmac-sha256-hex=<hex>`, the HMAC-SHA256
 * of the raw body (https://docs.easypost.com/docs/webhooks, "HMAC Validation"); the SDK's
 * `Utils.validateWebhook` checks it in constant time. A Tracker event carries the tracker,
 * whose `tracking_details` list the scans oldest first (https://docs.easypost.com/docs/trackers).
 */

import type { TrackingEvent, TrackingParse, TrackingStatus } from "@returnkit/core";
import type { EasyPostEvent, EasyPostTracker, EasyPostTrackingDetail } from "./shapes";

/** EasyPost's tracker statuses (https://docs.easypost.com/docs/trackers) as canonical ones. */
const STATUSES: Readonly<Record<string, TrackingStatus>> = {
  pre_transit: "label_created",
  in_transit: "in_transit",
  available_for_pickup: "in_transit",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  return_to_sender: "returned_to_sender",
  failure: "exception",
  error: "exception",
  cancelled: "exception",
};

const TRACKER_EVENTS = new Set(["tracker.created", "tracker.updated"]);

function canonicalStatus(status: string): TrackingStatus | undefined {
  return STATUSES[status];
}

function location(detail: EasyPostTrackingDetail | undefined): string | undefined {
  const place = detail?.tracking_location;
  if (place === undefined || place === null) return undefined;
  const parts = [place.city, place.state, place.country].filter((part): part is string => !!part);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

function isTracker(value: unknown): value is EasyPostTracker {
  const tracker = value as EasyPostTracker | null;
  return (
    typeof tracker === "object" &&
    tracker !== null &&
    tracker.object === "Tracker" &&
    typeof tracker.tracking_code === "string" &&
    typeof tracker.status === "string"
  );
}

/** The scan the tracker's status comes from: the latest detail with that status, else the latest. */
function latestScan(tracker: EasyPostTracker): EasyPostTrackingDetail | undefined {
  const details = Array.isArray(tracker.tracking_details) ? tracker.tracking_details : [];
  return details.findLast((detail) => detail.status === tracker.status) ?? details.at(-1);
}

/** A verified Event's body as canonical events: none for an event about anything but tracking. */
export function trackingEvents(event: EasyPostEvent, carrier: string): TrackingParse {
  if (typeof event?.id !== "string" || event.object !== "Event")
    return { ok: false, reason: "malformed" };
  if (!TRACKER_EVENTS.has(event.description)) return { ok: true, events: [] };
  if (!isTracker(event.result)) return { ok: false, reason: "malformed" };
  const tracker = event.result;
  const status = canonicalStatus(tracker.status);
  if (status === undefined) return { ok: true, events: [] };
  const scan = latestScan(tracker);
  const when = Date.parse(scan?.datetime ?? tracker.updated_at ?? "");
  if (Number.isNaN(when)) return { ok: false, reason: "malformed" };
  const place = location(scan);
  const canonical: TrackingEvent = {
    carrier,
    provider_event_id: event.id,
    tracking_number: tracker.tracking_code,
    status,
    occurred_at: new Date(when).toISOString(),
    ...(scan?.message ? { description: scan.message } : {}),
    ...(place === undefined ? {} : { location: place }),
  };
  return { ok: true, events: [canonical] };
}
