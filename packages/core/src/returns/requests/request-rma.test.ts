/**
 * A return request's RMA number is claimed by its commit: when another request took the code
 * first, the request is built again around a new code, and its answer and stored returns carry
 * the code it got.
 */

import { T0, testAuthenticate } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { RMA_PATTERN } from "../../domain/rma";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import type { ReturnsCommit, ReturnsStore } from "../../store/types";
import { inMemoryOrders } from "../orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff", scopes: ["merchant:returns.read"] };

const order = {
  id: "ord_rma",
  customer_id: customer.id,
  placed_at: new Date(T0 - 86_400_000).toISOString(),
  currency: "EUR",
  lines: [{ sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 2_500 }],
};

/** A memory store where another request claims each of the first `steals` codes just before. */
function contendedStore(steals: number) {
  const store = memoryStore();
  const stolen: string[] = [];
  const commitMany = async (commit: ReturnsCommit) => {
    if (commit.rma && stolen.length < steals) {
      stolen.push(commit.rma.rma);
      const other = { rma: commit.rma.rma, request_id: "rrq_01KAQ7Z5D2M8X4C6B9N3P7Q1RS" };
      const taken = await store.commitMany({ changes: [], rma: other });
      if (!taken.ok) throw new Error("fixture: the other request could not claim its code");
    }
    return store.commitMany(commit);
  };
  return { store: { ...store, commitMany } as ReturnsStore, stolen };
}

function serviceOn(store: ReturnsStore) {
  return createReturnsService({
    store,
    auth: { authenticate: testAuthenticate },
    idempotency: { required: false },
    orders: { source: inMemoryOrders([order]) },
    clock: () => T0,
  });
}

const body = {
  order_id: order.id,
  lines: [{ line: { sku: "TEE-BLK", size: "M" }, reason: "CHANGED_MIND", resolution: "REFUND" }],
};

describe("a return request's RMA number", () => {
  it("create request - a code another request took first is drawn again, in the answer and the store alike", async () => {
    const { store, stolen } = contendedStore(2);
    const service = serviceOn(store);

    const { request } = await service.createReturnRequest(body, { principal: customer });

    expect(stolen).toHaveLength(2);
    expect(request.rma).toMatch(RMA_PATTERN);
    expect(stolen).not.toContain(request.rma);
    const stored = await store.getReturn(request.returns[0]!.id);
    expect(stored?.record.rma).toBe(request.rma);
    const listed = await service.list({ rma: request.rma! }, { principal: staff });
    expect(listed.data.map((one) => one.id)).toEqual([request.returns[0]!.id]);
    for (const code of stolen) {
      expect((await service.list({ rma: code }, { principal: staff })).data).toEqual([]);
    }
  });

  it("create request - a store that refuses every code fails the request, writing nothing", async () => {
    const { store } = contendedStore(Number.POSITIVE_INFINITY);
    const service = serviceOn(store);

    await expect(service.createReturnRequest(body, { principal: customer })).rejects.toThrow(
      /RMA numbers/,
    );
    expect((await store.listReturns({ limit: 10 })).data).toEqual([]);
  });
});
