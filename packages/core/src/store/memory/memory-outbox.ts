/**
 * @module store/memory/memory-outbox — the memory store's outbox: events, the endpoints they fan
 * out to, and the deliveries a dispatcher claims, records and revives.
 *
 * Pending deliveries are also queued per (subject, endpoint) and indexed by when they can be
 * claimed (./pending-deliveries), so a claim costs what it returns, not the whole outbox.
 */
import { newPrefixedId } from "../../domain/ids";
import { deepFreeze, frozenCopy } from "../../util/deep-freeze";
import type {
  ClaimedDelivery,
  Delivery,
  DeliveryKey,
  EndpointWrite,
  EndpointWriteResult,
  OutboxEndpoint,
  OutboxEvent,
  OutboxEventInput,
  Redelivery,
  ReturnsStore,
  VersionedEndpoint,
} from "../types";
import { HeldEvents } from "./held-events";
import { PendingDeliveries } from "./pending-deliveries";

type Request<K extends keyof ReturnsStore> = ReturnsStore[K] extends
  | ((request: infer R) => unknown)
  | undefined
  ? R
  : never;

export class MemoryOutbox {
  private readonly events = new HeldEvents();
  private readonly endpoints = new Map<string, OutboxEndpoint>();
  /** Each endpoint's version: drawn from one counter, so no id ever gets a version twice. */
  private readonly versions = new Map<string, number>();
  private lastVersion = 0;
  /** Dead deliveries whose endpoint was removed: kept for inspection, never revived. */
  private readonly orphaned = new Set<string>();
  private readonly deliveries = new Map<string, Delivery>();
  /** The pending ones, queued per (subject, endpoint) and indexed by when they can be claimed. */
  private readonly pending = new PendingDeliveries();
  private readonly listeners = new Set<() => void>();
  private position = 0;

  /**
   * Whose deliveries a caller may claim: an enabled endpoint's, and for a subscriber only
   * when the caller runs it.
   */
  private claimableBy(subscribers: readonly string[] = []): (endpointId: string) => boolean {
    return (endpointId) => {
      const endpoint = this.endpoints.get(endpointId);
      if (!endpoint?.enabled) return false;
      return endpoint.kind !== "subscriber" || subscribers.includes(endpointId);
    };
  }

  /**
   * Appends a commit's (frozen) events with their positions and a pending delivery per
   * subscribed endpoint; listeners hear of it when any delivery was created.
   */
  append(inputs: readonly OutboxEventInput[]): OutboxEvent[] {
    const committed: OutboxEvent[] = [];
    // Disabled endpoints get theirs too: they wait, paused, until it is enabled again.
    const subscribed = [...this.endpoints.values()];
    let created = 0;
    for (const input of inputs) {
      const event = this.events.add(input, ++this.position);
      committed.push(event);
      for (const endpoint of subscribed) {
        if (endpoint.types && !endpoint.types.includes(event.type)) continue;
        this.replaceDelivery(firstDelivery(event, endpoint.id));
        created++;
      }
    }
    if (created > 0) this.notify();
    return committed;
  }

  /**
   * Rewrites the payloads of `returnId`'s events and the errors of their deliveries' attempts
   * (an erasure); status, leases and due times stay.
   */
  eraseEventsOf(
    returnId: string,
    json: (value: unknown) => unknown,
    text: (value: string) => string,
  ): void {
    const eventIds = new Set(this.events.rewriteOfReturn(returnId, json));
    for (const delivery of [...this.deliveries.values()]) {
      if (!eventIds.has(delivery.event_id)) continue;
      if (delivery.attempts.every((attempt) => attempt.error === null)) continue;
      const attempts = delivery.attempts.map((attempt) =>
        attempt.error === null ? attempt : { ...attempt, error: text(attempt.error) },
      );
      this.replaceDelivery(deepFreeze({ ...delivery, attempts }));
    }
  }

