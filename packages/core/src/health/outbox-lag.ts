/**
 * @module health/outbox-lag — how long the longest-waiting claimable delivery has been due.
 *
 * Measured from the store's `nextDeliveryDueAt` (the earliest time a claim could return
 * something): a delivery waiting out its retry backoff, or behind a failing head of its
 * return's queue, is not lag; a due one nobody claims is. It grows when no dispatcher runs
 * or none keeps up.
 */
import type { ReturnsStore } from "../store/types";

/** Seconds (0 when nothing is overdue), or null when the store cannot tell. */
export async function outboxLagSeconds(
  store: ReturnsStore,
  now: number,
  subscribers: readonly string[],
): Promise<number | null> {
  if (!store.nextDeliveryDueAt) return null;
  const due = await store.nextDeliveryDueAt(now, subscribers);
  return due === null ? 0 : Math.max(0, now - due) / 1000;
}
