/**
 * @module returns/parcels/tracking-delivery — a carrier's tracking webhook taken in: verified
 * and parsed by the carrier's adapter, each scan matched to the returns of its parcel by
 * tracking number (`listReturns({ tracking_number })`), and applied to each in a commit of its
 * own (`tracking-scan.ts`), with `return.tracking_updated` and any lifecycle event it causes.
 *
 * A scan of a tracking number no return holds is ignored and the delivery still answered 200:
 * carriers retry, then disable, a webhook that answers anything else, and such a scan (a
 * parcel of the shop's outbound mail, a label bought elsewhere) will never match.
 */
import type { TrackingDelivery, TrackingEvent } from "../../carriers/carrier";
import type { CarrierSettings } from "../../carriers/carrier-options";
import { problems } from "../../domain/problems";
import type { EventOrigin } from "../event-origin";
import { withOrderLine } from "../reader";
import { commitChange, timestamp, type WritePathDeps } from "../write-path";
import { applyScan } from "./tracking-scan";

/** How many times a scan re-reads a return and retries after losing a version race. */
const MAX_SCAN_ATTEMPTS = 8;
/** The most returns one parcel's scan updates: a request's returns, with room to spare. */
const PARCEL_RETURNS_MAX = 100;

/** What a tracking webhook did: the scans it held, and the returns they changed. */
export interface TrackingReceipt {
  object: "tracking_receipt";
  events: number;
  returns_updated: number;
}

type TrackingDeps = WritePathDeps & { carriers?: CarrierSettings | null };

/** Verifies `delivery` with carrier `name`'s adapter and records its scans; 404/401/400 when refused. */
export async function recordTrackingDelivery(
  deps: TrackingDeps,
  name: string,
  delivery: TrackingDelivery,
  origin: EventOrigin,
): Promise<TrackingReceipt> {
  const carrier = deps.carriers?.tracking.get(name);
  if (!carrier) throw problems.carrierNotFound(name);
  const parsed = await carrier.parseTrackingEvent(delivery);
  if (!parsed.ok) {
    if (parsed.reason === "signature_invalid") throw problems.trackingSignatureInvalid(name);
    if (parsed.reason === "malformed") throw problems.trackingEventMalformed(name);
    throw problems.carrierNotFound(name);
  }
  let updated = 0;
  for (const scan of parsed.events) {
    const page = await deps.store.listReturns({
      tracking_number: scan.tracking_number,
      limit: PARCEL_RETURNS_MAX,
    });
    for (const { record } of page.data) {
      if (await recordScan(deps, record.id, scan, origin)) updated++;
    }
  }
  return { object: "tracking_receipt", events: parsed.events.length, returns_updated: updated };
}

/** Applies `scan` to return `id` in one commit; false when the return held it already. */
async function recordScan(
  deps: WritePathDeps,
  id: string,
  scan: TrackingEvent,
  origin: EventOrigin,
): Promise<boolean> {
  for (let attempt = 1; attempt <= MAX_SCAN_ATTEMPTS; attempt++) {
    const stored = await deps.store.getReturn(id);
    if (!stored) return false;
    const current = withOrderLine(stored);
    const change = applyScan(current, scan, timestamp(deps.now), deps.maxHistoryEntries);
    if (!change) return false;
    const outcome = await commitChange(deps, {
      current,
      next: change.next,
      entries: change.entries,
      recorded: change.recorded,
      status: 200,
      key: null,
      origin,
    });
    if (outcome.kind === "committed") return true;
  }
  throw problems.concurrentUpdate(id);
}
