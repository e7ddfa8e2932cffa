/** @module domain/tracking-statuses — the canonical statuses of a carrier's scans (`carriers/carrier.ts`). */

/** The canonical tracking statuses, in the order a parcel usually passes them. */
export const TRACKING_STATUSES = [
  "label_created",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "exception",
  "returned_to_sender",
] as const;

export type TrackingStatus = (typeof TRACKING_STATUSES)[number];
