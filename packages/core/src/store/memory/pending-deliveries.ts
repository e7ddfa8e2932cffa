/**
 * @module store/memory/pending-deliveries — the memory store's pending deliveries and their leases,
 * indexed so that a claim costs O(claimed × (log n + endpoints)) however many are waiting.
 *
 * Pending deliveries are kept in one queue per (subject, endpoint), in position order; only a
 * queue's head can be claimed. Each endpoint keeps a min-heap of its non-empty queues under
 * the time their head becomes claimable: `max(next_attempt_at, end of its lease)`. A claim
 * looks only at the heaps of endpoints the caller may take (enabled, and for a subscriber,
 * run by the caller), so what another caller may not take stays filed where it is. It pops
 * the earliest ready head among them and re-files it under its new lease end (so a lease
 * that runs out, because its dispatcher died, makes the head claimable again without a
 * scan). A scan of every queue per claim, as before, made each attempt cost O(waiting):
 * thousands of deliveries waiting for a retry slowed every other one down.
 *
 * Heap entries are never updated in place: a queue whose head or lease changes gets a new
 * entry and a new version, and the older entries are dropped when they surface. An
 * endpoint's heap is rebuilt from its live queues when stale entries outnumber them, so it
 * stays O(queues).
 */

import { subjectKey } from "../event-subject";
import type { Delivery } from "../types";
import { MinHeap } from "./min-heap";

export interface Lease {
  dispatcherId: string;
  until: number;
}

interface PendingQueue {
  key: string;
  endpointId: string;
  /** Position order; `items[0]` is the only claimable one. */
  items: Delivery[];
  /** Bumped whenever the head or its lease changes: older heap entries are stale. */
  version: number;
}

interface HeadEntry {
  queue: PendingQueue;
  version: number;
  readyAt: number;
  position: number;
}

/** One endpoint's queues and the heap of their heads. */
interface EndpointQueues {
  queues: Set<PendingQueue>;
  heads: MinHeap<HeadEntry>;
}

/**
 * Earliest ready first; among equals the older event, so backlogs drain oldest first (then
 * the pair key, so that the order is fully defined).
 */
const readyFirst = (a: HeadEntry, b: HeadEntry): boolean =>
  a.readyAt < b.readyAt ||
  (a.readyAt === b.readyAt &&
    (a.position < b.position || (a.position === b.position && a.queue.key < b.queue.key)));

interface PendingDeliveriesOptions {
  /** Stale heap entries tolerated beyond one per live queue before a rebuild. Default 1 024. */
  rebuildSlack?: number;
}

export class PendingDeliveries {
  private readonly queues = new Map<string, PendingQueue>();
  private readonly byEndpoint = new Map<string, EndpointQueues>();
  private readonly leases = new Map<string, Lease>();
  private readonly rebuildSlack: number;

  constructor(options: PendingDeliveriesOptions = {}) {
    this.rebuildSlack = options.rebuildSlack ?? 1_024;
  }

