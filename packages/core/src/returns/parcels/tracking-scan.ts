/**
 * @module returns/parcels/tracking-scan — what one carrier scan does to one return of its
 * parcel: recorded once (a scan whose `provider_event_id` the return holds is a replay, and
 * changes nothing), and moving the return forward in lifecycle order whatever order the scans
 * arrive in. The first scan that says the parcel travels (`in_transit`, `out_for_delivery`)
 * ships an approved return; `delivered` ships it if no scan did, then receives it. A scan
 * that comes after the return moved on (an `in_transit` after `delivered`) is recorded only;
 * so are `label_created`, `exception` and `returned_to_sender`, for staff to see.
 */
import type { TrackingEvent, TrackingStatus } from "../../carriers/carrier";
import { historyLimitProblem } from "../../domain/history-limit";
import {
  applyReturnEvent,
  persistReturnSnapshot,
  type ReturnEvent,
  restoreReturnSnapshot,
} from "../../domain/machine";
import { TRACKING_EVENTS_MAX, type Tracking, type TrackingScan } from "../../domain/parcel-schemas";
import type { HistoryEntry, ReturnData } from "../../domain/schemas";
import type { StoredReturn } from "../../store/types";
import type { RecordedEvent } from "../events";
import { HistoryBuilder, moveTo, nextVersion } from "../record-changes";

/** The lifecycle events a scan of each status calls for, in order. */
const STEPS: Record<TrackingStatus, readonly ReturnEvent[]> = {
  label_created: [],
  in_transit: ["ship"],
  out_for_delivery: ["ship"],
  delivered: ["ship", "receive"],
  exception: [],
  returned_to_sender: [],
};

interface ScanChange {
  next: StoredReturn;
  /** The history entries the scan's transitions add (none when it only records). */
  entries: HistoryEntry[];
  recorded: RecordedEvent[];
}

/**
 * The next version of `current` after `scan`, at `at`, or null for a scan it holds already.
 * A transition the history has no room for is left out; the scan is still recorded.
 */
export function applyScan(
  current: StoredReturn,
  scan: TrackingEvent,
  at: string,
  maxHistoryEntries: number,
): ScanChange | null {
  const { record } = current;
  const held = record.tracking?.events ?? [];
  if (held.some((event) => event.provider_event_id === scan.provider_event_id)) return null;
  const tracking = withScan(held, scan);
  let snapshot = restoreReturnSnapshot(current.snapshot);
  let next: ReturnData = { ...record, tracking };
  const history = new HistoryBuilder(record.history, at);
  const actor = { kind: "carrier", id: scan.carrier };
  for (const event of STEPS[scan.status]) {
    // The machine says whether the step applies where the return is: a step it refuses (a
    // ship after a delivery, any step of a flagged return) is skipped, the scan recorded.
    const applied = applyReturnEvent(snapshot, event);
    if (!applied.ok) continue;
    if (historyLimitProblem(event, history.all().length, maxHistoryEntries)) break;
    history.add(event, applied.from, applied.to, actor, {});
    next = moveTo(next, applied.from, applied.to);
    snapshot = applied.snapshot;
  }
  return {
    next: {
      record: nextVersion(next, record.version + 1, at, history.all()),
      snapshot: persistReturnSnapshot(snapshot),
    },
    entries: history.added,
    recorded: [{ type: "return.tracking_updated", data: { scan: scanOf(scan), tracking } }],
  };
}

/** The scans held with `scan` among them, by scan time, the latest `TRACKING_EVENTS_MAX`. */
function withScan(held: readonly TrackingScan[], scan: TrackingEvent): Tracking {
  const events = [...held, scanOf(scan)]
    .sort((a, b) => Date.parse(a.occurred_at) - Date.parse(b.occurred_at))
    .slice(-TRACKING_EVENTS_MAX);
  const latest = events[events.length - 1]!;
  return { status: latest.status, last_event_at: latest.occurred_at, events };
}

function scanOf(scan: TrackingEvent): TrackingScan {
  return {
    provider_event_id: scan.provider_event_id,
    status: scan.status,
    occurred_at: new Date(scan.occurred_at).toISOString(),
    description: scan.description ?? null,
    location: scan.location ?? null,
  };
}
