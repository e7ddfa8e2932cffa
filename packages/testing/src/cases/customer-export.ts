/**
 * @module testing/cases/customer-export — a customer's data export read from the store through
 * its ordinary reads (`listReturns` by customer and by request): every store serves it as it
 * is, a page at a time or whole, with no other customer's returns.
 */
import { newReturnRequestId, readCustomerExport } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { createReturn, type StoreSubject } from "../subject";

export function describeCustomerExport(subject: StoreSubject): void {
  describe("customer export", () => {
    it("readCustomerExport - walks every page: each of the customer's returns once, its request once, no other's", async () => {
      const { store } = subject;
      const request = newReturnRequestId();
      const mine: string[] = [];
      for (const options of [
        { request_id: request },
        { request_id: request, order_id: "ord_1001" },
        { order_id: "ord_2", state: "closed" as const },
      ]) {
        mine.push(
          (await createReturn(store, { customer_id: "alice", ...options })).stored.record.id,
        );
      }
      await createReturn(store, { customer_id: "bob", request_id: newReturnRequestId() });

      const exported = await readCustomerExport(store, "alice", { now: () => T0, pageSize: 1 });

      expect(exported.returns.map((one) => one.id)).toEqual([...mine].sort().reverse());
      expect(exported.return_requests.map((one) => [one.id, one.return_ids])).toEqual([
        [request, mine.slice(0, 2)],
      ]);
      const none = await readCustomerExport(store, "carol", { now: () => T0 });
      expect([none.returns, none.return_requests]).toEqual([[], []]);
    });
  });
}
