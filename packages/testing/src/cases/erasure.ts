/**
 * @module testing/cases/erasure — a customer's erasure on the store under test: the job erases
 * every personal string of theirs from everything the store holds (`dump`), keeps what is
 * counted, and leaves every other customer's rows as they were.
 */
import { createReturnsService, type ReturnsStore } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { createReturn, type StoreSubject } from "../subject";

const staff = {
  kind: "merchant",
  id: "staff-1",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
} as const;

export function describeErasure(
  subject: StoreSubject,
  dump?: (store: ReturnsStore) => Promise<string[]>,
): void {
  describe.skipIf(!dump)("erasure", () => {
    it("eraseCustomer - nothing of theirs is left anywhere; states and other customers stay", async () => {
      const { store } = subject;
      const secret = "cust-erase-me-4711";
      const mine = [];
      for (const state of ["draft", "submitted", "approved", "closed", "cancelled"] as const) {
        mine.push((await createReturn(store, { customer_id: secret, state })).stored.record);
      }
      const theirs = await createReturn(store, { customer_id: "keep-me", state: "approved" });
      const isMine = (row: string) =>
        [secret, ...mine.map((one) => one.id), "customer.erased"].some((m) => row.includes(m));
      const before = (await dump!(store)).filter((row) => !isMine(row));
      const service = createReturnsService({
        store,
        clock: () => T0,
        idempotency: { required: false },
        retention: { intervalMs: 0 },
      });

      const answer = await service.eraseCustomer(
        secret,
        { reason: "customers/redact" },
        { principal: staff },
      );
      expect(answer.status).toBe("pending");
      await service.scheduler.fireDue();

      expect((await dump!(store)).filter((row) => row.includes(secret))).toEqual([]);
      expect((await dump!(store)).filter((row) => !isMine(row))).toEqual(before);
      for (const record of mine) {
        const now = (await store.getReturn(record.id))!.record;
        expect([now.state, now.refund, now.line]).toEqual([
          record.state,
          record.refund,
          record.line,
        ]);
        expect(now.history.at(-1)).toMatchObject({ event: "erase", actor: { kind: "privacy" } });
      }
      expect((await store.getReturn(theirs.stored.record.id))!.record).toEqual(
        theirs.stored.record,
      );
      expect(await service.getErasure("customer", secret, { principal: staff })).toMatchObject({
        status: "completed",
      });
    });
  });
}