  listEvents(returnId: string): OutboxEvent[] {
    return this.events.ofReturn(returnId);
  }

  // ---------------------------------------------------------------- endpoints

  saveEndpoint(endpoint: OutboxEndpoint): number {
    this.endpoints.set(endpoint.id, frozenCopy(endpoint));
    this.versions.set(endpoint.id, ++this.lastVersion);
    return this.lastVersion;
  }

  listEndpoints(): OutboxEndpoint[] {
    return [...this.endpoints.values()];
  }

  getEndpoint(id: string): VersionedEndpoint | null {
    const endpoint = this.endpoints.get(id);
    return endpoint ? { endpoint, version: this.versions.get(id)! } : null;
  }

  /** Synchronous, so the check and the write are one step. */
  writeEndpoint({ next, expectedVersion }: EndpointWrite): EndpointWriteResult {
    const current = this.getEndpoint(next.id);
    if (expectedVersion === null && current) return { ok: false, reason: "already_exists" };
    if (expectedVersion !== null && current?.version !== expectedVersion) {
      return { ok: false, reason: "version_conflict", current };
    }
    return { ok: true, version: this.saveEndpoint(next) };
  }

  removeEndpoint(id: string, expectedVersion?: number): boolean {
    if (expectedVersion !== undefined && this.versions.get(id) !== expectedVersion) return false;
    const existed = this.endpoints.delete(id);
    this.versions.delete(id);
    for (const delivery of this.pending.removeEndpoint(id)) this.deliveries.delete(delivery.id);
    for (const delivery of this.deliveries.values()) {
      if (delivery.endpoint_id === id && delivery.status === "dead") this.orphaned.add(delivery.id);
    }
    return existed;
  }

  disableEndpoint(id: string, reason: string): void {
    const endpoint = this.endpoints.get(id);
    if (endpoint) this.saveEndpoint({ ...endpoint, enabled: false, disabled_reason: reason });
  }

  // ---------------------------------------------------------------- deliveries

  claimDeliveries({
    dispatcherId,
    now,
    limit,
    leaseMs,
    subscribers,
  }: Request<"claimDeliveries">): ClaimedDelivery[] {
    const lease = { dispatcherId, until: now + leaseMs };
    const claimable = this.claimableBy(subscribers);
    return this.pending.claim(now, limit, lease, claimable).map((delivery) => ({
      delivery,
      event: this.events.get(delivery.event_id)!,
      endpoint: this.endpoints.get(delivery.endpoint_id)!,
    }));
  }

  recordDeliveryAttempt(request: Request<"recordDeliveryAttempt">): boolean {
    const { deliveryId, dispatcherId, attempt, outcome } = request;
    const lease = this.pending.leaseOf(deliveryId);
    const delivery = this.deliveries.get(deliveryId);
    if (!lease || lease.dispatcherId !== dispatcherId || !delivery) return false;
    this.pending.release(delivery);
    const base = {
      ...delivery,
      attempt_count: delivery.attempt_count + 1,
      attempts: [...delivery.attempts, attempt],
    };
    if (outcome.kind === "delivered")
      this.replaceDelivery(deepFreeze({ ...base, status: "delivered", delivered_at: attempt.at }));
    else if (outcome.kind === "dead")
      this.replaceDelivery(deepFreeze({ ...base, status: "dead", dead_at: attempt.at }));
    else this.replaceDelivery(deepFreeze({ ...base, next_attempt_at: outcome.next_attempt_at }));
    return true;
  }

