/**
 * @module returns/parcels/label-void — the `label_void` timer's handler: a return cancelled or
 * rejected while holding a bought, unused label asks its carrier to void it, durably (the timer
 * stays until the answer is committed) and retried on the webhooks' schedule while the carrier
 * is unavailable. A label still travelling with another return of the parcel is kept.
 */
import type { VoidOutcome } from "../../carriers/carrier";
import { isCarrierError } from "../../carriers/carrier-error";
import type { ReplacedLabel, ReturnLabel } from "../../domain/parcel-schemas";
import type { ReturnData } from "../../domain/schemas";
import type { TimerFiring, TimerHandler } from "../timer-firing";
import { nextCarrierTry, type ParcelJobDeps } from "./label-job";
import { loadParcel, parcelFiring } from "./parcel";
import { LABEL_VOID } from "./parcel-timer-names";

/** Returns of a parcel that may still use its label. */
const ACTIVE_STATES = new Set<ReturnData["state"]>([
  "submitted",
  "approved",
  "flagged",
  "in_transit",
  "received",
  "graded",
  "closed",
]);

/** The carrier's answer to a void, as a label's status records it. */
const VOID_STATUS = {
  voided: "voided",
  pending: "void_pending",
  refused: "void_refused",
} as const satisfies Record<VoidOutcome["kind"], ReplacedLabel["void_status"]>;

export function labelVoidHandler(deps: ParcelJobDeps): TimerHandler {
  return async (current, _timer, at) => {
    const replaced = current.label?.replaces;
    if (replaced?.void_status === "pending") return voidReplaced(deps, current, replaced, at);
    const label = current.label;
    if (label?.status !== "created" || label.shipment_id === null) return null;
    if (current.state !== "cancelled" && current.state !== "rejected") return null;
    const carrier = deps.carriers.tracking.get(label.carrier);
    if (!carrier) return null;
    const parcel = await loadParcel(deps, current, ACTIVE_STATES);
    if (parcel.others.some(({ record }) => record.label?.shipment_id === label.shipment_id)) {
      return null;
    }
    try {
      const outcome = await carrier.voidLabel(label.shipment_id);
      const reason = outcome.kind === "refused" ? { reason: outcome.reason } : {};
      return recorded(current, { ...label, status: VOID_STATUS[outcome.kind], ...reason });
    } catch (error) {
      return afterVoidError(deps, current, label, error);
    }
  };
}

function afterVoidError(
  deps: ParcelJobDeps,
  current: ReturnData,
  label: ReturnLabel,
  error: unknown,
): TimerFiring {
  if (!isCarrierError(error)) throw error;
  const attempts = label.attempts + 1;
  const due_at = error.retryable ? nextCarrierTry(deps, attempts) : null;
  if (due_at === null) {
    return recorded(current, { ...label, status: "void_refused", reason: error.message });
  }
  return {
    record: { ...current, label: { ...label, attempts, reason: error.message } },
    events: [],
    timers: { set: [{ name: LABEL_VOID, due_at }] },
  };
}

function recorded(current: ReturnData, label: ReturnLabel): TimerFiring {
  return { record: { ...current, label }, events: [] };
}

/**
 * Voids the bought label staff replaced (`label-reissue.ts`), and records the answer on every
 * return of the parcel naming it. A retryable refusal is tried again on the webhooks' schedule.
 */
async function voidReplaced(
  deps: ParcelJobDeps,
  current: ReturnData,
  replaced: ReplacedLabel,
  at: string,
): Promise<TimerFiring | null> {
  const carrier = deps.carriers.tracking.get(replaced.carrier);
  let outcome: ReplacedLabel;
  if (!carrier) {
    outcome = { ...replaced, void_status: "void_refused" };
  } else {
    try {
      const answer = await carrier.voidLabel(replaced.shipment_id);
      outcome = { ...replaced, void_status: VOID_STATUS[answer.kind] };
    } catch (error) {
      if (!isCarrierError(error)) throw error;
      const attempts = replaced.attempts + 1;
      const due_at = error.retryable ? nextCarrierTry(deps, attempts) : null;
      if (due_at !== null) return onParcel(deps, current, { ...replaced, attempts }, at, due_at);
      outcome = { ...replaced, attempts, void_status: "void_refused" };
    }
  }
  return onParcel(deps, current, outcome, at);
}

/** `replaced` recorded on each return of the parcel naming it; `retryAt` sets the timer again. */
async function onParcel(
  deps: ParcelJobDeps,
  current: ReturnData,
  replaced: ReplacedLabel,
  at: string,
  retryAt?: number,
): Promise<TimerFiring> {
  const parcel = await loadParcel(deps, current, ACTIVE_STATES);
  const named = (record: ReturnData) =>
    record.label?.replaces?.shipment_id === replaced.shipment_id;
  return parcelFiring(
    parcel,
    at,
    (record) =>
      record.label && named(record) ? { label: { ...record.label, replaces: replaced } } : null,
    retryAt === undefined ? {} : { own: { set: [{ name: LABEL_VOID, due_at: retryAt }] } },
  );
}
