/**
 * @module commit — one transaction of small statements (`sql/`), checking in the contract's
 * order: the returns' versions, the keys' first use, the line allowance (under its order's
 * lock, `line-allowance`), the timer fired (`timers`); then the outbox (`outbox-write`). The
 * same statements write one commit, a group of them (`group-commit`) or the returns of one
 * request (`commit-many`), each over arrays. A failed check throws, which rolls everything
 * back: `Refused` with the commit's answer and the change refused, or in a group
 * `GroupRefused`.
 */
import {
  type CommitResult,
  type IdempotencyFirstUse,
  type OutboxEventInput,
  type ReturnCommit,
  type StoredReturn,
  subjectOf,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import { keyColumns, recordKey } from "./idempotency";
import { allowanceRefusal, boundOrders, lockOrders } from "./line-allowance";
import { writeOutbox } from "./outbox-write";
import { toStoredReturn } from "./rows";
import { insertReturns } from "./sql/insert-returns";
import { jsonDocuments } from "./sql/json-documents";
import { recordKeys } from "./sql/record-keys";
import { selectReturn } from "./sql/select-return";
import { updateReturns } from "./sql/update-returns";
import { checkTimers, writeTimers } from "./timers";

/** The result, and how many deliveries the commit (or its group) created (0 when refused). */
export type CommitOutcome = { result: CommitResult; deliveries: number };

/** A check refused the commit: thrown to roll it back, with the answer and the change refused. */
export class Refused {
  constructor(
    readonly result: CommitResult,
    /** The change's index in what was written; absent for `idempotency_conflict`. */
    readonly index?: number,
  ) {}
}

/** A group met a refusal or a row another transaction holds: its writes go alone. */
export class GroupRefused {
  /** The change refused (its index in what was written), when one is to blame. */
  constructor(readonly index?: number) {}
}

/** Throws on a commit the store refuses before sending anything (a programming error). */
export function checkCommit(change: ReturnCommit): void {
  const { record } = change.next;
  const expected = (change.expectedVersion ?? 0) + 1;
  if (record.version !== expected)
    throw new Error(`commit of ${record.id} must carry version ${expected}, got ${record.version}`);
  for (const event of change.events) {
    checkEvent(event);
    const subject = subjectOf(event);
    if (subject.kind !== "return" || subject.id !== record.id)
      throw new TypeError(
        `event ${event.id} is about ${subject.kind} ${subject.id}, not ${record.id}`,
      );
  }
  checkTimers(change);
}

/** Throws on an event the store refuses before sending anything (a programming error). */
export function checkEvent(event: OutboxEventInput): void {
  if (Number.isNaN(Date.parse(event.created_at)))
    throw new TypeError(`event ${event.id} has an invalid created_at`);
  subjectOf(event);
}

export async function commit(ctx: StoreContext, change: ReturnCommit): Promise<CommitOutcome> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockOrders(ctx, tx, boundOrders([change]));
      const answers = change.idempotency ? [change.idempotency] : [];
      await writeChanges(ctx, tx, [change], answers);
      const { events, deliveries } = await writeOutbox(ctx, tx, [change]);
      return { result: { ok: true, events: events[0]! }, deliveries };
    });
  } catch (error) {
    if (error instanceof Refused) return { result: error.result, deliveries: 0 };
    throw error;
  }
}

/**
 * Writes `changes` (at most one per return) in `tx`, with the keys' first uses given apart
 * (`commitMany` has one for all its changes); the outbox is the caller's to write after it
 * (`writeOutbox`). Outside a group a refusal throws `Refused`, naming the change. In a `group`,
 * a return another transaction holds is skipped rather than waited for, and a refusal throws
 * `GroupRefused`.
 */
