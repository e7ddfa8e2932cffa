/**
 * @module store/memory/memory-store — the embedded default store: everything in this process.
 *
 * Assembled from three parts, one per concern: the returns (./memory-returns), the
 * idempotency keys (./memory-idempotency) and the outbox with its endpoints and deliveries
 * (./memory-outbox). A commit touches all three synchronously, so it is atomic.
 *
 * Values are deep-frozen on the way in, so reads hand out the stored objects without
 * copying and nobody can change a committed version by accident.
 */

import { frozenCopy } from "../../util/deep-freeze";
import { referencingRecord } from "../stored-response";
import type { CommitResult, ReturnCommit, ReturnsStore } from "../types";
import { commitManyInMemory } from "./memory-commit-many";
import { fitInsightRows } from "./memory-fit-insights";
import { MemoryIdempotencyKeys } from "./memory-idempotency";
import { MemoryOutbox } from "./memory-outbox";
import { MemoryReturns, unitsHeld } from "./memory-returns";

export interface MemoryStoreOptions {
  /** Name reported by `store.name`. */
  name?: string;
}

interface MemoryParts {
  returns: MemoryReturns;
  keys: MemoryIdempotencyKeys;
  outbox: MemoryOutbox;
}

export function memoryStore(options: MemoryStoreOptions = {}): ReturnsStore {
  const parts: MemoryParts = {
    returns: new MemoryReturns(),
    keys: new MemoryIdempotencyKeys(),
    outbox: new MemoryOutbox(),
  };
  const { returns, keys, outbox } = parts;

  return {
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

    async purge({ now, deliveredBefore, limit }) {
      // Expired keys first, then finished deliveries and the events nothing refers to.
      const removed = keys.purgeExpired(now, limit);
      if (removed >= limit) return removed;
      return removed + outbox.purgeFinished(deliveredBefore, limit - removed);
    },
  };
}

/**
 * Checks the version, the key and the line allowance, then writes the return, its events and
 * the key at once.
 */
function commitInMemory(
  { returns, keys, outbox }: MemoryParts,
  commit: ReturnCommit,
): CommitResult {
  const id = commit.next.record.id;
  const current = returns.get(id);
  if (commit.expectedVersion === null) {
    if (current) return { ok: false, reason: "already_exists" };
  } else if (!current || current.record.version !== commit.expectedVersion) {
    return {
      ok: false,
      reason: "version_conflict",
      currentVersion: current?.record.version ?? null,
    };
  }
  const expected = (commit.expectedVersion ?? 0) + 1;
  if (commit.next.record.version !== expected) {
    throw new Error(
      `commit of ${id} must carry version ${expected}, got ${commit.next.record.version}`,
    );
  }
  const refusal = keys.refusal(commit.idempotency) ?? allowanceRefusal(returns, commit);
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
  if (idempotency) keys.committed(idempotency, copy.response!);
  return { ok: true, events };
}

/** `quantity_exceeded` when the next record would take more of its line than was bought. */
function allowanceRefusal(returns: MemoryReturns, commit: ReturnCommit): CommitResult | null {
  if (!commit.lineAllowance) return null;
  const { record } = commit.next;
  const inReturns = returns.unitsInReturns(record.order_id, record.line, record.id);
  if (inReturns + unitsHeld(record) <= commit.lineAllowance.purchased) return null;
  return { ok: false, reason: "quantity_exceeded", inReturns };
}
