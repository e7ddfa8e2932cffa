/**
 * The timer scheduler of a service on the memory store: a due timer fired once, its handler's
 * events committed with the firing; nothing to do; a handler that throws (retried after the
 * lease); a firing that lost to another scheduler (refused, nothing written twice); start and
 * stop. The handlers are the test's (`test-support/noting-timers.ts`).
 */
import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../domain/principal";
import type { ErrorContext } from "../observability/logging/failures";
import { silentLogger } from "../observability/logging/logger";
import type { TimerHandler } from "../returns/timer-firing";
import { createServiceWithTimers } from "../service";
import { memoryStore } from "../store/memory/memory-store";
import type { ReturnsStore } from "../store/types";
import { NOTED, notingHandler, notingTimers, setTimer } from "./test-support/noting-timers";
import { DEFAULT_TIMER_SCHEDULER } from "./timer-scheduler";

const HOUR = 3_600_000;
const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const input = {
  order_id: "ord_1",
  line: { sku: "TEE-BLK-M", size: "M" },
  reason: "DAMAGED",
  resolution: "REFUND" as const,
};

function setup(options: { handler?: TimerHandler; store?: ReturnsStore } = {}) {
  const store = options.store ?? memoryStore();
  let clock = T0;
  const errors: Array<{ error: unknown; context: ErrorContext }> = [];
  const service = createServiceWithTimers(
    {
      store,
      clock: () => clock,
      idempotency: { required: false },
      onError: (error, context) => errors.push({ error, context }),
      logger: silentLogger,
    },
    notingTimers(options.handler),
  );
  const newReturn = async () =>
    (await service.createReturn(input, { principal: customer })).record.id;
  const noted = async (id: string) =>
    (await store.listEvents(id)).filter((event) => event.type === NOTED);
  return {
    store,
    service,
    errors,
    newReturn,
    noted,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe("timer scheduler", () => {
  it("fireDue - fires a timer once it is due: its handler's event committed, the timer removed", async () => {
    const { store, service, newReturn, noted, advance } = setup();
    const id = await newReturn();
    await setTimer(store, id, { name: "note", due_at: T0 + HOUR });

    expect(await service.scheduler.fireDue()).toBe(0);
    expect(await noted(id)).toEqual([]);
    advance(HOUR);
    expect(await service.scheduler.fireDue()).toBe(1);
    expect(await service.scheduler.fireDue()).toBe(0);

    const events = await noted(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toMatchObject({ timer: "note", due_at: T0 + HOUR });
    expect(await store.listTimers(id)).toEqual([]);
    expect((await store.getReturn(id))?.record.version).toBe(3);
  });

  it("fireDue - a handler with nothing to do removes the timer and writes no version", async () => {
    const { store, service, newReturn, noted, advance } = setup();
    const id = await newReturn();
    const version = await setTimer(store, id, { name: "noop", due_at: T0 + HOUR });
    advance(HOUR);

    expect(await service.scheduler.fireDue()).toBe(0);

    expect(await store.listTimers(id)).toEqual([]);
    expect((await store.getReturn(id))?.record.version).toBe(version);
    expect(await noted(id)).toEqual([]);
  });

  it("fireDue - a handler that throws is reported and keeps its timer, fired after the lease", async () => {
    const handler = notingHandler((call) => {
      if (call === 1) throw new Error("carrier down");
    });
    const { store, service, errors, newReturn, noted, advance } = setup({ handler });
    const id = await newReturn();
    await setTimer(store, id, { name: "note", due_at: T0 });

    expect(await service.scheduler.fireDue()).toBe(0);
    expect(errors.map(({ context }) => context)).toEqual([
      expect.objectContaining({ source: "scheduler", operation: "fire", returnId: id }),
    ]);
    expect(await store.listTimers(id)).toHaveLength(1);
    // Leased by the failed firing: not before the lease runs out.
    advance(DEFAULT_TIMER_SCHEDULER.leaseMs - 1);
    expect(await service.scheduler.fireDue()).toBe(0);
    advance(1);
    expect(await service.scheduler.fireDue()).toBe(1);
    expect(await noted(id)).toHaveLength(1);
  });

  it("fireDue - a timer with no handler is reported and kept", async () => {
    const { store, service, errors, newReturn } = setup();
    const id = await newReturn();
    await setTimer(store, id, { name: "unknown_kind", due_at: T0 });

    expect(await service.scheduler.fireDue()).toBe(0);

    expect(errors[0]?.context).toMatchObject({ source: "scheduler", operation: "fire" });
    expect(await store.listTimers(id)).toHaveLength(1);
  });

  it("fireDue - of two schedulers firing one timer (a lease ran out mid-firing), one commits", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const slowEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // The first call stalls past its lease; every later call (either service) goes through.
    const handler = notingHandler(async (call) => {
      if (call !== 1) return;
      entered();
      await gate;
    });
    const slow = setup({ handler });
    const id = await slow.newReturn();
    await setTimer(slow.store, id, { name: "note", due_at: T0 });
    const fast = setup({ store: slow.store, handler });

    const stalled = slow.service.scheduler.fireDue();
    await slowEntered;
    fast.advance(DEFAULT_TIMER_SCHEDULER.leaseMs);
    expect(await fast.service.scheduler.fireDue()).toBe(1);
    release();

    expect(await stalled).toBe(0);
    expect(await slow.noted(id)).toHaveLength(1);
    expect(await slow.store.listTimers(id)).toEqual([]);
    expect(slow.errors).toEqual([]);
  });

  it("start - fires due timers by itself; stop waits for the firing in flight", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const firing = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const handler = notingHandler(async () => {
      entered();
      await gate;
    });
    const { store, service, newReturn, noted } = setup({ handler });
    const id = await newReturn();
    await setTimer(store, id, { name: "note", due_at: T0 });

    service.scheduler.start();
    await firing;
    const order: string[] = [];
    const stopping = service.scheduler.stop().then(() => order.push("stopped"));
    // Long enough for a stop that did not wait to have settled.
    await store.listTimers(id);
    await store.getReturn(id);
    order.push("released");
    release();
    await stopping;

    expect(order).toEqual(["released", "stopped"]);
    expect(service.scheduler.running).toBe(false);
    expect(await noted(id)).toHaveLength(1);
  });
});
