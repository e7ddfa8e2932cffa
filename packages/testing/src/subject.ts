/**
 * @module testing/subject — what every group of conformance cases shares: the store under
 * test (fresh for each case) and the few commits most cases start from.
 */
import type { ReturnEvent, ReturnsStore } from "@returnkit/core";
import type { ClaimedDelivery, OutboxEvent, StoredReturn } from "@returnkit/core/store";
import {
  advanceStoredReturn,
  makeDeliveryAttempt,
  makeOutboxEvent,
  makeStoredReturn,
  type StoredReturnOptions,
} from "./fixtures";

/** The store of the running case; a getter because each case gets a fresh one. */
export interface StoreSubject {
  readonly store: ReturnsStore;
  /** False when the run leaves out the cases that check the service on the store. */
  readonly serviceCases?: boolean;
}

export interface Committed {
  stored: StoredReturn;
  events: OutboxEvent[];
}

/** Creates a return with its `return.created` event and fails loudly if the store refuses. */
export async function createReturn(
  store: ReturnsStore,
  options: StoredReturnOptions = {},
): Promise<Committed> {
  const stored = makeStoredReturn(options);
  const result = await store.commit({
    next: stored,
    expectedVersion: null,
    events: [makeOutboxEvent(stored)],
  });
  if (!result.ok)
    throw new Error(`fixture: create of ${stored.record.id} failed: ${result.reason}`);
  return { stored, events: result.events };
}

/** Applies `event` from the stored version with its outbox event. */
export async function advanceReturn(
  store: ReturnsStore,
  stored: StoredReturn,
  event: ReturnEvent,
): Promise<Committed> {
  const next = advanceStoredReturn(stored, event);
  const result = await store.commit({
    next,
    expectedVersion: stored.record.version,
    events: [makeOutboxEvent(next)],
  });
  if (!result.ok)
    throw new Error(`fixture: ${event} of ${stored.record.id} failed: ${result.reason}`);
  return { stored: next, events: result.events };
}

type ClaimRequest = Parameters<ReturnsStore["claimDeliveries"]>[0];

/** The lease most cases claim under: long enough never to run out during a case. */
export const LEASE_MS = 30_000;

/** Claims what is due at `now` as dispatcher `d1` (up to 100, under `LEASE_MS`) unless told otherwise. */
export function claimDue(
  store: ReturnsStore,
  now: number,
  options: Partial<Omit<ClaimRequest, "now">> = {},
): Promise<ClaimedDelivery[]> {
  return store.claimDeliveries({
    dispatcherId: "d1",
    limit: 100,
    leaseMs: LEASE_MS,
    ...options,
    now,
  });
}

/** Records each claimed delivery as delivered at `now`, by the dispatcher that claimed it. */
export async function releaseClaimed(
  store: ReturnsStore,
  claimed: readonly ClaimedDelivery[],
  now: number,
  dispatcherId = "d1",
): Promise<void> {
  for (const one of claimed) {
    await store.recordDeliveryAttempt({
      deliveryId: one.delivery.id,
      dispatcherId,
      attempt: makeDeliveryAttempt(now),
      outcome: { kind: "delivered" },
    });
  }
}

/**
 * Claims what is due at `now` and records it delivered, round after round, until nothing is
 * due: the deliveries in the order they reached their endpoints.
 */
export async function deliverAllDue(
  store: ReturnsStore,
  now: number,
  dispatcherId = "d1",
): Promise<ClaimedDelivery[]> {
  const delivered: ClaimedDelivery[] = [];
  for (let claimed = await claimDue(store, now, { dispatcherId }); claimed.length > 0; ) {
    await releaseClaimed(store, claimed, now, dispatcherId);
    delivered.push(...claimed);
    claimed = await claimDue(store, now, { dispatcherId });
  }
  return delivered;
}

/** Strips the store-assigned position so an event can be compared with its input. */
export function withoutPosition(event: OutboxEvent) {
  const { position: _position, ...input } = event;
  return input;
}

export function ids(items: Array<{ id: string } | { record: { id: string } }>): string[] {
  return items.map((item) => ("record" in item ? item.record.id : item.id));
}
