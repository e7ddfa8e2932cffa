/**
 * @module store/memory-store — the embedded default store: everything in this process.
 *
 * Values are deep-frozen on the way in, so reads hand out the stored objects without
 * copying and nobody can change a committed version by accident.
 */
import { newPrefixedId } from "../ids";
import { deepFreeze } from "./deep-freeze";
import { PendingDeliveries } from "./pending-deliveries";
import type {
  CommitResult,
  Delivery,
  DeliveryStatus,
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotencyCompletion,
  IdempotencyRecordView,
  IdempotentResponse,
  ListReturnsQuery,
  OutboxEvent,
  ReturnCommit,
  ReturnPage,
  ReturnsStore,
  StoredReturn,
  WebhookEndpoint,
} from "./types";

interface IdempotencyRow {
  fingerprint: string;
  state: "in_progress" | "completed";
  token: string;
  lockedUntil: number;
  expiresAt: number;
  response?: IdempotentResponse;
}

export interface MemoryStoreOptions {
  /** Name reported by `store.name`. */
  name?: string;
}

export function memoryStore(options: MemoryStoreOptions = {}): ReturnsStore {
  const returns = new Map<string, StoredReturn>();
  /** Ids in ascending order; ULIDs sort by creation time. */
  const ids: string[] = [];
  const events = new Map<string, OutboxEvent>();
  const eventsByReturn = new Map<string, string[]>();
  const idempotency = new Map<string, IdempotencyRow>();
  const endpoints = new Map<string, WebhookEndpoint>();
  const deliveries = new Map<string, Delivery>();
  /** The pending ones, queued per (return, endpoint) and indexed by when they can be claimed. */
  const pending = new PendingDeliveries();
  const listeners = new Set<() => void>();
  let position = 0;

  const isEnabled = (endpointId: string) => endpoints.get(endpointId)?.enabled === true;

  function replaceDelivery(next: Delivery) {
    const previous = deliveries.get(next.id);
    deliveries.set(next.id, next);
    if (next.status === "pending") pending.put(next);
    else if (previous?.status === "pending") pending.remove(previous);
  }

  function notify() {
    for (const listener of listeners) queueMicrotask(listener);
  }

  const store: ReturnsStore = {
    name: options.name ?? "memory",

    async getReturn(id) {
      return returns.get(id) ?? null;
    },

    async listReturns(query: ListReturnsQuery): Promise<ReturnPage> {
      const data: StoredReturn[] = [];
      let start = ids.length - 1;
      if (query.cursor) {
        // The cursor is the last id of the previous page; continue strictly below it.
        start = lowerBound(ids, query.cursor) - 1;
      }
      let next_cursor: string | null = null;
      for (let i = start; i >= 0; i--) {
        const stored = returns.get(ids[i]!)!;
        const record = stored.record;
        if (query.customer_id !== undefined && record.customer_id !== query.customer_id) continue;
        if (query.state !== undefined && record.state !== query.state) continue;
        if (query.order_id !== undefined && record.order_id !== query.order_id) continue;
        if (data.length === query.limit) {
          next_cursor = data[data.length - 1]!.record.id;
          break;
        }
        data.push(stored);
      }
      return { data, next_cursor };
    },

    async commit(commit: ReturnCommit): Promise<CommitResult> {
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
      const key = commit.idempotency;
      if (key?.token !== undefined) {
        const row = idempotency.get(key.key);
        if (row?.state !== "in_progress" || row.token !== key.token) {
          return { ok: false, reason: "idempotency_lost" };
        }
      } else if (key) {
        const row = idempotency.get(key.key);
        if (row && isLive(row, key.now))
          return { ok: false, reason: "idempotency_conflict", record: view(row) };
      }

      // Nothing below can fail: the commit is atomic because it is synchronous.
      // One clone of the whole commit: the record the return, its events' payloads and the
      // idempotency response all refer to stays one shared (frozen) object, not three copies.
      const copy = deepFreeze(
        structuredClone({
          next: commit.next,
          events: commit.events,
          response: commit.idempotency?.response,
        }),
      );
      returns.set(id, copy.next);
      if (!current) ids.splice(lowerBound(ids, id), 0, id);
      const committed: OutboxEvent[] = [];
      // Disabled endpoints too: their deliveries wait until the endpoint is enabled again.
      const subscribed = [...endpoints.values()];
      let created = 0;
      for (const input of copy.events) {
        const event: OutboxEvent = Object.freeze({ ...input, position: ++position });
        events.set(event.id, event);
        const list = eventsByReturn.get(event.return_id);
        if (list) list.push(event.id);
        else eventsByReturn.set(event.return_id, [event.id]);
        committed.push(event);
        for (const endpoint of subscribed) {
          if (endpoint.types && !endpoint.types.includes(event.type)) continue;
          replaceDelivery({
            id: newPrefixedId("dlv"),
            event_id: event.id,
            endpoint_id: endpoint.id,
            return_id: event.return_id,
            position: event.position,
            status: "pending",
            attempt_count: 0,
            next_attempt_at: Date.parse(event.created_at),
            attempts: [],
            delivered_at: null,
            dead_at: null,
          });
          created++;
        }
      }
      if (key?.token !== undefined) complete({ ...key, response: copy.response! });
      else if (key) {
        idempotency.set(key.key, {
          fingerprint: key.fingerprint,
          state: "completed",
          token: "",
          lockedUntil: key.now,
          expiresAt: key.expiresAt,
          response: copy.response!,
        });
      }
      if (created > 0) notify();
      return { ok: true, events: committed };
    },

    async claimIdempotencyKey(request: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
      const row = idempotency.get(request.key);
      if (row && isLive(row, request.now)) return { claimed: false, record: view(row) };
      const token = newPrefixedId("idk");
      idempotency.set(request.key, {
        fingerprint: request.fingerprint,
        state: "in_progress",
        token,
        lockedUntil: request.lockedUntil,
        expiresAt: request.expiresAt,
      });
      return { claimed: true, token };
    },

    async completeIdempotencyKey(completion) {
      const row = idempotency.get(completion.key);
      if (row?.state !== "in_progress" || row.token !== completion.token) return false;
      complete({ ...completion, response: deepFreeze(structuredClone(completion.response)) });
      return true;
    },

    async releaseIdempotencyKey(key, token) {
      const row = idempotency.get(key);
      if (row && row.state === "in_progress" && row.token === token) idempotency.delete(key);
    },

    async saveEndpoint(endpoint) {
      endpoints.set(endpoint.id, deepFreeze(structuredClone(endpoint)));
      if (endpoint.enabled) pending.endpointEnabled(endpoint.id);
    },

    async listEndpoints() {
      return [...endpoints.values()];
    },

    async removeEndpoint(id) {
      const existed = endpoints.delete(id);
      for (const delivery of pending.removeEndpoint(id)) deliveries.delete(delivery.id);
      return existed;
    },

    async disableEndpoint(id, reason) {
      const endpoint = endpoints.get(id);
      if (endpoint)
        endpoints.set(id, deepFreeze({ ...endpoint, enabled: false, disabled_reason: reason }));
    },

    async claimDeliveries({ dispatcherId, now, limit, leaseMs }) {
      const heads = pending.claim(now, limit, { dispatcherId, until: now + leaseMs }, isEnabled);
      return heads.map((delivery) => ({
        delivery,
        event: events.get(delivery.event_id)!,
        endpoint: endpoints.get(delivery.endpoint_id)!,
      }));
    },

    async recordDeliveryAttempt({ deliveryId, dispatcherId, attempt, outcome }) {
      const lease = pending.leaseOf(deliveryId);
      const delivery = deliveries.get(deliveryId);
      if (!lease || lease.dispatcherId !== dispatcherId || !delivery) return false;
      pending.release(delivery);
      const base = {
        ...delivery,
        attempt_count: delivery.attempt_count + 1,
        attempts: [...delivery.attempts, attempt],
      };
      if (outcome.kind === "delivered")
        replaceDelivery(deepFreeze({ ...base, status: "delivered", delivered_at: attempt.at }));
      else if (outcome.kind === "dead")
        replaceDelivery(deepFreeze({ ...base, status: "dead", dead_at: attempt.at }));
      else replaceDelivery(deepFreeze({ ...base, next_attempt_at: outcome.next_attempt_at }));
      return true;
    },

    async redeliver({ eventId, endpointId, since, now }) {
      const sinceMs = since === undefined ? undefined : Date.parse(since);
      let revived = 0;
      for (const delivery of [...deliveries.values()]) {
        if (delivery.status !== "dead") continue;
        if (eventId !== undefined && delivery.event_id !== eventId) continue;
        if (endpointId !== undefined && delivery.endpoint_id !== endpointId) continue;
        if (sinceMs !== undefined && Date.parse(delivery.dead_at!) < sinceMs) continue;
        if (eventId === undefined && sinceMs === undefined) continue;
        replaceDelivery(
          deepFreeze({
            ...delivery,
            status: "pending",
            attempt_count: 0,
            next_attempt_at: now,
            dead_at: null,
          }),
        );
        revived++;
      }
      if (revived > 0) notify();
      return revived;
    },

    async listDeliveries({
      eventId,
      returnId,
      status,
    }: {
      eventId?: string;
      returnId?: string;
      status?: DeliveryStatus;
    }) {
      return [...deliveries.values()]
        .filter(
          (d) =>
            (eventId === undefined || d.event_id === eventId) &&
            (returnId === undefined || d.return_id === returnId) &&
            (status === undefined || d.status === status),
        )
        .sort((a, b) => a.position - b.position);
    },

    async listEvents(returnId) {
      return (eventsByReturn.get(returnId) ?? []).map((id) => events.get(id)!);
    },

    async nextDeliveryDueAt() {
      // Only heads a claim could return: a disabled endpoint's, or one under a live lease until
      // it ends, must not wake a dispatcher early, or it would spin.
      return pending.nextReadyAt(isEnabled);
    },

    onDeliveriesCreated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async purge({ now, deliveredBefore, limit }) {
      let removed = 0;
      for (const [key, row] of idempotency) {
        if (removed >= limit) return removed;
        if (row.expiresAt <= now) {
          idempotency.delete(key);
          removed++;
        }
      }
      const referenced = new Set<string>();
      for (const delivery of deliveries.values()) {
        if (removed >= limit) return removed;
        const finishedAt = delivery.delivered_at
          ? Date.parse(delivery.delivered_at)
          : Number.POSITIVE_INFINITY;
        if (delivery.status === "delivered" && finishedAt < deliveredBefore) {
          deliveries.delete(delivery.id);
          removed++;
        } else referenced.add(delivery.event_id);
      }
      for (const [id, event] of events) {
        if (removed >= limit) break;
        if (referenced.has(id) || Date.parse(event.created_at) >= deliveredBefore) continue;
        events.delete(id);
        const list = eventsByReturn.get(event.return_id);
        if (list) {
          const index = list.indexOf(id);
          if (index >= 0) list.splice(index, 1);
          if (list.length === 0) eventsByReturn.delete(event.return_id);
        }
        removed++;
      }
      return removed;
    },
  };

  /** Stores a completion; its response must already be a frozen copy the caller cannot reach. */
  function complete(completion: IdempotencyCompletion) {
    const row = idempotency.get(completion.key)!;
    idempotency.set(completion.key, {
      ...row,
      state: "completed",
      response: completion.response,
      expiresAt: completion.expiresAt,
    });
  }

  return store;
}

/** Neither expired nor an `in_progress` claim whose lease ran out: it still answers its key. */
function isLive(row: IdempotencyRow, now: number): boolean {
  return row.expiresAt > now && (row.state === "completed" || row.lockedUntil > now);
}

function view(row: IdempotencyRow): IdempotencyRecordView {
  return row.state === "completed"
    ? { state: "completed", fingerprint: row.fingerprint, response: row.response! }
    : { state: "in_progress", fingerprint: row.fingerprint };
}

/** Index of the first element >= value in a sorted array. */
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
