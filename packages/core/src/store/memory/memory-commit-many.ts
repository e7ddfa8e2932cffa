/**
 * @module store/memory/memory-commit-many — `commitMany` in memory: every change checked
 * against the returns as they would stand with all of them written, then all written, in one
 * synchronous step, so no other call sees some of them and not the others.
 */
import { frozenCopy } from "../../util/deep-freeze";
import type { CommitResult, ReturnCommit, ReturnsCommit, ReturnsCommitResult } from "../types";
import type { MemoryIdempotencyKeys } from "./memory-idempotency";
import type { MemoryOutbox } from "./memory-outbox";
import { type MemoryReturns, unitsHeld } from "./memory-returns";

type Change = ReturnsCommit["changes"][number];
type Refusal = Exclude<CommitResult, { ok: true }>;

export function commitManyInMemory(
  parts: { returns: MemoryReturns; keys: MemoryIdempotencyKeys; outbox: MemoryOutbox },
  commit: ReturnsCommit,
): ReturnsCommitResult {
  const { returns, keys, outbox } = parts;
  checkDistinct(commit.changes);
  for (const [index, change] of commit.changes.entries()) {
    const refusal = versionRefusal(returns, change);
    if (refusal) return { ...refusal, index };
  }
  const keyRefusal = keys.refusal(commit.idempotency) as Refusal | null;
  if (keyRefusal) return keyRefusal;
  for (const [index, change] of commit.changes.entries()) {
    const refusal = allowanceRefusal(returns, commit.changes, change);
    if (refusal) return { ...refusal, index };
  }
  // Nothing below can fail: the commit is atomic because it is synchronous.
  const copy = frozenCopy({
    changes: commit.changes.map(({ next, events }) => ({ next, events })),
    response: commit.idempotency?.response,
  });
  for (const { next } of copy.changes) returns.put(next);
  const stored = outbox.append(copy.changes.flatMap((change) => change.events));
  let start = 0;
  const events = copy.changes.map(({ events: own }) => {
    start += own.length;
    return stored.slice(start - own.length, start);
  });
  if (commit.idempotency) keys.committed(commit.idempotency, copy.response!);
  return { ok: true, events };
}

function checkDistinct(changes: readonly Change[]): void {
  const ids = new Set(changes.map((change) => change.next.record.id));
  if (ids.size < changes.length) throw new Error("commitMany names one return more than once");
  for (const { next, expectedVersion } of changes) {
    const expected = (expectedVersion ?? 0) + 1;
    if (next.record.version !== expected)
      throw new Error(
        `commit of ${next.record.id} must carry version ${expected}, got ${next.record.version}`,
      );
  }
}

function versionRefusal(returns: MemoryReturns, change: Change): Refusal | null {
  const current = returns.get(change.next.record.id);
  if (change.expectedVersion === null)
    return current ? { ok: false, reason: "already_exists" } : null;
  if (current?.record.version === change.expectedVersion) return null;
  return { ok: false, reason: "version_conflict", currentVersion: current?.record.version ?? null };
}

/** As `commit` checks it, with the other changes' next versions in place of their current ones. */
function allowanceRefusal(
  returns: MemoryReturns,
  changes: readonly Change[],
  change: Pick<ReturnCommit, "next" | "lineAllowance">,
): Refusal | null {
  if (!change.lineAllowance) return null;
  const { record } = change.next;
  const sameLine = (other: ReturnCommit["next"]["record"]) =>
    other.order_id === record.order_id &&
    other.line.sku === record.line.sku &&
    other.line.size === record.line.size;
  let inReturns = returns.unitsInReturns(record.order_id, record.line, record.id);
  for (const other of changes) {
    if (other === change) continue;
    const current = returns.get(other.next.record.id)?.record;
    if (current && sameLine(current)) inReturns -= unitsHeld(current);
    if (sameLine(other.next.record)) inReturns += unitsHeld(other.next.record);
  }
  if (inReturns + unitsHeld(record) <= change.lineAllowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
