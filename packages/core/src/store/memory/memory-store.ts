/**
 * @module store/memory/memory-store — the embedded default store: everything in this process.
 *
 * Assembled from four parts, one per concern: the returns (./memory-returns), the
 * idempotency keys (./memory-idempotency), the outbox with its endpoints and deliveries
 * (./memory-outbox) and the returns' timers (./memory-timers). A commit touches all four
 * synchronously, so it is atomic.
 *
 * Values are deep-frozen on the way in, so reads hand out the stored objects without
 * copying and nobody can change a committed version by accident.
 */

import type { ReturnsStore } from "../types";
import { commitInMemory, commitManyInMemory, type MemoryParts } from "./memory-commits";
import { eraseInMemory } from "./memory-erasure";
import { fitInsightRows, fitSummaryRows } from "./memory-fit-insights";
import { MemoryIdempotencyKeys } from "./memory-idempotency";
import { MemoryOutbox } from "./memory-outbox";
import { MemoryReturns } from "./memory-returns";
import { MemoryTimers } from "./memory-timers";

export interface MemoryStoreOptions {
  /** Name reported by `store.name`. */
  name?: string;
}

/** Each memory store's parts, for tests that look at everything a store holds. */
const PARTS = new WeakMap<ReturnsStore, MemoryParts>();

/** What a memory store holds (tests only: `test-support/dump.ts`). */
export function partsOfMemoryStore(store: ReturnsStore): MemoryParts | undefined {
  return PARTS.get(store);
}

export function memoryStore(options: MemoryStoreOptions = {}): ReturnsStore {
  const parts: MemoryParts = {
    returns: new MemoryReturns(),
    keys: new MemoryIdempotencyKeys(),
    outbox: new MemoryOutbox(),
    timers: new MemoryTimers(),
  };
  const { returns, keys, outbox, timers } = parts;

  const store: ReturnsStore = {
    name: options.name ?? "memory",
    // Nothing to reach and no schema to migrate; the earliest due head is at the top of a heap.
    async health(probe) {
      if (!probe) return { reachable: true, migrationsCurrent: true };
      const due = outbox.nextDeliveryDueAt(probe.subscribers);
      const oldestDueAt = due !== null && due <= probe.now ? due : null;
      return { reachable: true, migrationsCurrent: true, oldestDueAt };
    },
    getReturn: async (id) => returns.get(id) ?? null,
    listReturns: async (query) => returns.list(query),
    commit: async (commit) => commitInMemory(parts, commit),
    commitMany: async (commit) => commitManyInMemory(parts, commit),
    returnedQuantities: async (orderId) => returns.returnedQuantities(orderId),
    fitInsights: async (query) => fitInsightRows(returns.records(), query),
    fitSummary: async (query) => fitSummaryRows(returns.records(), query),

    recordIdempotencyAnswer: async (answer) => keys.record(answer),
    getIdempotencyRecord: async (key, now) => keys.get(key, now),

    saveEndpoint: async (endpoint) => {
      outbox.saveEndpoint(endpoint);
    },
    listEndpoints: async () => outbox.listEndpoints(),
    getEndpoint: async (id) => outbox.getEndpoint(id),
    writeEndpoint: async (write) => outbox.writeEndpoint(write),
    removeEndpoint: async (id, expectedVersion) => outbox.removeEndpoint(id, expectedVersion),
    disableEndpoint: async (id, reason) => outbox.disableEndpoint(id, reason),
    claimDeliveries: async (request) => outbox.claimDeliveries(request),
    recordDeliveryAttempt: async (request) => outbox.recordDeliveryAttempt(request),
    redeliver: async (request) => outbox.redeliver(request),
    listDeliveries: async (filter) => outbox.listDeliveries(filter),
    listEvents: async (returnId) => outbox.listEvents(returnId),
    nextDeliveryDueAt: async (_now, subscribers) => outbox.nextDeliveryDueAt(subscribers),
    onDeliveriesCreated: (listener) => outbox.onDeliveriesCreated(listener),

    claimDueTimers: async (request) => timers.claim(request),
    dropTimer: async ({ version, ...timer }) =>
      returns.get(timer.return_id)?.record.version === version && timers.drop(timer),
    listTimers: async (returnId) => timers.list(returnId),
    nextTimerDueAt: async () => timers.nextDueAt(),

    async purge({ now, deliveredBefore, limit }) {
      // Expired keys first, then finished deliveries and the events nothing refers to.
      const removed = keys.purgeExpired(now, limit);
      if (removed >= limit) return removed;
      return removed + outbox.purgeFinished(deliveredBefore, limit - removed);
    },

    eraseReturns: async (batch) => eraseInMemory(parts, batch),
    forgetIdempotencyRecords: async (needles) => keys.forget(needles),
    async setJobTimer({ return_id, name, due_at }) {
      if (timers.list(return_id).some((timer) => timer.name === name)) return;
      timers.apply(return_id, { set: [{ name, due_at }] });
    },
    clearJobTimer: async (timer) => timers.drop(timer),
  };
  PARTS.set(store, parts);
  return store;
}
