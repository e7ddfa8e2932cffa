/**
 * @module group-write — one group's transaction (`group-commit`): single commits and requests'
 * `commitMany`s, each a unit, written by the statements a commit alone uses (`writeChanges`),
 * each over every unit's arrays. The units' orders are locked first (sorted), then their rows
 * are written without waiting for any another transaction holds; the line allowance of every
 * unit is checked in one statement. Any refusal throws `GroupRefused`, naming the unit when one
 * is to blame: the caller rolls back, writes that unit alone (it answers for itself) and the
 * others as a group again; each alone when none is named.
 */
import type {
  IdempotencyFirstUse,
  OutboxEvent,
  OutboxEventInput,
  ReturnCommit,
  RmaClaim,
} from "@returnkit/core/store";
import { GroupRefused, writeChanges } from "./commit";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { boundOrders, lockOrders } from "./line-allowance";
import { RmaTaken, writeOutbox } from "./outbox-write";

/** A single commit (one change, no own events) or a request's `commitMany`. */
export interface GroupUnit {
  changes: readonly ReturnCommit[];
  idempotency?: IdempotencyFirstUse | undefined;
  /** A request's own events (about its customer), written after every return's. */
  events: readonly OutboxEventInput[];
  rma?: RmaClaim | undefined;
}

/** A unit's part of a written group: its changes' events, its own, and the group's deliveries. */
export interface UnitWritten {
  events: OutboxEvent[][];
  appended: OutboxEvent[];
  /** The group's deliveries, counted on its first unit only: one announcement per group. */
  deliveries: number;
}

export async function writeGroup(
  ctx: StoreContext,
  tx: SqlTransaction,
  units: readonly GroupUnit[],
): Promise<UnitWritten[]> {
  const changes = units.flatMap((unit) => unit.changes);
  await lockOrders(ctx, tx, boundOrders(changes));
  const answers = units.flatMap((unit) => (unit.idempotency ? [unit.idempotency] : []));
  const written = await writeChanges(ctx, tx, changes, answers, true)
    .then(() => writeOutbox(ctx, tx, changes, units))
    .catch((error) => {
      if (error instanceof RmaTaken) throw new GroupRefused(error.unit);
      throw error instanceof GroupRefused && error.index !== undefined
        ? new GroupRefused(unitOf(units, error.index))
        : error;
    });
  let first = 0;
  return units.map((unit, i) => {
    const events = written.events.slice(first, first + unit.changes.length);
    first += unit.changes.length;
    const deliveries = i === 0 ? written.deliveries : 0;
    return { events, appended: written.appended[i]!, deliveries };
  });
}

/** The index of the unit that holds change `index` of the group's changes. */
function unitOf(units: readonly GroupUnit[], index: number): number {
  let last = 0;
  for (const [i, unit] of units.entries()) {
    last += unit.changes.length;
    if (index < last) return i;
  }
  throw new RangeError(`no unit holds change ${index}`);
}