export async function writeChanges(
  ctx: StoreContext,
  tx: SqlTransaction,
  changes: readonly ReturnCommit[],
  answers: readonly IdempotencyFirstUse[],
  group = false,
): Promise<void> {
  const refuse = async (
    index: number | undefined,
    answer: () => Promise<CommitResult> | CommitResult,
  ) => {
    throw group ? new GroupRefused(index) : new Refused(await answer(), index);
  };
  const isUpdate = (change: ReturnCommit) => change.expectedVersion !== null;
  const updates = changes.filter(isUpdate);
  // In id order, so two transactions creating the same returns queue on them in one order.
  const creates = sortedById(changes.filter((change) => !isUpdate(change)));
  if (updates.length > 0) {
    const values = [...returnColumns(updates.map(nextOf)), updates.map((c) => c.expectedVersion)];
    const rows = await tx.query<{ id: string }>(
      updateReturns(ctx.names, { skipLocked: group }),
      values,
    );
    const i = firstUnwritten(changes, isUpdate, rows);
    if (i >= 0) await refuse(i, () => versionConflict(ctx, tx, changes[i]!));
  }
  if (creates.length > 0) {
    const rows = await tx.query<{ id: string }>(
      insertReturns(ctx.names),
      returnColumns(creates.map(nextOf)),
    );
    const i = firstUnwritten(changes, (change) => !isUpdate(change), rows);
    if (i >= 0) await refuse(i, () => ({ ok: false, reason: "already_exists" }));
  }
  if (group && answers.length > 0) {
    const rows = await tx.query(recordKeys(ctx.names), keyColumns([...answers]));
    if (rows.length < answers.length) throw new GroupRefused();
  } else if (answers.length > 0) {
    const result = await recordKey(tx, ctx, answers[0]!);
    if (!result.recorded)
      await refuse(undefined, () => ({
        ok: false,
        reason: "idempotency_conflict",
        record: result.record,
      }));
  }
  const exceeded = await allowanceRefusal(ctx, tx, changes);
  if (exceeded) await refuse(exceeded.index, () => exceeded.result);
  const gone = await writeTimers(ctx, tx, changes);
  if (gone >= 0) await refuse(gone, () => ({ ok: false, reason: "timer_gone" }));
}

/** The index of the first of `changes` that `written` (a statement's rows) left out, or -1. */
function firstUnwritten(
  changes: readonly ReturnCommit[],
  sent: (change: ReturnCommit) => boolean,
  written: readonly { id: string }[],
): number {
  const ids = new Set(written.map((row) => row.id));
  return changes.findIndex((change) => sent(change) && !ids.has(change.next.record.id));
}

const nextOf = (change: ReturnCommit) => change.next;

function sortedById(changes: ReturnCommit[]): ReturnCommit[] {
  const id = (change: ReturnCommit) => change.next.record.id;
  return changes.sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0));
}

/** The UPDATE saw the latest committed version: that is what the caller is told of. */
async function versionConflict(
  ctx: StoreContext,
  tx: SqlTransaction,
  change: ReturnCommit,
): Promise<CommitResult> {
  const [row] = await tx.query<StoredReturn>(selectReturn(ctx.names), [change.next.record.id]);
  const current = row ? { current: toStoredReturn(row) } : {};
  return {
    ok: false,
    reason: "version_conflict",
    currentVersion: row?.record.version ?? null,
    ...current,
  };
}

/**
 * What sql/insert-returns and sql/update-returns take (before `expected`) for these next
 * versions: an array per column, one element per return, the records and snapshots as
 * `jsonDocuments`.
 */
export function returnColumns(nexts: readonly StoredReturn[]): unknown[] {
  const records = nexts.map((next) => next.record);
  const plain = (["id", "version", "state", "customer_id", "order_id"] as const).map((column) =>
    records.map((record) => record[column]),
  );
  // A record read before it had one (written by the release before requests): created alone.
  const requests = records.map((record) => record.request_id ?? null);
  const recordTexts = records.map((record) => JSON.stringify(record));
  const snapshots = nexts.map((next) => JSON.stringify(next.snapshot));
  return [...plain, requests, jsonDocuments(recordTexts), jsonDocuments(snapshots)];
}
