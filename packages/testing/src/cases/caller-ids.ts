/**
 * @module testing/cases/caller-ids — customers stay apart over the store under test, whatever
 * their ids hold. Runs the service on the store: the guarantee is the pair's, since a store
 * may not hold every string exactly (PostgreSQL turns each lone surrogate into U+FFFD).
 */

import type { Principal } from "@returnkit/core";
import { createReturnsService, isProblemError } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { createReturn, ids, type StoreSubject } from "../subject";

const portal = (id: string): Principal => ({
  kind: "portal",
  id,
  scopes: ["portal:returns.write"],
});

/** The outcome of an operation: its value, or the problem it was refused with. */
async function attempt<T>(operation: () => Promise<T>): Promise<T | { refused: number }> {
  try {
    return await operation();
  } catch (error) {
    if (isProblemError(error)) return { refused: error.status };
    throw error;
  }
}

export function describeCallerIds(subject: StoreSubject): void {
  describe("caller ids", () => {
    it("list - customers whose ids are not well-formed Unicode never see another's returns", async () => {
      // Not closed at the end: closing the service would close the store the suite owns.
      const service = createReturnsService({
        store: subject.store,
        idempotency: { required: false },
      });
      // A lone high surrogate, a lone low one, and the well-formed U+FFFD that PostgreSQL
      // would have made of both.
      const customers = ["\ud800", "\udfff", "\ufffd"];
      const created = [];
      for (const id of customers) {
        created.push(
          await attempt(() => service.createReturn(validCreate, { principal: portal(id) })),
        );
      }
      for (const id of customers) {
        const page = await attempt(() => service.list({}, { principal: portal(id) }));
        const seen = "refused" in page ? [] : page.data.map((record) => record.customer_id);
        expect(
          seen.every((owner) => owner === id),
          `${JSON.stringify(id)} sees ${JSON.stringify(seen)}`,
        ).toBe(true);
      }
      expect(created.slice(0, 2)).toEqual([{ refused: 401 }, { refused: 401 }]);
      expect(created[2]).toMatchObject({ status: 201, record: { customer_id: "\ufffd" } });
    });

    // The service never hands a store such text; a caller of the store itself might.
    it("listReturns - a filter holding a lone surrogate matches no other customer's or order's returns", async () => {
      const kept = await createReturn(subject.store, {
        customer_id: "\ufffd",
        order_id: "ord_\ufffd",
      });
      const list = async (filter: { customer_id?: string; order_id?: string }) =>
        ids((await subject.store.listReturns({ ...filter, limit: 10 })).data);

      for (const lone of ["\ud800", "\udfff"]) {
        expect(await list({ customer_id: lone }), JSON.stringify(lone)).toEqual([]);
        expect(await list({ order_id: `ord_${lone}` }), JSON.stringify(lone)).toEqual([]);
      }
      expect(await list({ customer_id: "\ufffd" })).toEqual([kept.stored.record.id]);
    });

    it("getReturn - an id holding a lone surrogate finds no other return", async () => {
      const kept = await createReturn(subject.store, { id: "ret_\ufffd" });

      expect(await subject.store.getReturn("ret_\ud800")).toBeNull();
      expect(await subject.store.getReturn("ret_\ufffd")).toEqual(kept.stored);
    });
  });
}
