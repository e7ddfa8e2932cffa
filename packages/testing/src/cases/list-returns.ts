/** @module testing/cases/list-returns — `listReturns`: filters, newest first, cursor paging. */

import type { ReturnsStore } from "@returnkit/core";
import type { ListReturnsQuery } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import { advanceReturn, createReturn, ids, type StoreSubject } from "../subject";

/** Walks every page of a query and returns the ids in the order they came. */
async function walk(
  store: ReturnsStore,
  query: ListReturnsQuery,
): Promise<{ ids: string[]; pages: number }> {
  const seen: string[] = [];
  let cursor = query.cursor;
  let pages = 0;
  do {
    const page = await store.listReturns({ ...query, cursor });
    pages++;
    expect(page.data.length).toBeLessThanOrEqual(query.limit);
    seen.push(...ids(page.data));
    cursor = page.next_cursor ?? undefined;
    if (pages > 1_000) throw new Error("listReturns never reached the last page");
  } while (cursor);
  return { ids: seen, pages };
}

async function createMany(
  store: ReturnsStore,
  count: number,
  customer_id = "user-42",
): Promise<string[]> {
  const created: string[] = [];
  // One at a time: ids are ULIDs, so creation order is id order.
  for (let i = 0; i < count; i++)
    created.push((await createReturn(store, { customer_id })).stored.record.id);
  return created;
}

