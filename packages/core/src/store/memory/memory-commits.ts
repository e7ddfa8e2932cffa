/**
 * @module store/memory/memory-commits — the memory store's commits: one return (`commit`) or
 * several at once (`commitMany`). Every check runs before anything is written, and the writes
 * are synchronous, so a commit is atomic: a refusal, or a throw, leaves the store as it was.
 */
import { frozenCopy } from "../../util/deep-freeze";
import { subjectOf } from "../event-subject";
import { referencingRecord } from "../stored-response";
import type {
  CommitResult,
  OutboxEventInput,
  ReturnCommit,
  ReturnsCommit,
  ReturnsCommitResult,
  StoredReturn,
} from "../types";
import type { MemoryIdempotencyKeys } from "./memory-idempotency";
import type { MemoryOutbox } from "./memory-outbox";
import { type MemoryReturns, unitsHeld } from "./memory-returns";
import type { MemoryTimers } from "./memory-timers";

export interface MemoryParts {
  returns: MemoryReturns;
  keys: MemoryIdempotencyKeys;
  outbox: MemoryOutbox;
  timers: MemoryTimers;
}

type Change = Omit<ReturnCommit, "idempotency">;
type Refusal = Exclude<CommitResult, { ok: true }>;

/**
 * Checks the version, the key, the line allowance and the timer fired, then writes the return,
 * its events, its timers and the key at once.
 */
export function commitInMemory(parts: MemoryParts, commit: ReturnCommit): CommitResult {
  const { returns, keys, outbox, timers } = parts;
  checkEventsOf(commit);
  const id = commit.next.record.id;
  const refusal =
    versionRefusal(commit, returns.get(id)) ??
    keys.refusal(commit.idempotency) ??
    allowanceRefusal(returns, commit, new Map()) ??
    timerRefusal(timers, commit);
  if (refusal) return refusal;

  // Nothing below can fail: the commit is atomic because it is synchronous.
  // One copy of the whole commit, sharing what is frozen already (the service hands over the
  // next version frozen; its events and the key's response are copied here): the record the
  // return, its events' payloads and the key's response refer to stays one object, as do the
  // parts earlier versions hold. The response refers to the record before copying, so its body
  // is not copied only to be dropped.
  const { next, idempotency } = commit;
  const copy = frozenCopy({
    next,
    events: commit.events,
    response: idempotency && referencingRecord(idempotency.response, next.record),
  });
  returns.put(copy.next);
  const events = outbox.append(copy.events);
  timers.apply(id, commit.timers);
  if (idempotency) keys.committed(idempotency, copy.response!);
  return { ok: true, events };
}

/**
 * Checks every change as `commit` would, each against the store as the changes before it
 * leave it (versions first, then the key, then the allowances, then the RMA number), and writes all of them only
 * when none is refused.
 */
export function commitManyInMemory(parts: MemoryParts, commit: ReturnsCommit): ReturnsCommitResult {
  const { returns, keys, outbox, timers } = parts;
  checkAppended(commit.events ?? []);
  // The versions the changes so far would leave, by return id.
  const staged = new Map<string, StoredReturn>();
  for (const [index, change] of commit.changes.entries()) {
    checkEventsOf(change);
    const id = change.next.record.id;
    const refusal = versionRefusal(change, staged.get(id) ?? returns.get(id));
    if (refusal) return { ...refusal, index };
    staged.set(id, change.next);
  }
  const keyRefusal = keys.refusal(commit.idempotency);
  if (keyRefusal) return keyRefusal;
  staged.clear();
  for (const [index, change] of commit.changes.entries()) {
    const refusal = allowanceRefusal(returns, change, staged);
    if (refusal) return { ...refusal, index };
    staged.set(change.next.record.id, change.next);
  }
  for (const [index, change] of commit.changes.entries()) {
    const refusal = timerRefusal(timers, change);
    if (refusal) return { ...refusal, index };
  }
  if (commit.rma && returns.rmaTaken(commit.rma.rma)) return { ok: false, reason: "rma_taken" };

  // As in `commitInMemory`: nothing below can fail.
  const copy = frozenCopy({
    changes: commit.changes.map(({ next, events }) => ({ next, events })),
    appended: commit.events ?? [],
    response: commit.idempotency?.response,
  });
  const events = copy.changes.map(({ next, events }, i) => {
    returns.put(next);
    timers.apply(next.record.id, commit.changes[i]!.timers);
    return outbox.append(events);
  });
  // After the changes' events; a commit runs alone, so positions are commit order per subject.
  const appended = outbox.append(copy.appended);
  if (commit.rma) returns.claimRma({ ...commit.rma });
  if (commit.idempotency) keys.committed(commit.idempotency, copy.response!);
  return { ok: true, events, appended };
}

/** Throws, before anything is written, on a change's event about another subject. */
function checkEventsOf(change: Change): void {
  const { id } = change.next.record;
  for (const event of change.events) {
    const subject = subjectOf(event);
    if (subject.kind !== "return" || subject.id !== id)
      throw new TypeError(`event ${event.id} is about ${subject.kind} ${subject.id}, not ${id}`);
  }
}

/** Throws on a commit's own events about a return: those go with the return's change. */
function checkAppended(events: readonly OutboxEventInput[]): void {
  for (const event of events) {
    if (subjectOf(event).kind === "return")
      throw new TypeError(
        `event ${event.id} is about a return: commit it with that return's change`,
      );
  }
}

/**
 * `already_exists` or `version_conflict` when `change` was not computed from `current`; a
 * throw for a next version that is not the expected one (a programming error).
 */
function versionRefusal(change: Change, current: StoredReturn | undefined): Refusal | null {
  const id = change.next.record.id;
  if (change.expectedVersion === null) {
    if (current) return { ok: false, reason: "already_exists" };
  } else if (!current || current.record.version !== change.expectedVersion) {
    return {
      ok: false,
      reason: "version_conflict",
      currentVersion: current?.record.version ?? null,
    };
  }
  const expected = (change.expectedVersion ?? 0) + 1;
  if (change.next.record.version !== expected) {
    throw new Error(
      `commit of ${id} must carry version ${expected}, got ${change.next.record.version}`,
    );
  }
  return null;
}

/** `timer_gone` when the change fires a timer its return no longer has at that due time. */
function timerRefusal(timers: MemoryTimers, change: Change): Refusal | null {
  const refusal = timers.refusal(change.next.record.id, change.timers);
  return refusal && { ok: false, ...refusal };
}

/**
 * `quantity_exceeded` when the next record would take more of its line than was bought,
 * counting the versions `staged` by earlier changes of the same commit instead of the stored ones.
 */
function allowanceRefusal(
  returns: MemoryReturns,
  change: Change,
  staged: ReadonlyMap<string, StoredReturn>,
): Refusal | null {
  if (!change.lineAllowance) return null;
  const { record } = change.next;
  let inReturns = returns.unitsInReturns(record.order_id, record.line, record.id, staged);
  for (const { record: other } of staged.values()) {
    if (other.id === record.id || other.order_id !== record.order_id) continue;
    if (other.line.sku === record.line.sku && other.line.size === record.line.size)
      inReturns += unitsHeld(other);
  }
  if (inReturns + unitsHeld(record) <= change.lineAllowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
