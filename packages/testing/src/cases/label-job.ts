/**
 * @module testing/cases/label-job — the label job on the store under test, with the `manual`
 * carrier (which buys no labels): an approval sets `label_due` in its own commit, the
 * scheduler fires it once, and the carrier's refusal is recorded on every return of the
 * parcel (a request's returns, written together), the timers gone. Runs the service on the
 * store. A label bought for real is the EasyPost adapter's test, against its stand-in.
 */
import { type CarrierAddress, createReturnsService, manualCarrier } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { ORDER, orderBook } from "../order-fixtures";
import type { StoreSubject } from "../subject";

const ADDRESS: CarrierAddress = {
  name: "Ada Lovelace",
  street1: "Invalidenstraße 117",
  city: "Berlin",
  postal_code: "10115",
  country: "DE",
};

const customer = {
  kind: "portal",
  id: ORDER.customer_id,
  scopes: ["portal:returns.write"],
} as const;
const staff = {
  kind: "merchant",
  id: "staff-1",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
} as const;

export function describeLabelJob(subject: StoreSubject): void {
  describe("label job (manual carrier)", () => {
    it("label_due - set by the request's approval, fired once: the refusal on each return", async () => {
      // Not closed at the end: closing the service would close the store the suite owns.
      const service = createReturnsService({
        store: subject.store,
        clock: () => T0,
        idempotency: { required: false },
        retention: { intervalMs: 0 },
        orders: { source: orderBook([{ ...ORDER, shipping_address: ADDRESS }]) },
        carriers: { label: manualCarrier(), returnsAddress: { ...ADDRESS, name: "Returns" } },
      });
      const { request } = await service.createReturnRequest(
        {
          order_id: ORDER.id,
          lines: [
            {
              line: { sku: "TEE-BLK", size: "M" },
              quantity: 1,
              reason: "CHANGED_MIND",
              resolution: "REFUND",
            },
            { line: { sku: "CAP-RED" }, quantity: 1, reason: "CHANGED_MIND", resolution: "REFUND" },
          ],
        },
        { principal: customer },
      );
      await service.submitReturnRequest(request.id, {}, { principal: customer });
      const ids = request.returns.map((r) => r.id);
      for (const id of ids) await service.advance(id, "approve", {}, { principal: staff });
      const timers = await Promise.all(ids.map((id) => subject.store.listTimers(id)));

      const fired = await service.scheduler.fireDue();
      const again = await service.scheduler.fireDue();

      expect(timers.flat().map((timer) => timer.name)).toEqual(["label_due", "label_due"]);
      // One firing answered for the parcel; the other return's timer went with it.
      expect(fired).toBe(1);
      expect(again).toBe(0);
      for (const id of ids) {
        const record = await service.get(id, { principal: staff });
        expect(record.label).toMatchObject({
          status: "failed",
          carrier: "manual",
          reason: expect.stringContaining("unsupported"),
        });
        expect(await subject.store.listTimers(id)).toEqual([]);
      }
    });
  });
}
