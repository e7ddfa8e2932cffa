/**
 * @module returns/parcels/parcel — the parcel a return travels in: the return itself, or every
 * approved return of its request (a request is one parcel). What the label job and tracking
 * record, they record on every return of the parcel in one commit, so the parcel never holds
 * two labels: the firing return is written as usual, the others as its siblings (all or none).
 */
import type { ReturnLabel } from "../../domain/parcel-schemas";
import type { Principal } from "../../domain/principal";
import type { ReturnData } from "../../domain/schemas";
import type { StoredReturn, TimerChanges } from "../../store/types";
import type { RecordedEvent } from "../events";
import { nextVersion } from "../record-changes";
import { loadRequestReturns } from "../requests/request-reader";
import type { ReturnWrite } from "../requests/request-share-changes";
import type { TimerFiring } from "../timer-firing";
import type { WritePathDeps } from "../write-path";

/** A return's label is bought only once it is approved, and used while it travels. */
const LABELLED_STATES = new Set<ReturnData["state"]>(["approved"]);

/** Reads every return of a request, whoever its customer. */
const SERVICE: Principal = { kind: "merchant", id: "returnkit", scopes: [] };

export interface Parcel {
  /** The return whose timer fired. */
  current: ReturnData;
  /** The other approved returns of its request, as stored (latest versions). */
  others: StoredReturn[];
}

/**
 * `current` and the other returns of its request in `states` (by default the approved ones,
 * which a label is bought for).
 */
export async function loadParcel(
  deps: Pick<WritePathDeps, "store">,
  current: ReturnData,
  states: ReadonlySet<ReturnData["state"]> = LABELLED_STATES,
): Promise<Parcel> {
  if (current.request_id === null) return { current, others: [] };
  const all = await loadRequestReturns(deps.store, current.request_id, SERVICE);
  const others = all.filter(({ record }) => record.id !== current.id && states.has(record.state));
  return { current, others };
}

/** What is written on one return of the parcel. */
interface ParcelWrite {
  label: ReturnLabel;
  events?: RecordedEvent[];
}

/**
 * A firing that records `write(record)` on the firing return and on each of `others` it
 * answers for (null leaves one as it is), with `timers` on the firing return and `siblingTimers`
 * on each other written.
 */
export function parcelFiring(
  parcel: Parcel,
  at: string,
  write: (record: ReturnData) => ParcelWrite | null,
  timers: { own?: Omit<TimerChanges, "fire">; siblings?: Omit<TimerChanges, "fire"> },
): TimerFiring {
  const own = write(parcel.current);
  const siblings: ReturnWrite[] = [];
  for (const stored of parcel.others) {
    const written = write(stored.record);
    if (!written) continue;
    const record = withLabel(stored.record, written.label);
    siblings.push({
      current: stored,
      next: {
        record: nextVersion(record, stored.record.version + 1, at, stored.record.history),
        snapshot: stored.snapshot,
      },
      ...(written.events ? { recorded: written.events } : {}),
      ...(timers.siblings ? { timers: timers.siblings } : {}),
    });
  }
  return {
    record: own ? withLabel(parcel.current, own.label) : parcel.current,
    events: own?.events ?? [],
    ...(timers.own ? { timers: timers.own } : {}),
    ...(siblings.length > 0 ? { siblings } : {}),
  };
}

/**
 * The record with `label`; a bought label also gives it its shipment (carrier and tracking
 * number), unless staff recorded one: what tracking scans are matched by. The shipment of a
 * label staff replaced (`label.replaces`) goes with it.
 */
export function withLabel(record: ReturnData, label: ReturnLabel): ReturnData {
  const replaced = label.replaces?.tracking_number;
  const own =
    replaced != null && record.shipment?.tracking_number === replaced ? null : record.shipment;
  const shipment =
    own === null && label.status === "created" && label.tracking_number !== null
      ? { carrier: label.carrier, tracking_number: label.tracking_number }
      : own;
  return { ...record, label, shipment };
}