export function describeListReturns(subject: StoreSubject): void {
  describe("listReturns", () => {
    it("listReturns - lists the newest return first", async () => {
      const created = await createMany(subject.store, 5);

      const page = await subject.store.listReturns({ limit: 10 });

      expect(ids(page.data)).toEqual([...created].reverse());
      expect(page.next_cursor).toBeNull();
    });

    it("listReturns - returns the latest committed version of each return", async () => {
      const { stored } = await createReturn(subject.store);
      const { stored: submitted } = await advanceReturn(subject.store, stored, "submit");

      const page = await subject.store.listReturns({ limit: 10 });

      expect(page.data).toEqual([submitted]);
    });

    it("listReturns - filters by customer_id, state and order_id, combined with AND", async () => {
      const a = await createReturn(subject.store, {
        customer_id: "alice",
        order_id: "ord_1",
        state: "draft",
      });
      const b = await createReturn(subject.store, {
        customer_id: "alice",
        order_id: "ord_2",
        state: "approved",
      });
      const c = await createReturn(subject.store, {
        customer_id: "bob",
        order_id: "ord_1",
        state: "approved",
      });
      const d = await createReturn(subject.store, {
        customer_id: "alice",
        order_id: "ord_1",
        state: "approved",
      });
      const list = async (query: Omit<ListReturnsQuery, "limit">) =>
        ids((await subject.store.listReturns({ ...query, limit: 10 })).data);
      const id = (x: typeof a) => x.stored.record.id;

      expect(await list({ customer_id: "alice" })).toEqual([id(d), id(b), id(a)]);
      expect(await list({ state: "approved" })).toEqual([id(d), id(c), id(b)]);
      expect(await list({ order_id: "ord_1" })).toEqual([id(d), id(c), id(a)]);
      expect(await list({ customer_id: "alice", state: "approved", order_id: "ord_1" })).toEqual([
        id(d),
      ]);
      expect(await list({ customer_id: "carol" })).toEqual([]);
    });

    it("listReturns - filters on the state of the latest version", async () => {
      const { stored } = await createReturn(subject.store);
      await advanceReturn(subject.store, stored, "submit");

      expect((await subject.store.listReturns({ state: "draft", limit: 10 })).data).toEqual([]);
      expect(
        ids((await subject.store.listReturns({ state: "submitted", limit: 10 })).data),
      ).toEqual([stored.record.id]);
    });

    it("listReturns - pages with a cursor without skipping or repeating a return", async () => {
      const created = await createMany(subject.store, 23);

      const { ids: walked, pages } = await walk(subject.store, { limit: 5 });

      expect(walked).toEqual([...created].reverse());
      expect(pages).toBe(5);
    });

    it("listReturns - gives next_cursor null on a full last page", async () => {
      await createMany(subject.store, 6);

      const first = await subject.store.listReturns({ limit: 3 });
      const second = await subject.store.listReturns({
        limit: 3,
        cursor: first.next_cursor ?? undefined,
      });

      expect(first.data).toHaveLength(3);
      expect(first.next_cursor).not.toBeNull();
      expect(second.data).toHaveLength(3);
      expect(second.next_cursor).toBeNull();
    });

    it("listReturns - pages through a filter without skipping or repeating", async () => {
      const mine: string[] = [];
      for (let i = 0; i < 12; i++) {
        mine.push(...(await createMany(subject.store, 1, "alice")));
        await createMany(subject.store, 1, "bob");
      }

      const { ids: walked } = await walk(subject.store, { customer_id: "alice", limit: 4 });

      expect(walked).toEqual([...mine].reverse());
    });

    it("listReturns - keeps a walk whole while returns are created and changed during it", async () => {
      const existing = await createMany(subject.store, 10);
      const first = await subject.store.listReturns({ limit: 4 });
      // Newer returns and a change to one already seen must not disturb the rest of the walk.
      await createMany(subject.store, 5);
      const seen = await subject.store.getReturn(existing[existing.length - 1]!);
      await advanceReturn(subject.store, seen!, "submit");

      const rest = await walk(subject.store, { limit: 4, cursor: first.next_cursor ?? undefined });

      expect([...ids(first.data), ...rest.ids]).toEqual([...existing].reverse());
    });

    it("listReturns - filters by reason, resolution and creation window, combined with AND", async () => {
      const day = 86_400_000;
      const make = async (reason: string, resolution: "REFUND" | "EXCHANGE", at: number) =>
        (await createReturn(subject.store, { reason, resolution, at })).stored.record.id;
      const a = await make("TOO_SMALL_AT_CHEST", "REFUND", T0);
      const b = await make("DAMAGED", "REFUND", T0 + day);
      const c = await make("TOO_SMALL_AT_CHEST", "EXCHANGE", T0 + 2 * day);
      const d = await make("TOO_SMALL_AT_CHEST", "REFUND", T0 + 3 * day);
      const list = async (query: Omit<ListReturnsQuery, "limit">) =>
        ids((await subject.store.listReturns({ ...query, limit: 10 })).data);
      const at = (ms: number) => new Date(ms).toISOString();

      expect(await list({ reason: "TOO_SMALL_AT_CHEST" })).toEqual([d, c, a]);
      expect(await list({ resolution: "REFUND" })).toEqual([d, b, a]);
      expect(await list({ created_from: at(T0 + day) })).toEqual([d, c, b]);
      expect(await list({ created_to: at(T0 + day) })).toEqual([a]);
      expect(
        await list({
          reason: "TOO_SMALL_AT_CHEST",
          resolution: "REFUND",
          created_from: at(T0 + 1),
          created_to: at(T0 + 4 * day),
        }),
      ).toEqual([d]);
      // An instant with an offset is the same instant: 11:00+01:00 is 10:00Z, T0 itself.
      expect(
        await list({ created_from: "2026-11-21T11:00:00+01:00", created_to: at(T0 + 1) }),
      ).toEqual([a]);
      expect(await list({ reason: "WRONG_ITEM" })).toEqual([]);
    });

    it("listReturns - pages through reason and window filters without skipping or repeating", async () => {
      const mine: string[] = [];
      for (let i = 0; i < 9; i++) {
        const at = T0 + i * 60_000;
        mine.push((await createReturn(subject.store, { reason: "DAMAGED", at })).stored.record.id);
        await createReturn(subject.store, { reason: "DAMAGED", resolution: "REFUND", at });
        await createReturn(subject.store, { at });
      }

      const { ids: walked } = await walk(subject.store, {
        reason: "DAMAGED",
        resolution: "EXCHANGE",
        created_from: new Date(T0).toISOString(),
        limit: 2,
      });

      expect(walked).toEqual([...mine].reverse());
    });

    it("listReturns - returns an empty last page when nothing matches", async () => {
      await createMany(subject.store, 2);

      expect(await subject.store.listReturns({ order_id: "ord_none", limit: 10 })).toEqual({
        data: [],
        next_cursor: null,
      });
    });
  });
}