  redeliver({ eventId, endpointId, since, now }: Request<"redeliver">): Redelivery {
    const counts = { revived: 0, skipped: 0 };
    // With neither an event nor a time, nothing is revived, never everything.
    if (eventId === undefined && since === undefined) return counts;
    const sinceMs = since === undefined ? undefined : Date.parse(since);
    for (const delivery of [...this.deliveries.values()]) {
      if (delivery.status !== "dead") continue;
      if (eventId !== undefined && delivery.event_id !== eventId) continue;
      if (endpointId !== undefined && delivery.endpoint_id !== endpointId) continue;
      if (sinceMs !== undefined && Date.parse(delivery.dead_at!) < sinceMs) continue;
      if (this.orphaned.has(delivery.id) || !this.endpoints.has(delivery.endpoint_id)) {
        counts.skipped++;
        continue;
      }
      this.replaceDelivery(
        deepFreeze({
          ...delivery,
          status: "pending",
          attempt_count: 0,
          next_attempt_at: now,
          dead_at: null,
        }),
      );
      counts.revived++;
    }
    if (counts.revived > 0) this.notify();
    return counts;
  }

  listDeliveries(filter: Request<"listDeliveries">): Delivery[] {
    const { eventId, returnId, subject, status, after, limit } = filter;
    const matching = [...this.deliveries.values()]
      .filter(
        (d) =>
          (eventId === undefined || d.event_id === eventId) &&
          (returnId === undefined || d.return_id === returnId) &&
          (subject === undefined ||
            (d.subject.kind === subject.kind && d.subject.id === subject.id)) &&
          (status === undefined || d.status === status) &&
          (after === undefined || compareDeliveryKeys(d, after) > 0),
      )
      .sort(compareDeliveryKeys);
    return limit === undefined ? matching : matching.slice(0, limit);
  }

  nextDeliveryDueAt(subscribers?: readonly string[]): number | null {
    // Only heads a claim could return: a disabled endpoint's, another process's subscriber's,
    // or one under a live lease until it ends, must not wake a dispatcher early, or it would
    // spin. Leases here are on the callers' clock (one process), so their ends need no
    // translating.
    return this.pending.nextReadyAt(this.claimableBy(subscribers));
  }

  onDeliveriesCreated(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------------------------------------------------------------- retention

  /**
   * Removes up to `limit` rows: delivered deliveries finished before `deliveredBefore`, then
   * events created before it that no delivery refers to any more. Returns how many.
   */
  purgeFinished(deliveredBefore: number, limit: number): number {
    let removed = 0;
    const referenced = new Set<string>();
    for (const delivery of this.deliveries.values()) {
      if (removed >= limit) return removed;
      const finishedAt = delivery.delivered_at
        ? Date.parse(delivery.delivered_at)
        : Number.POSITIVE_INFINITY;
      if (delivery.status === "delivered" && finishedAt < deliveredBefore) {
        this.deliveries.delete(delivery.id);
        removed++;
      } else referenced.add(delivery.event_id);
    }
    for (const event of this.events.all()) {
      if (removed >= limit) break;
      if (referenced.has(event.id) || Date.parse(event.created_at) >= deliveredBefore) continue;
      this.events.remove(event.id);
      removed++;
    }
    return removed;
  }

  private replaceDelivery(next: Delivery) {
    const previous = this.deliveries.get(next.id);
    this.deliveries.set(next.id, next);
    if (next.status === "pending") this.pending.put(next);
    else if (previous?.status === "pending") this.pending.remove(previous);
  }

  private notify() {
    for (const listener of this.listeners) queueMicrotask(listener);
  }
}

/** A new event's delivery to one endpoint: pending, due when the event was committed. */
function firstDelivery(event: OutboxEvent, endpointId: string): Delivery {
  return {
    id: newPrefixedId("dlv"),
    event_id: event.id,
    endpoint_id: endpointId,
    return_id: event.return_id,
    subject: event.subject,
    position: event.position,
    status: "pending",
    attempt_count: 0,
    next_attempt_at: Date.parse(event.created_at),
    attempts: [],
    delivered_at: null,
    dead_at: null,
  };
}

/** `listDeliveries`' order: position, then id by UTF-16 code unit. */
function compareDeliveryKeys(a: DeliveryKey, b: DeliveryKey): number {
  if (a.position !== b.position) return a.position - b.position;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
