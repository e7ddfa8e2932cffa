import { describe, expect, it } from "vitest";
import { memoryStore } from "../../store/memory/memory-store";
import type { ReturnsStore, StoreHealth } from "../../store/types";
import { createStoreProbe } from "./store-probe";

/** A store whose health checks wait until the test answers them, counted. */
function heldStore() {
  const waiting: ((health: StoreHealth) => void)[] = [];
  const store: ReturnsStore = {
    ...memoryStore(),
    health: () => new Promise<StoreHealth>((resolve) => waiting.push(resolve)),
  };
  const answer = (oldestDueAt: number | null = null) => {
    for (const resolve of waiting.splice(0)) {
      resolve({ reachable: true, migrationsCurrent: true, oldestDueAt });
    }
  };
  return { store, answer, asked: () => waiting.length };
}

function probeOf(store: ReturnsStore, clock: { now: number }, timeoutMs = 1_000) {
  return createStoreProbe({
    store,
    subscribers: [],
    now: () => clock.now,
    timeoutMs,
    cacheMs: 1_000,
  });
}

describe("createStoreProbe", () => {
  it("probe - concurrent callers share one check of the store", async () => {
    const held = heldStore();
    const probe = probeOf(held.store, { now: 10_000 });
    const callers = Array.from({ length: 50 }, () => probe());
    expect(held.asked()).toBe(1);
    held.answer(7_000);
    const results = await Promise.all(callers);
    expect(new Set(results).size).toBe(1);
    expect(results[0]?.lagSeconds).toEqual({ ok: true, value: 3 });
  });

  it("probe - a settled check answers for cacheMs, then the store is asked again", async () => {
    const clock = { now: 10_000 };
    let checks = 0;
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async () => ({ reachable: true, migrationsCurrent: true, oldestDueAt: ++checks }),
    };
    const probe = probeOf(store, clock);
    await probe();
    clock.now += 999;
    await probe();
    expect(checks).toBe(1);
    clock.now += 1;
    await probe();
    expect(checks).toBe(2);
  });

  it("probe - a check that outlives its callers' wait is not started again while it runs", async () => {
    const held = heldStore();
    const clock = { now: 10_000 };
    const probe = probeOf(held.store, clock, 20);
    expect((await probe()).health).toEqual({ ok: false, reason: "timeout" });
    clock.now += 30;
    expect((await probe()).health).toEqual({ ok: false, reason: "timeout" });
    expect(held.asked()).toBe(1);
    held.answer();
    clock.now += 30;
    expect((await probe()).health.ok).toBe(true);
    expect(held.asked()).toBe(0);
  });

  it("probe - a check that never settles is given up after five timeouts", async () => {
    const held = heldStore();
    const clock = { now: 10_000 };
    const probe = probeOf(held.store, clock, 20);
    await probe();
    clock.now += 100;
    await probe();
    expect(held.asked()).toBe(1);
    clock.now += 1;
    await probe();
    expect(held.asked()).toBe(2);
  });

  it("probe - the store is asked to stop its own queries within half the wait", async () => {
    let asked: number | undefined;
    const store: ReturnsStore = {
      ...memoryStore(),
      health: async (probe) => {
        asked = probe?.timeoutMs;
        return { reachable: true, migrationsCurrent: true };
      },
    };
    await probeOf(store, { now: 0 }, 800)();
    expect(asked).toBe(400);
  });
});
