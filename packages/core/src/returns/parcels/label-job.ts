/**
 * @module returns/parcels/label-job — the `label_due` timer's handler: buys the return label of
 * an approved return's parcel in the carrier contract's two phases, each committed by its own
 * firing, never inside a write's commit.
 *
 * 1. No shipment recorded: `prepareLabel` (no charge), then commit the shipment on every return
 *    of the parcel as a `pending` label, and set `label_due` again, due now.
 * 2. A shipment recorded: `buyLabel` it and commit the label (`created`). A buy of a shipment
 *    already bought (a firing that crashed after the carrier answered, or lost the commit) is
 *    answered `already_bought` by the carrier, so the parcel is paid for once: with the label
 *    read back it is recorded as bought; without, as `needs_staff`.
 *
 * A retryable `CarrierError` records the attempt and sets `label_due` again on the webhooks'
 * retry schedule; once the schedule is used up, or on any other `CarrierError`, the label is
 * `failed` with the reason, for staff. Any other error leaves the timer to its lease.
 */
import type { Carrier, Label, PreparedLabel } from "../../carriers/carrier";
import { isCarrierError } from "../../carriers/carrier-error";
import type { CarrierSettings } from "../../carriers/carrier-options";
import type { ReturnLabel } from "../../domain/parcel-schemas";
import type { ReturnData } from "../../domain/schemas";
import type { ReturnsStore } from "../../store/types";
import { DEFAULT_RETRY_SCHEDULE, jitter } from "../../util/retry-backoff";
import type { TimerFiring, TimerHandler } from "../timer-firing";
import { loadParcel, type Parcel, parcelFiring } from "./parcel";
import { parcelLabelRequest } from "./parcel-label-request";
import { LABEL_DUE } from "./parcel-timer-names";

export interface ParcelJobDeps {
  store: ReturnsStore;
  now: () => number;
  carriers: CarrierSettings;
  /** For the retry schedule's jitter (default `Math.random`). */
  random?: () => number;
}

/** The parcel's other returns stop waiting for a label of their own: this firing answers for them. */
const SIBLING_TIMERS = { clear: [LABEL_DUE] };

export function labelDueHandler(deps: ParcelJobDeps): TimerHandler {
  return async (current, _timer, at) => {
    const carrier = deps.carriers.label;
    if (!carrier || current.state !== "approved") return null;
    if (current.label !== null && current.label.status !== "pending") return null;
    const parcel = await loadParcel(deps, current);
    const records = [current, ...parcel.others.map(({ record }) => record)];
    const replaced = replacedShipments(records);
    const held = records.find(
      (record) => isSettled(record.label) && !replaced.has(record.label.shipment_id ?? ""),
    )?.label;
    if (held) return adopt(parcel, held, at);
    const pending = records.find(
      (record) => record.label?.status === "pending" && record.label.shipment_id,
    )?.label;
    if (pending) return buy(deps, carrier, parcel, pending, at);
    return prepare(deps, carrier, parcel, replaced, at);
  };
}

/**
 * A label the parcel's new shipment takes the place of: none yet, none prepared, refused by the
 * carrier, or replaced by staff (`replaced`).
 */
function isSpent(label: ReturnLabel | null, replaced: ReadonlySet<string>): boolean {
  if (label === null || label.shipment_id === null || label.status === "failed") return true;
  return replaced.has(label.shipment_id);
}

/** The shipments of labels staff replaced (`label-reissue.ts`): the parcel no longer uses them. */
function replacedShipments(records: readonly ReturnData[]): Set<string> {
  const ids = records.map((record) => record.label?.replaces?.shipment_id);
  return new Set(ids.filter((id): id is string => id !== undefined));
}

/** A label the parcel holds for good: bought, or bought and left to staff. */
function isSettled(label: ReturnLabel | null): label is ReturnLabel {
  return label?.status === "created" || label?.status === "needs_staff";
}

/** A return approved after its parcel's label was bought travels with that label. */
function adopt(parcel: Parcel, held: ReturnLabel, at: string): TimerFiring {
  return parcelFiring(
    parcel,
    at,
    (record) => (record.label === null ? written(record, held) : null),
    { siblings: SIBLING_TIMERS },
  );
}

async function prepare(
  deps: ParcelJobDeps,
  carrier: Carrier,
  parcel: Parcel,
  replaced: ReadonlySet<string>,
  at: string,
): Promise<TimerFiring> {
  const base = parcel.current.label ?? emptyLabel(carrier.name);
  const request = parcelLabelRequest(parcel, deps.carriers);
  if ("missing" in request) return failed(parcel, base, request.missing, at);
  let prepared: PreparedLabel;
  try {
    prepared = await carrier.prepareLabel(request);
  } catch (error) {
    return afterError(deps, parcel, base, error, at);
  }
  const label: ReturnLabel = {
    ...base,
    status: "pending",
    carrier: prepared.carrier,
    service: prepared.service,
    shipment_id: prepared.shipment_id,
    rate_id: prepared.rate_id,
    cost: prepared.quoted_cost,
    reason: null,
  };
  return parcelFiring(
    parcel,
    at,
    (record) => (isSpent(record.label, replaced) ? written(record, label) : null),
    { own: { set: [{ name: LABEL_DUE, due_at: deps.now() }] }, siblings: SIBLING_TIMERS },
  );
}

