/**
 * @module returns/parcels/label-reissue — staff replace a parcel's return label
 * (`service.reissueLabel`, `POST /v1/merchant/returns/{id}/label-reissue`): one expired, lost,
 * or refused (`failed`, `needs_staff`). The commit only starts it: the return's label goes back
 * to `pending`, naming a bought label it replaces in `label.replaces`, and sets the label job's
 * timer (a new shipment, bought in its two phases, shared again by the parcel's other approved
 * returns) and, for a bought label, the void's. No carrier is called inside the commit.
 */
import type { LabelStatus, ReturnLabel } from "../../domain/parcel-schemas";
import { assertScope } from "../../domain/principal";
import { problems } from "../../domain/problems";
import type { ReturnData } from "../../domain/schemas";
import type { TimerDue } from "../../store/types";
import type { IdempotentOutcome } from "../idempotency/engine";
import type { ReturnRecording } from "../record-events";
import { type KeyedRecordingDeps, recordKeyed } from "../record-keyed";
import type { OperationContext, WriteTargets } from "../types";
import { emptyLabel } from "./label-job";
import { withLabel } from "./parcel";
import { LABEL_DUE, LABEL_VOID } from "./parcel-timer-names";

/** A label staff may replace: bought, refused by the carrier, or bought but not handed back. */
const REISSUABLE = new Set<LabelStatus>(["created", "failed", "needs_staff"]);

interface ReissueDeps extends KeyedRecordingDeps {
  targets: WriteTargets;
}

/** Replaces the label of return `id`'s parcel, once per Idempotency-Key. */
export async function reissueLabel(
  deps: ReissueDeps,
  id: string,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, "merchant", "write");
  return recordKeyed(deps, id, rawBody, ctx, deps.targets.labelReissue(id), (current) =>
    reissued(current, deps.carriers?.label?.name ?? null, deps.now()),
  );
}

/** Why return `record`'s label cannot be reissued now, or null when it can (the form's offer). */
export function reissueRefusal(record: ReturnData): string | null {
  const status = record.label?.status ?? null;
  if (record.state !== "approved") {
    return `the return is ${record.state}; a label is reissued while the return is approved and not yet shipped.`;
  }
  if (status === null || !REISSUABLE.has(status)) {
    return `its label is ${status ?? "not asked for yet"}; a created, failed or needs_staff label can be reissued.`;
  }
  // One void in flight at a time: another reissue would leave that one's shipment unvoided.
  if (record.label?.replaces?.void_status === "pending") {
    return `the label it replaced (${record.label.replaces.shipment_id}) is still being voided; try again once the carrier answered.`;
  }
  return null;
}

/**
 * The return with a fresh `pending` label of `carrier` and the timers that obtain it (and void
 * the bought one it replaces); the problem when the label cannot be reissued.
 */
function reissued(current: ReturnData, carrier: string | null, now: number): ReturnRecording {
  const old = current.label;
  const refusal =
    carrier === null ? "the shop buys no labels (no `carriers.label`)." : reissueRefusal(current);
  if (refusal !== null || carrier === null || old === null) {
    throw problems.labelNotReissuable(current.id, old?.status ?? null, refusal ?? "");
  }
  const replaces = boughtShipment(old);
  const label: ReturnLabel = { ...emptyLabel(carrier), replaces };
  const timers: TimerDue[] = [{ name: LABEL_DUE, due_at: now }];
  if (replaces) timers.push({ name: LABEL_VOID, due_at: now });
  // Scans of the old label's tracking number no longer move the return: its shipment goes
  // with it (`withLabel`), unless staff recorded one of their own.
  return {
    record: withLabel(current, label),
    events: [],
    timers: { set: timers },
  };
}

/** The bought shipment `label` holds (to void), or null when the carrier never sold it. */
function boughtShipment(label: ReturnLabel): ReturnLabel["replaces"] {
  const bought = label.status === "created" || label.status === "needs_staff";
  if (!bought || label.shipment_id === null) return null;
  return {
    carrier: label.carrier,
    shipment_id: label.shipment_id,
    tracking_number: label.tracking_number,
    void_status: "pending",
    attempts: 0,
  };
}
