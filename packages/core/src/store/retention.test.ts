import { T0, validCreate } from "@returnkit/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "../domain/principal";
import type { ErrorContext } from "../observability/logging/failures";
import { createReturnsService } from "../service";
import { memoryStore } from "./memory/memory-store";
import type { ReturnsStore } from "./types";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const HOUR = 3_600_000;

/** A memory store whose purge calls are recorded, and answered by `purge` when given. */
function spyStore(purge?: ReturnsStore["purge"]) {
  const inner = memoryStore();
  const calls: Array<{ now: number; deliveredBefore: number; limit: number; removed: number }> = [];
  const store: ReturnsStore = {
    ...inner,
    async purge(request) {
      const removed = await (purge ?? inner.purge)(request);
      calls.push({ ...request, removed });
      return removed;
    },
  };
  return { store, inner, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("retention", () => {
  it("retention - expired keys and old events go by themselves, nobody calling purge", async () => {
    let clock = T0;
    const { store, inner, calls } = spyStore();
    const service = createReturnsService({
      store,
      clock: () => clock,
      idempotency: { ttlMs: HOUR },
      retention: { intervalMs: 5, deliveredTtlMs: 2 * HOUR },
    });
    const { record } = await service.createReturn(validCreate, {
      principal: customer,
      idempotencyKey: "create",
    });
    expect(await inner.listEvents(record.id)).toHaveLength(1);

    clock = T0 + 3 * HOUR;
    await vi.waitFor(() => expect(calls.reduce((sum, call) => sum + call.removed, 0)).toBe(2));
    // The key and the return.created event (no endpoint ever needed it) are gone; the
    // return stays, and nothing is left to purge.
    expect(await inner.listEvents(record.id)).toEqual([]);
    expect(await inner.getReturn(record.id)).not.toBeNull();
    expect(calls.at(-1)).toMatchObject({ now: clock, deliveredBefore: clock - 2 * HOUR });
    expect(await inner.purge({ now: clock, deliveredBefore: clock, limit: 100 })).toBe(0);
    await service.close();
  });

  it("retention - a run purges in batches of batchSize until nothing is left", async () => {
    vi.useFakeTimers();
    const answers = [100, 100, 7, 0];
    const { store, calls } = spyStore(async () => answers.shift() ?? 0);
    const service = createReturnsService({
      store,
      retention: { intervalMs: 1_000, batchSize: 100 },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls.map((call) => [call.limit, call.removed])).toEqual([
      [100, 100],
      [100, 100],
      [100, 7],
      [100, 0],
    ]);
    await service.close();
  });

  it("retention - a slow purge is never overlapped by the next interval's", async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    let started = 0;
    const { store } = spyStore(async () => {
      started++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return 0;
    });
    const service = createReturnsService({ store, retention: { intervalMs: 1_000 } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    finish();
    await service.close();
  });

  it("retention - a failing purge is reported, not thrown, and the next interval tries again", async () => {
    vi.useFakeTimers();
    let failures = 1;
    const { store, calls } = spyStore(async () => {
      if (failures-- > 0) throw new Error("database went away");
      return 0;
    });
    const reported: Array<[unknown, ErrorContext]> = [];
    const service = createReturnsService({
      store,
      retention: { intervalMs: 1_000 },
      onError: (error, context) => reported.push([error, context]),
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reported).toHaveLength(1);
    expect(String(reported[0]![0])).toContain("database went away");
    expect(reported[0]![1]).toEqual({ source: "retention", operation: "purge" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    expect(reported).toHaveLength(1);
    await service.close();
  });

  it("retention - close() stops it: no timer is left and no purge runs afterwards", async () => {
    vi.useFakeTimers();
    const { store, calls } = spyStore();
    const service = createReturnsService({ store, retention: { intervalMs: 1_000 } });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(1);
    await service.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it("retention - close() waits for a purge under way before closing the store", async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const order: string[] = [];
    const { store } = spyStore(async () => {
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      order.push("purged");
      return 0;
    });
    store.close = async () => {
      order.push("store closed");
    };
    const service = createReturnsService({ store, retention: { intervalMs: 1_000 } });
    await vi.advanceTimersByTimeAsync(1_000);
    const closing = service.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    finish();
    await closing;
    expect(order).toEqual(["purged", "store closed"]);
  });

  it("retention - intervalMs 0 turns it off, and bad settings are refused at creation", async () => {
    vi.useFakeTimers();
    const { store, calls } = spyStore();
    const service = createReturnsService({ store, retention: { intervalMs: 0 } });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(calls).toHaveLength(0);
    await service.close();
    for (const retention of [
      { intervalMs: -1 },
      { intervalMs: 1.5 },
      { deliveredTtlMs: -1 },
      { batchSize: 0 },
      { batchSize: Number.NaN },
    ]) {
      expect(() => createReturnsService({ retention }), JSON.stringify(retention)).toThrow(
        TypeError,
      );
    }
  });
});