async function buy(
  deps: ParcelJobDeps,
  carrier: Carrier,
  parcel: Parcel,
  pending: ReturnLabel,
  at: string,
): Promise<TimerFiring> {
  const prepared: PreparedLabel = {
    carrier: pending.carrier,
    shipment_id: pending.shipment_id ?? "",
    rate_id: pending.rate_id,
    service: pending.service ?? "",
    quoted_cost: pending.cost,
    paperless: deps.carriers.paperless,
  };
  let label: ReturnLabel;
  try {
    const outcome = await carrier.buyLabel(prepared);
    label =
      outcome.label === null
        ? {
            ...pending,
            status: "needs_staff",
            reason: `The carrier says shipment ${pending.shipment_id} is already bought but gave no label back: find it in the carrier's dashboard and record its tracking number at ship.`,
          }
        : boughtLabel(pending, outcome.label, at);
  } catch (error) {
    return afterError(deps, parcel, pending, error, at);
  }
  return parcelFiring(parcel, at, (record) => shareOf(record, pending, label), {
    siblings: SIBLING_TIMERS,
  });
}

/** The label on one return of the parcel: every return without one, or waiting on the same shipment. */
function shareOf(record: ReturnData, pending: ReturnLabel, label: ReturnLabel) {
  const same = record.label === null || record.label.shipment_id === pending.shipment_id;
  return same ? written(record, label) : null;
}

function boughtLabel(pending: ReturnLabel, label: Label, at: string): ReturnLabel {
  return {
    ...pending,
    status: "created",
    carrier: label.carrier,
    service: label.service,
    shipment_id: label.shipment_id,
    tracking_number: label.tracking_number,
    tracking_url: label.tracking_url,
    label_url: label.label_url ?? null,
    qr_code_url: label.qr_code_url ?? null,
    cost: label.cost ?? pending.cost,
    reason: null,
    created_at: at,
  };
}

/**
 * After a carrier's refusal: tried again on the webhooks' schedule when it may pass, else (or
 * once the schedule is used up) `failed` for staff. An error that is no `CarrierError` (a bug,
 * the store) is thrown: the timer stays, claimed again after its lease.
 */
function afterError(
  deps: ParcelJobDeps,
  parcel: Parcel,
  base: ReturnLabel,
  error: unknown,
  at: string,
): TimerFiring {
  if (!isCarrierError(error)) throw error;
  if (!error.retryable) return failed(parcel, base, `${error.code}: ${error.message}`, at);
  const attempts = base.attempts + 1;
  const due_at = nextCarrierTry(deps, attempts);
  if (due_at === null) {
    return failed(parcel, base, `Gave up after ${attempts} attempts: ${error.message}`, at);
  }
  const label: ReturnLabel = { ...base, status: "pending", attempts, reason: error.message };
  // The parcel's other returns wait with it, not on timers of their own due now.
  return parcelFiring(parcel, at, (record) => shareOf(record, base, label), {
    own: { set: [{ name: LABEL_DUE, due_at }] },
    siblings: SIBLING_TIMERS,
  });
}

/**
 * When a carrier call that failed `attempts` times is tried again, on the webhooks' retry
 * schedule (jittered); null once the schedule is used up.
 */
export function nextCarrierTry(deps: ParcelJobDeps, attempts: number): number | null {
  const wait = DEFAULT_RETRY_SCHEDULE[attempts];
  return wait === undefined ? null : deps.now() + jitter(wait, deps.random ?? Math.random);
}

function failed(parcel: Parcel, base: ReturnLabel, reason: string, at: string): TimerFiring {
  const label: ReturnLabel = { ...base, status: "failed", reason };
  return parcelFiring(parcel, at, (record) => shareOf(record, base, label), {
    siblings: SIBLING_TIMERS,
  });
}

/** The label as one return records it (its own fee), with `return.label_created` once bought. */
function written(record: ReturnData, label: ReturnLabel) {
  const own = { ...label, fee_charged: record.refund?.return_shipping_fee ?? null };
  const created = own.status === "created" && record.label?.status !== "created";
  return {
    label: own,
    ...(created
      ? { events: [{ type: "return.label_created" as const, data: { label: own } }] }
      : {}),
  };
}

/** A label not yet asked of `carrier` (by its name). */
export function emptyLabel(carrier: string): ReturnLabel {
  return {
    status: "pending",
    carrier,
    service: null,
    shipment_id: null,
    rate_id: null,
    tracking_number: null,
    tracking_url: null,
    label_url: null,
    qr_code_url: null,
    cost: null,
    fee_charged: null,
    reason: null,
    attempts: 0,
    created_at: null,
  };
}
