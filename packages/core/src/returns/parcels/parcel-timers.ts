/**
 * @module returns/parcels/parcel-timers — the parcel's timers a transition sets in its own
 * commit: `label_due` when the return is approved (by staff, at submit, or with its whole
 * request) and a carrier buys labels; `label_void` when a return holding a bought label is
 * cancelled or rejected. The work itself is the timers' handlers', never the transition's.
 */
import type { CarrierSettings } from "../../carriers/carrier-options";
import type { HistoryEntry, ReturnData } from "../../domain/schemas";
import type { TimerChanges, TimerDue } from "../../store/types";
import { LABEL_DUE, LABEL_VOID } from "./parcel-timer-names";

/** The timers the transitions `entries` that made `next` set, due `now`. */
export function parcelTimers(
  carriers: CarrierSettings | null | undefined,
  next: ReturnData,
  entries: readonly HistoryEntry[],
  now: number,
): TimerDue[] {
  if (!carriers?.label || entries.length === 0) return [];
  const set: TimerDue[] = [];
  const approved = entries.some((entry) => entry.to === "approved");
  if (approved && next.state === "approved" && next.label === null) {
    set.push({ name: LABEL_DUE, due_at: now });
  }
  const ended = next.state === "cancelled" || next.state === "rejected";
  if (ended && next.label?.status === "created") set.push({ name: LABEL_VOID, due_at: now });
  return set;
}

/** `timers` with `set` added (a change's own timers, and the parcel's). */
export function withTimers(
  timers: TimerChanges | undefined,
  set: readonly TimerDue[],
): TimerChanges | undefined {
  if (set.length === 0) return timers;
  return { ...timers, set: [...(timers?.set ?? []), ...set] };
}
