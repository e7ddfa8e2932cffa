import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Delivery } from "../types";
import { type Lease, PendingDeliveries } from "./pending-deliveries";

function delivery(
  id: string,
  returnId: string,
  endpointId: string,
  position: number,
  nextAttemptAt: number,
): Delivery {
  return {
    id,
    event_id: `evt_${position}`,
    endpoint_id: endpointId,
    return_id: returnId,
    subject: { kind: "return", id: returnId },
    position,
    status: "pending",
    attempt_count: 0,
    next_attempt_at: nextAttemptAt,
    attempts: [],
    delivered_at: null,
    dead_at: null,
  };
}

const allEnabled = () => true;
const lease = (until: number, dispatcherId = "d1"): Lease => ({ dispatcherId, until });
const ids = (deliveries: Delivery[]) => deliveries.map((d) => d.id);

/**
 * The specification, written the slow way: scan every pending delivery. Claims take the heads
 * that are ready in the same order as the index (ready time, position, pair key).
 */
class Model {
  pending = new Map<string, Delivery>();
  leases = new Map<string, Lease>();
  disabled = new Set<string>();

  private heads(claimable: (endpointId: string) => boolean) {
    const heads = new Map<string, Delivery>();
    for (const d of this.pending.values()) {
      const key = `${d.return_id}\u0000${d.endpoint_id}`;
      const head = heads.get(key);
      if (!head || d.position < head.position) heads.set(key, d);
    }
    return [...heads]
      .filter(([, d]) => !this.disabled.has(d.endpoint_id) && claimable(d.endpoint_id))
      .map(([key, d]) => ({
        key,
        d,
        readyAt: Math.max(d.next_attempt_at, this.leases.get(d.id)?.until ?? -Infinity),
      }))
      .sort(
        (a, b) =>
          a.readyAt - b.readyAt ||
          a.d.position - b.d.position ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
  }

  claim(
    now: number,
    limit: number,
    granted: Lease,
    claimable: (endpointId: string) => boolean,
  ): string[] {
    const taken = this.heads(claimable)
      .filter((h) => h.readyAt <= now)
      .slice(0, limit);
    for (const h of taken) this.leases.set(h.d.id, granted);
    return taken.map((h) => h.d.id);
  }

  nextReadyAt(claimable: (endpointId: string) => boolean): number | null {
    return this.heads(claimable)[0]?.readyAt ?? null;
  }
}

type Step =
  | { kind: "put"; returnId: string; endpointId: string; position: number; at: number }
  | { kind: "claim"; now: number; limit: number; leaseMs: number; without: string | null }
  | { kind: "retry"; pick: number; at: number }
  | { kind: "finish"; pick: number }
  | { kind: "release"; pick: number }
  | { kind: "disable" | "enable" | "removeEndpoint"; endpointId: string };

const endpointId = fc.constantFrom("ep_a", "ep_b", "sub_c");
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("put" as const),
    returnId: fc.constantFrom("ret_1", "ret_2", "ret_3"),
    endpointId,
    position: fc.integer({ min: 1, max: 1_000 }),
    at: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({
    kind: fc.constant("claim" as const),
    now: fc.integer({ min: 0, max: 200 }),
    limit: fc.integer({ min: 1, max: 4 }),
    leaseMs: fc.integer({ min: 1, max: 100 }),
    // An endpoint this claimer may not take (a subscriber it does not run).
    without: fc.option(endpointId),
  }),
  fc.record({
    kind: fc.constant("retry" as const),
    pick: fc.nat(),
    at: fc.integer({ min: 0, max: 200 }),
  }),
  fc.record({ kind: fc.constant("finish" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("release" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constantFrom("disable", "enable", "removeEndpoint"), endpointId }),
);

describe("PendingDeliveries", () => {
  it("claim/nextReadyAt - agree with a scan of every pending delivery, whatever happens in between and whoever claims", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), (steps) => {
        // A tiny slack, so that rebuilding the heap happens within a run.
        const index = new PendingDeliveries({ rebuildSlack: 2 });
        const model = new Model();
        const isEnabled = (id: string) => !model.disabled.has(id);
        let n = 0;
        const positionsTaken = new Set<string>();
        const leased = () => [...model.leases.keys()].filter((id) => model.pending.has(id));

        for (const s of steps) {
          if (s.kind === "put") {
            // Positions are unique within a pair; a smaller one stands for a revived delivery.
            const slot = `${s.returnId}/${s.endpointId}/${s.position}`;
            if (positionsTaken.has(slot)) continue;
            positionsTaken.add(slot);
            const d = delivery(`dlv_${n++}`, s.returnId, s.endpointId, s.position, s.at);
            model.pending.set(d.id, d);
            index.put(d);
          } else if (s.kind === "claim") {
            const granted = lease(s.now + s.leaseMs, `d${n++}`);
            const claimable = (id: string) => isEnabled(id) && id !== s.without;
            expect(ids(index.claim(s.now, s.limit, granted, claimable))).toEqual(
              model.claim(s.now, s.limit, granted, claimable),
            );
            expect(index.nextReadyAt(claimable)).toBe(model.nextReadyAt(claimable));
          } else if (s.kind === "retry" || s.kind === "finish" || s.kind === "release") {
            const candidates = leased();
            if (candidates.length === 0) continue;
            const d = model.pending.get(candidates[s.pick % candidates.length]!)!;
            expect(index.leaseOf(d.id)).toBe(model.leases.get(d.id));
            index.release(d);
            model.leases.delete(d.id);
            if (s.kind === "retry") {
              const next = { ...d, attempt_count: d.attempt_count + 1, next_attempt_at: s.at };
              model.pending.set(d.id, next);
              index.put(next);
            } else if (s.kind === "finish") {
              model.pending.delete(d.id);
              index.remove(d);
            }
          } else if (s.kind === "disable") {
            model.disabled.add(s.endpointId);
          } else if (s.kind === "enable") {
            model.disabled.delete(s.endpointId);
          } else {
            const expected = [...model.pending.values()]
              .filter((d) => d.endpoint_id === s.endpointId)
              .map((d) => d.id)
              .sort();
            expect(ids(index.removeEndpoint(s.endpointId)).sort()).toEqual(expected);
            for (const id of expected) {
              model.pending.delete(id);
              model.leases.delete(id);
              expect(index.leaseOf(id)).toBeUndefined();
            }
          }
          expect(index.nextReadyAt(isEnabled)).toBe(model.nextReadyAt(() => true));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("claim - hands out heads only, oldest ready first, and the next one once the head is gone", () => {
    const index = new PendingDeliveries();
    const first = delivery("dlv_1", "ret_1", "ep_a", 1, 0);
    const second = delivery("dlv_2", "ret_1", "ep_a", 2, 0);
    const other = delivery("dlv_3", "ret_2", "ep_a", 3, 0);
    for (const d of [second, other, first]) index.put(d);

    expect(ids(index.claim(10, 10, lease(1_000), allEnabled))).toEqual(["dlv_1", "dlv_3"]);
    expect(index.claim(10, 10, lease(1_000), allEnabled)).toEqual([]);

    index.release(first);
    index.remove(first);

    expect(ids(index.claim(10, 10, lease(1_000), allEnabled))).toEqual(["dlv_2"]);
  });

  it("claim - leaves the heads of an endpoint the claimer may not take for one that may", () => {
    const index = new PendingDeliveries();
    const theirs = delivery("dlv_1", "ret_1", "sub_refunds", 1, 0);
    const ours = delivery("dlv_2", "ret_1", "ep_a", 1, 5);
    for (const d of [theirs, ours]) index.put(d);
    const withoutSubscriber = (id: string) => id !== "sub_refunds";

    expect(index.nextReadyAt(withoutSubscriber)).toBe(5);
    expect(ids(index.claim(10, 10, lease(1_000, "d1"), withoutSubscriber))).toEqual(["dlv_2"]);
    expect(index.leaseOf("dlv_1")).toBeUndefined();
    expect(ids(index.claim(10, 10, lease(1_000, "d2"), allEnabled))).toEqual(["dlv_1"]);
  });

  it("claim - makes a head claimable again when its lease runs out unrecorded", () => {
    const index = new PendingDeliveries();
    index.put(delivery("dlv_1", "ret_1", "ep_a", 1, 0));
    index.claim(0, 1, lease(500, "dead dispatcher"), allEnabled);

    expect(index.nextReadyAt(allEnabled)).toBe(500);
    expect(index.claim(499, 1, lease(2_000, "d2"), allEnabled)).toEqual([]);
    expect(ids(index.claim(500, 1, lease(2_000, "d2"), allEnabled))).toEqual(["dlv_1"]);
    expect(index.leaseOf("dlv_1")?.dispatcherId).toBe("d2");
  });

  it("refile - keeps the heap in proportion to the queues however many attempts go by", () => {
    const index = new PendingDeliveries({ rebuildSlack: 16 });
    for (let i = 0; i < 100; i++) index.put(delivery(`dlv_${i}`, `ret_${i}`, "ep_a", i, 0));
    const heap = () =>
      (index as unknown as { byEndpoint: Map<string, { heads: { size: number } }> }).byEndpoint.get(
        "ep_a",
      )!.heads;

    // Every claim and retry files a head anew; the entries they replace must not pile up.
    for (let round = 0; round < 50; round++) {
      for (const d of index.claim(round, 100, lease(round + 60_000), allEnabled)) {
        index.release(d);
        index.put({ ...d, next_attempt_at: round + 1 });
      }
    }

    expect(heap().size).toBeLessThanOrEqual(2 * 100 + 16 + 1);
    expect(index.claim(50, 1_000, lease(100_000), allEnabled)).toHaveLength(100);
  });
});
