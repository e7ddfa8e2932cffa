import { describe, expect, it, vi } from "vitest";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";

const DAY = 86_400_000;
const T0 = Date.parse("2026-10-01T10:00:00Z");
const staff = {
  principal: {
    kind: "merchant" as const,
    id: "staff-1",
    scopes: ["merchant:returns.read", "merchant:returns.write"],
  },
};
const alice = {
  principal: { kind: "portal" as const, id: "cus-alice", scopes: ["portal:returns.write"] },
};
const input = (order: string) => ({
  order_id: order,
  line: { sku: "TEE", quantity: 1, size: "M" },
  reason: "DAMAGED",
  resolution: "REFUND" as const,
});

describe("retention.personalDataDays", () => {
  it("retention - erases the returns finished longer ago than the days given, each alone; the rest stay", async () => {
    const store = memoryStore();
    let now = T0;
    const clock = () => now;
    const quiet = createReturnsService({ store, clock, idempotency: { required: false } });
    const closedLongAgo = (await quiet.createReturn(input("ord-1"), alice)).record.id;
    await quiet.submit(closedLongAgo, { note: "call me on 0151 555" }, alice);
    for (const step of ["approve", "ship", "receive", "grade", "close"] as const)
      await quiet.advance(closedLongAgo, step, {}, staff);
    const cancelledLongAgo = (await quiet.createReturn(input("ord-2"), alice)).record.id;
    await quiet.cancel(cancelledLongAgo, {}, alice);
    const open = (await quiet.createReturn(input("ord-3"), alice)).record.id;
    await quiet.submit(open, {}, alice);
    const closedLately = (await quiet.createReturn(input("ord-4"), alice)).record.id;
    await quiet.submit(closedLately, {}, alice);
    now = T0 + 20 * DAY;
    for (const step of ["approve", "ship", "receive", "grade", "close"] as const)
      await quiet.advance(closedLately, step, {}, staff);
    await quiet.close();

    now = T0 + 31 * DAY;
    const service = createReturnsService({
      store,
      clock,
      idempotency: { required: false },
      retention: { intervalMs: 10, personalDataDays: 30 },
    });
    service.scheduler.start();
    const owner = async (id: string) => (await store.getReturn(id))!.record.customer_id;
    await vi.waitFor(
      async () => {
        expect(await owner(closedLongAgo)).toMatch(/^erased_/);
        expect(await owner(cancelledLongAgo)).toMatch(/^erased_/);
      },
      { timeout: 30_000, interval: 20 },
    );
    await service.close();

    expect(await owner(closedLongAgo)).not.toBe(await owner(cancelledLongAgo));
    expect(await owner(open)).toBe("cus-alice");
    expect(await owner(closedLately)).toBe("cus-alice");
    const erased = (await store.getReturn(closedLongAgo))!.record;
    expect(erased.state).toBe("closed");
    expect(JSON.stringify(erased)).not.toContain("0151 555");
    expect(erased.history.at(-1)).toMatchObject({
      event: "erase",
      actor: { kind: "privacy", on_behalf_of: { kind: "policy", id: "retention" } },
    });
  });
});