  /** Adds a pending delivery, or replaces the queued one with the same id. */
  put(delivery: Delivery): void {
    const key = pairKey(delivery);
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { key, endpointId: delivery.endpoint_id, items: [], version: 0 };
      this.queues.set(key, queue);
      let ofEndpoint = this.byEndpoint.get(queue.endpointId);
      if (!ofEndpoint) {
        ofEndpoint = { queues: new Set(), heads: new MinHeap(readyFirst) };
        this.byEndpoint.set(queue.endpointId, ofEndpoint);
      }
      ofEndpoint.queues.add(queue);
    }
    const items = queue.items;
    const current = items.findIndex((d) => d.id === delivery.id);
    if (current >= 0 && items[current]!.position === delivery.position) {
      // A retry or a revival keeps its place.
      items[current] = delivery;
      if (current === 0) this.refile(queue);
      return;
    }
    if (current >= 0) this.removeAt(queue, current);
    // Revived (redelivered) deliveries can be older than what is queued: keep position order.
    let index = items.length;
    while (index > 0 && items[index - 1]!.position > delivery.position) index--;
    items.splice(index, 0, delivery);
    if (index === 0) this.refile(queue);
  }

  /** Takes a delivery out of its queue (delivered, dead or removed); its lease goes with it. */
  remove(delivery: Delivery): void {
    this.leases.delete(delivery.id);
    const queue = this.queues.get(pairKey(delivery));
    if (!queue) return;
    const index = queue.items.findIndex((d) => d.id === delivery.id);
    if (index >= 0) this.removeAt(queue, index);
  }

  /** Removes every pending delivery of an endpoint; returns them. */
  removeEndpoint(endpointId: string): Delivery[] {
    const removed: Delivery[] = [];
    for (const queue of this.byEndpoint.get(endpointId)?.queues ?? []) {
      for (const delivery of queue.items) {
        this.leases.delete(delivery.id);
        removed.push(delivery);
      }
      queue.items = [];
      this.drop(queue);
    }
    return removed;
  }

  leaseOf(deliveryId: string): Lease | undefined {
    return this.leases.get(deliveryId);
  }

  /** Ends a delivery's lease: a head is claimable again as soon as it is due. */
  release(delivery: Delivery): void {
    if (!this.leases.delete(delivery.id)) return;
    const queue = this.queues.get(pairKey(delivery));
    if (queue?.items[0]?.id === delivery.id) this.refile(queue);
  }

  /**
   * Leases and returns up to `limit` heads that are due and unleased (or whose lease ran
   * out) at `now`, of endpoints `claimable` accepts; the others' heads are left as they are.
   */
  claim(
    now: number,
    limit: number,
    lease: Lease,
    claimable: (endpointId: string) => boolean,
  ): Delivery[] {
    const endpoints = this.endpointsWhere(claimable);
    const claimed: Delivery[] = [];
    while (claimed.length < limit) {
      const earliest = earliestHead(endpoints);
      if (!earliest || earliest.entry.readyAt > now) break;
      earliest.heads.pop();
      const head = earliest.entry.queue.items[0]!;
      this.leases.set(head.id, lease);
      this.refile(earliest.entry.queue);
      claimed.push(head);
    }
    return claimed;
  }

  /** When the earliest head of an endpoint `claimable` accepts becomes claimable, or null. */
  nextReadyAt(claimable: (endpointId: string) => boolean): number | null {
    return earliestHead(this.endpointsWhere(claimable))?.entry.readyAt ?? null;
  }

  private endpointsWhere(claimable: (endpointId: string) => boolean): EndpointQueues[] {
    const accepted: EndpointQueues[] = [];
    for (const [endpointId, ofEndpoint] of this.byEndpoint)
      if (claimable(endpointId)) accepted.push(ofEndpoint);
    return accepted;
  }

  private removeAt(queue: PendingQueue, index: number) {
    queue.items.splice(index, 1);
    if (queue.items.length === 0) this.drop(queue);
    else if (index === 0) this.refile(queue);
  }

  private drop(queue: PendingQueue) {
    // Its heap entries go stale with the version.
    queue.version++;
    this.queues.delete(queue.key);
    const ofEndpoint = this.byEndpoint.get(queue.endpointId);
    ofEndpoint?.queues.delete(queue);
    // The heap goes too: every entry left in it is stale.
    if (ofEndpoint?.queues.size === 0) this.byEndpoint.delete(queue.endpointId);
  }

  /** Files the queue's head under the time it becomes claimable. */
  private refile(queue: PendingQueue) {
    queue.version++;
    const { queues, heads } = this.byEndpoint.get(queue.endpointId)!;
    heads.push(this.entryFor(queue));
    if (heads.size > 2 * queues.size + this.rebuildSlack) {
      heads.rebuild([...queues].map((q) => this.entryFor(q)));
    }
  }

  private entryFor(queue: PendingQueue): HeadEntry {
    const head = queue.items[0]!;
    const leasedUntil = this.leases.get(head.id)?.until ?? Number.NEGATIVE_INFINITY;
    return {
      queue,
      version: queue.version,
      readyAt: Math.max(head.next_attempt_at, leasedUntil),
      position: head.position,
    };
  }
}

/** The earliest live head among the endpoints' heaps (stale tops are dropped on the way). */
function earliestHead(
  endpoints: readonly EndpointQueues[],
): { entry: HeadEntry; heads: MinHeap<HeadEntry> } | undefined {
  let earliest: { entry: HeadEntry; heads: MinHeap<HeadEntry> } | undefined;
  for (const { heads } of endpoints) {
    let top = heads.peek();
    while (top && top.version !== top.queue.version) {
      heads.pop();
      top = heads.peek();
    }
    if (top && (!earliest || readyFirst(top, earliest.entry))) earliest = { entry: top, heads };
  }
  return earliest;
}

function pairKey(delivery: Delivery): string {
  return `${subjectKey(delivery.subject)}\u0000${delivery.endpoint_id}`;
}
