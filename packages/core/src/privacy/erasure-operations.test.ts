import { describe, expect, it, vi } from "vitest";
import { TIMER_HANDLERS } from "../returns/timer-handlers";
import { createServiceWithTimers } from "../service";
import { memoryStore } from "../store/memory/memory-store";

const staff = {
  principal: {
    kind: "merchant" as const,
    id: "staff-1",
    scopes: ["merchant:returns.read", "merchant:returns.write"],
  },
};
const customer = {
  principal: { kind: "portal" as const, id: "cus-1", scopes: ["portal:returns.write"] },
};

describe("eraseCustomer on a running scheduler", () => {
  it("eraseCustomer - the job starts at once, not at the scheduler's next poll", async () => {
    // A poll an hour away: only the erasure's own nudge can start the job in this test.
    const service = createServiceWithTimers(
      { store: memoryStore(), idempotency: { required: false } },
      TIMER_HANDLERS,
      { pollIntervalMs: 3_600_000 },
    );
    await service.ready();
    await service.createReturn(
      {
        order_id: "ord-1",
        line: { sku: "TEE", quantity: 1, size: "M" },
        reason: "DAMAGED",
        resolution: "REFUND",
      },
      customer,
    );
    service.scheduler.start();
    await vi.waitFor(async () => expect(service.scheduler.running).toBe(true));

    await service.eraseCustomer("cus-1", { reason: "asked" }, staff);

    await vi.waitFor(
      async () =>
        expect(await service.getErasure("customer", "cus-1", staff)).toMatchObject({
          status: "completed",
        }),
      { timeout: 30_000, interval: 20 },
    );
    await service.close();
  });
});
