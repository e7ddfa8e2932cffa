import { describe, expect, it } from "vitest";
import type { Principal } from "./principal";
import { isProblemError, type ProblemError } from "./problems";
import { createReturnsService } from "./service";
import { memoryStore } from "./store/memory-store";
import type { FitSignal } from "./webhooks/events";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const fitInput = {
  order_id: "ord_1",
  line: { sku: "TEE-BLK-M", size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE" as const,
  exchange_size: "L",
};

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

function setup(options: Parameters<typeof createReturnsService>[0] = {}) {
  const store = options.store ?? memoryStore();
  const service = createReturnsService({ idempotency: { required: false }, ...options, store });
  return { service, store };
}

describe("createReturnsService", () => {
  it("advance - concurrent conflicting events on one return: exactly one applies, versions stay contiguous", async () => {
    const { service, store } = setup();
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, { principal: customer });
    const results = await Promise.allSettled([
      service.advance(record.id, "approve", { principal: staff }),
      service.advance(record.id, "reject", { principal: staff }),
      service.advance(record.id, "approve", { principal: staff }),
      service.cancel(record.id, { principal: customer }),
    ]);
    const applied = results.filter((r) => r.status === "fulfilled");
    // approve → approved still allows cancel; everything else conflicts with what ran first.
    const stored = (await store.getReturn(record.id))!.record;
    expect(stored.history.map((h) => h.seq)).toEqual(stored.history.map((_, i) => i + 1));
    expect(stored.version).toBe(stored.history.length);
    expect(applied.length).toBe(stored.history.length - 2);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as ProblemError).status).toBe(409);
    }
    const events = await store.listEvents(record.id);
    expect(events.map((e) => e.seq)).toEqual(stored.history.map((h) => h.seq));
  });

  it("outbox - every transition writes its event in the same commit, in seq order", async () => {
    const { service, store } = setup();
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.updateDraft(record.id, { exchange_size: "XL" }, { principal: customer });
    await service.submit(record.id, { principal: customer });
    for (const event of [
      "approve",
      "flag",
      "unflag",
      "ship",
      "receive",
      "grade",
      "close",
    ] as const) {
      await service.advance(record.id, event, { principal: staff });
    }
    const events = await store.listEvents(record.id);
    expect(events.map((e) => `${e.seq}:${e.type}`)).toEqual([
      "1:return.created",
      "3:return.submitted",
      "4:return.approved",
      "5:return.flagged",
      "6:return.unflagged",
      "7:return.in_transit",
      "8:return.received",
      "8:return.fit_signal",
      "9:return.graded",
      "9:return.fit_signal",
      "10:return.closed",
      "10:return.fit_signal",
    ]);
    const positions = events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(events.every((e) => /^evt_[0-9A-Z]{26}$/.test(e.id))).toBe(true);
    const closed = events.find((e) => e.type === "return.closed")!;
    expect(closed.payload.data).toMatchObject({
      return: { id: record.id, state: "closed", version: 10 },
      transition: {
        seq: 10,
        event: "close",
        from: "graded",
        to: "closed",
        actor: { kind: "merchant", id: "staff-1" },
      },
    });
  });

  it("fit signals - fit reasons signal at received, graded and closed; later stages are confirmed", async () => {
    const signals: FitSignal[] = [];
    const { service } = setup({ onFitSignal: (s) => void signals.push(s) });
    const fit = (await service.createReturn(fitInput, { principal: customer })).record;
    const other = (
      await service.createReturn(
        { order_id: "ord_2", line: { sku: "MUG" }, reason: "DAMAGED", resolution: "REFUND" },
        { principal: customer },
      )
    ).record;
    for (const id of [fit.id, other.id]) {
      await service.submit(id, { principal: customer });
      await service.advance(id, "approve", { principal: staff });
      await service.advance(id, "ship", { principal: staff });
      await service.advance(id, "receive", { principal: staff });
      await service.advance(id, "grade", { principal: staff }, { condition: "LIKE_NEW" });
      await service.advance(id, "close", { principal: staff });
    }
    expect(signals.map((s) => [s.return_id, s.stage, s.confirmed, s.condition])).toEqual([
      [fit.id, "received", false, null],
      [fit.id, "graded", true, "LIKE_NEW"],
      [fit.id, "closed", true, "LIKE_NEW"],
    ]);
    expect(signals[0]).toMatchObject({
      order_id: "ord_1",
      sku: "TEE-BLK-M",
      size_ordered: "M",
      exchange_size: "L",
      quantity: 1,
      reason: "TOO_SMALL_AT_CHEST",
      direction: "TOO_SMALL",
      body_part: "CHEST",
    });
  });

  it("fit signals - a failing onFitSignal hook is reported and the write still succeeds", async () => {
    const reported: unknown[] = [];
    const { service } = setup({
      onFitSignal: () => {
        throw new Error("analytics down");
      },
      onError: (error) => void reported.push(error),
    });
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, { principal: customer });
    for (const event of ["approve", "ship", "receive"] as const)
      await service.advance(record.id, event, { principal: staff });
    expect((await service.get(record.id, { principal: staff })).state).toBe("received");
    expect(reported).toHaveLength(1);
  });

  it("idempotency - in-process replays return the stored result, and stored errors are thrown again", async () => {
    const { service } = setup({ idempotency: { required: true } });
    const first = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "a",
    });
    const again = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "a",
    });
    expect(again).toEqual({ ...first, replayed: true });
    const late = await problemOf(
      service.advance(first.record.id, "ship", { principal: staff, idempotencyKey: "b" }),
    );
    const lateAgain = await problemOf(
      service.advance(first.record.id, "ship", { principal: staff, idempotencyKey: "b" }),
    );
    expect(lateAgain.toJSON()).toEqual(late.toJSON());
    expect(lateAgain.headers["idempotent-replayed"]).toBe("true");
    expect((await problemOf(service.createReturn(fitInput, { principal: customer }))).slug).toBe(
      "idempotency-key-missing",
    );
  });

  it("idempotency - a holder that outlived its lease cannot commit; the taker-over's result stands", async () => {
    let now = Date.parse("2026-11-21T10:00:00Z");
    const store = memoryStore();
    const { service } = setup({
      store,
      now: () => now,
      idempotency: { required: true, lockTimeoutMs: 1_000 },
    });
    const ctx = { principal: customer, idempotencyKey: "slow" };
    // The first holder claims the key and stalls (a hook that waits for us).
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStore = Object.create(store) as typeof store;
    let stallNext = true;
    slowStore.commit = async (commit) => {
      if (stallNext) {
        stallNext = false;
        await stalled;
      }
      return store.commit(commit);
    };
    const slow = createReturnsService({
      store: slowStore,
      now: () => now,
      idempotency: { lockTimeoutMs: 1_000 },
    });
    const first = slow.createReturn(fitInput, ctx);
    await new Promise((resolve) => setTimeout(resolve, 20));
    now += 5_000; // the lease ran out
    const second = await service.createReturn(fitInput, ctx);
    expect(second.status).toBe(201);
    release();
    const lost = await problemOf(first);
    expect(lost.slug).toBe("idempotency-request-in-progress");
    // Exactly one return exists, and a retry replays the taker-over's result.
    expect((await store.listReturns({ limit: 10 })).data).toHaveLength(1);
    const retry = await service.createReturn(fitInput, ctx);
    expect(retry).toMatchObject({ replayed: true, record: { id: second.record.id } });
  });

  it("authorization - operations check the caller's kind and scopes in-process too", async () => {
    const { service } = setup();
    const readOnly: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.read"] };
    expect((await problemOf(service.createReturn(fitInput, { principal: readOnly }))).status).toBe(
      403,
    );
    const { record } = await service.createReturn(fitInput, { principal: customer });
    expect(
      (await problemOf(service.advance(record.id, "approve", { principal: customer }))).status,
    ).toBe(403);
    const stranger: Principal = { kind: "portal", id: "user-2", scopes: ["portal:returns.write"] };
    expect((await problemOf(service.get(record.id, { principal: stranger }))).status).toBe(404);
    expect(
      (await problemOf(service.advance(record.id, "teleport", { principal: staff }))).slug,
    ).toBe("unknown-event");
  });
});
