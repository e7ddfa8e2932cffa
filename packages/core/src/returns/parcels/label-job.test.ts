/**
 * The label job's refusals, on the memory store: the carriers that inject them are tiny in-test
 * carriers (`failingCarrier`), used only to make the carrier fail in a chosen way; the label
 * bought for real is `packages/carrier-easypost`'s test, with the EasyPost adapter and its
 * stand-in.
 */
import { describe, expect, it } from "vitest";
import type { BuyOutcome, Carrier, PreparedLabel } from "../../carriers/carrier";
import { CarrierError } from "../../carriers/carrier-error";
import { manualCarrier } from "../../carriers/manual";
import { DEFAULT_RETRY_SCHEDULE } from "../../util/retry-backoff";
import { LABEL_DUE } from "./parcel-timer-names";
import { parcelService, T0 } from "./test-support/parcel-service";

const PREPARED: PreparedLabel = {
  carrier: "failing",
  shipment_id: "shp_1",
  rate_id: "rate_1",
  service: "Ground",
  quoted_cost: { amount: 795, currency: "USD" },
  paperless: false,
};

/** A carrier that prepares, then buys as `buy` says (or throws what it throws). */
function failingCarrier(buy: () => Promise<BuyOutcome>): Carrier & { buys: () => number } {
  let buys = 0;
  return {
    name: "failing",
    capabilities: { labels: true, webhooks: false },
    prepareLabel: async () => PREPARED,
    buyLabel: () => {
      buys++;
      return buy();
    },
    voidLabel: async () => ({ kind: "voided" }),
    parseTrackingEvent: async () => ({ ok: false, reason: "unsupported" }),
    buys: () => buys,
  };
}

describe("label job", () => {
  it("approve - sets label_due in the approval's commit; nothing without a label carrier", async () => {
    const labelled = parcelService({ carrier: manualCarrier() });
    const id = await labelled.approvedReturn();
    expect(await labelled.store.listTimers(id)).toEqual([
      { return_id: id, name: LABEL_DUE, due_at: T0 },
    ]);

    const plain = parcelService();
    const other = await plain.approvedReturn();
    expect(await plain.store.listTimers(other)).toEqual([]);
  });

  it("label_due - the manual carrier buys no label: failed, the reason shown to staff", async () => {
    const { service, approvedReturn, record, store } = parcelService({ carrier: manualCarrier() });
    const id = await approvedReturn();

    await service.scheduler.fireDue();

    expect((await record(id)).label).toMatchObject({
      status: "failed",
      carrier: "manual",
      reason: expect.stringContaining("unsupported"),
    });
    expect(await store.listTimers(id)).toEqual([]);
  });

  it("label_due - an order without a shipping address fails the label, calling no carrier", async () => {
    const carrier = failingCarrier(() => Promise.reject(new Error("never called")));
    const { service, approvedReturn, record } = parcelService({ carrier, withAddress: false });
    const id = await approvedReturn();

    await service.scheduler.fireDue();

    expect((await record(id)).label).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("shipping_address"),
    });
    expect(carrier.buys()).toBe(0);
  });

  it("label_due - a retryable refusal is tried again on the webhooks' schedule, then fails", async () => {
    const carrier = failingCarrier(() =>
      Promise.reject(new CarrierError("unavailable", "EasyPost is down")),
    );
    const { service, approvedReturn, record, store, advance, now } = parcelService({ carrier });
    const id = await approvedReturn();

    await service.scheduler.fireDue(); // prepared: shipment recorded, due again now
    await service.scheduler.fireDue(); // buy refused: attempt 1
    const first = (await record(id)).label;
    const [timer] = await store.listTimers(id);

    expect(first).toMatchObject({ status: "pending", shipment_id: "shp_1", attempts: 1 });
    const wait = DEFAULT_RETRY_SCHEDULE[1]!;
    expect(timer!.due_at - now()).toBeGreaterThanOrEqual(wait * 0.8);
    expect(timer!.due_at - now()).toBeLessThanOrEqual(wait * 1.2);

    for (let i = 2; i < DEFAULT_RETRY_SCHEDULE.length + 1; i++) {
      advance(2 * 36_000_000);
      await service.scheduler.fireDue();
    }
    expect((await record(id)).label).toMatchObject({
      status: "failed",
      reason: expect.stringContaining("Gave up after"),
    });
    expect(carrier.buys()).toBe(DEFAULT_RETRY_SCHEDULE.length);
    expect(await store.listTimers(id)).toEqual([]);
  });

  it("label_due - a permanent refusal fails the label at once with the carrier's reason", async () => {
    const carrier = failingCarrier(() =>
      Promise.reject(new CarrierError("refused", "Insufficient funds on the account")),
    );
    const { service, approvedReturn, record } = parcelService({ carrier });
    const id = await approvedReturn();

    await service.scheduler.fireDue();
    await service.scheduler.fireDue();

    expect((await record(id)).label).toMatchObject({
      status: "failed",
      shipment_id: "shp_1",
      reason: "refused: Insufficient funds on the account",
    });
    expect(carrier.buys()).toBe(1);
  });

  it("label_due - already bought with no label to read back: needs staff, no second buy", async () => {
    const carrier = failingCarrier(async () => ({ kind: "already_bought", label: null }));
    const { service, approvedReturn, record, store } = parcelService({ carrier });
    const id = await approvedReturn();

    await service.scheduler.fireDue();
    await service.scheduler.fireDue();
    await service.scheduler.fireDue();

    expect((await record(id)).label).toMatchObject({
      status: "needs_staff",
      reason: expect.stringContaining("shp_1"),
    });
    expect(carrier.buys()).toBe(1);
    const events = (await store.listEvents(id)).map((event) => event.type);
    expect(events).not.toContain("return.label_created");
  });
});
