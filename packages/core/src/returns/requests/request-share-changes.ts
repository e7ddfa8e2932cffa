/**
 * @module returns/requests/request-share-changes — what a change of returns of a request writes to
 * their siblings. When a change moves the shares of the return shipping fee (`movesShares`),
 * they are worked out again for the whole request (`sharedRefunds`), and every open return of
 * the request is written in the same commit, its refund changed or not: two writes to one
 * request that each read the other's return then always write a return in common, so the
 * store's version check refuses one of them, which retries on fresh versions (were only the
 * changed siblings written, two exchanges switched to a refund at once could each take the
 * whole fee). A sibling gets a new version (ETag, `updated_at`) and nothing else: no history
 * entry and no webhook event, as it went through no transition.
 */
import type { Principal } from "../../domain/principal";
import type { Refund, RefundPolicy } from "../../domain/refunds";
import type { ReturnsStore, StoredReturn, TimerChanges } from "../../store/types";
import type { RecordedEvent } from "../events";
import { nextVersion } from "../record-changes";
import { loadRequestReturns } from "./request-reader";
import { isFinalReturn, movesShares, sharedRefunds } from "./request-shares";

/** A version to write: `next`, computed from `current`. */
export interface ReturnWrite {
  current: StoredReturn;
  next: StoredReturn;
  /** Events about it that record no transition (a label recorded on every return of a parcel). */
  recorded?: readonly RecordedEvent[];
  /** Its timers set or cleared with the commit. */
  timers?: Omit<TimerChanges, "fire">;
}

interface SharedWrites {
  /** The writes' next versions, each with its share worked out again (in the order given). */
  nexts: StoredReturn[];
  /** The request's other open returns, each as its next version with its new share. */
  siblings: ReturnWrite[];
}

/** `stored` carrying `refund`, as version `version` written at `at`. */
function withRefund(stored: StoredReturn, refund: Refund | null, version: number, at: string) {
  const record = nextVersion({ ...stored.record, refund }, version, at, stored.record.history);
  return { record, snapshot: stored.snapshot };
}

/**
 * The writes of `writes` (changes of some of `returns`, every return of one request as read)
 * with the shares worked out again, and the siblings to write with them; the writes as they
 * are, and no sibling, when none of them moves the shares.
 */
export function shareAmongRequest(
  policy: RefundPolicy,
  returns: readonly StoredReturn[],
  writes: readonly { current: StoredReturn | null; next: StoredReturn }[],
): SharedWrites {
  const moving = writes.some(
    ({ current, next }) => current !== null && movesShares(current.record, next.record, policy),
  );
  if (!moving) return { nexts: writes.map((write) => write.next), siblings: [] };
  const written = new Set(writes.map((write) => write.next.record.id));
  const others = returns.filter((stored) => !written.has(stored.record.id));
  const refunds = sharedRefunds(
    [...writes.map((write) => write.next.record), ...others.map((stored) => stored.record)],
    policy,
  );
  const nexts = writes.map(({ next }, index) =>
    withRefund(next, refunds[index] ?? null, next.record.version, next.record.updated_at),
  );
  const at = nexts[0]!.record.updated_at;
  const siblings = others.flatMap((current, index): ReturnWrite[] => {
    if (isFinalReturn(current.record)) return [];
    const refund = refunds[writes.length + index] ?? null;
    return [{ current, next: withRefund(current, refund, current.record.version + 1, at) }];
  });
  return { nexts, siblings };
}

/**
 * `write` of one return with the shares it moves worked out again over its request (read
 * afresh as `principal` may see it), or as it is for a return alone or a change that moves none.
 */
export async function shareWithSiblings(
  deps: { store: ReturnsStore; refundPolicy: RefundPolicy },
  write: ReturnWrite,
  principal: Principal,
): Promise<{ next: StoredReturn; siblings: ReturnWrite[] }> {
  const requestId = write.next.record.request_id;
  if (!requestId || !movesShares(write.current.record, write.next.record, deps.refundPolicy)) {
    return { next: write.next, siblings: [] };
  }
  const returns = await loadRequestReturns(deps.store, requestId, principal);
  const { nexts, siblings } = shareAmongRequest(deps.refundPolicy, returns, [write]);
  return { next: nexts[0]!, siblings };
}
