/**
 * A return request reads the shop's order and the units already in returns once, whatever its
 * number of lines (estimate, create, submit), and a refusal lists the order's returnable lines
 * once, not once per line it refuses.
 */

import { T0, testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { isProblemError, type ProblemError } from "../../domain/problems";
import { REQUEST_LINES_MAX } from "../../domain/schemas";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import type { ReturnsStore } from "../../store/types";
import { inMemoryOrders } from "../orders/in-memory-orders";
import type { OrderInput } from "../orders/order-schema";
import type { OrderSource } from "../orders/types";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const asCustomer = { principal: customer };

/** A delivered order of `lines` lines, two units each, SKU-000 first. */
function orderOf(lines: number): OrderInput {
  return {
    id: "ord_big",
    customer_id: customer.id,
    placed_at: new Date(T0 - 5 * 86_400_000).toISOString(),
    currency: "EUR",
    lines: Array.from({ length: lines }, (_, index) => ({
      sku: `SKU-${String(index).padStart(3, "0")}`,
      size: "M",
      quantity: 2,
      unit_price: 1_000 + index,
    })),
  };
}

/** A request body for `skus` of the order, one unit each. */
function requestOf(skus: readonly string[]) {
  return {
    order_id: "ord_big",
    lines: skus.map((sku) => ({
      line: { sku, size: "M" },
      quantity: 1,
      reason: "CHANGED_MIND",
      resolution: "REFUND",
    })),
  };
}

/** The order book and the store, each counting the reads a request makes of it. */
function countingSetup(order: OrderInput) {
  const book = inMemoryOrders([order]);
  const reads = { loads: 0, returnedQuantities: 0 };
  const source: OrderSource = {
    load(orderId, context) {
      reads.loads++;
      return book.load(orderId, context);
    },
  };
  const store: ReturnsStore = new Proxy(memoryStore(), {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property !== "returnedQuantities" || typeof value !== "function") return value;
      return (orderId: string) => {
        reads.returnedQuantities++;
        return value.call(target, orderId);
      };
    },
  });
  const service = createReturnsService({
    store,
    baseUrl: "https://shop.example",
    auth: { authenticate: testAuthenticate },
    idempotency: { required: false },
    orders: { source },
    policy: {
      refund: { restocking_fee: { percent: 10 }, return_shipping_fee: { amount: { EUR: 495 } } },
    },
    clock: () => T0,
  });
  const reset = () => {
    reads.loads = 0;
    reads.returnedQuantities = 0;
  };
  return { service, book, reads, reset };
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

const FIFTY = Array.from(
  { length: REQUEST_LINES_MAX },
  (_, index) => `SKU-${String(index).padStart(3, "0")}`,
);

describe("a return request's reads of the order", () => {
  it("estimate request - 50 lines load the order once and read its returns once", async () => {
    const { service, reads, reset } = countingSetup(orderOf(200));
    await service.ready();
    reset();

    const estimate = await service.estimateReturnRequest(requestOf(FIFTY), asCustomer);

    expect(estimate.lines).toHaveLength(50);
    expect(reads).toEqual({ loads: 1, returnedQuantities: 1 });
  });

  it("create request - 50 lines load the order once and read its returns once", async () => {
    const { service, reads, reset } = countingSetup(orderOf(200));
    await service.ready();
    reset();

    const created = await service.createReturnRequest(requestOf(FIFTY), asCustomer);

    expect(created.request.returns).toHaveLength(50);
    expect(reads).toEqual({ loads: 1, returnedQuantities: 1 });
  });

  it("submit request - 50 drafts load the order once", async () => {
    const { service, reads, reset } = countingSetup(orderOf(200));
    const created = await service.createReturnRequest(requestOf(FIFTY), asCustomer);
    reset();

    const submitted = await service.submitReturnRequest(created.request.id, {}, asCustomer);

    expect(submitted.request.returns.map((one) => one.state)).toEqual(FIFTY.map(() => "submitted"));
    // A submit checks the window and final sale again; the units were checked at create.
    expect(reads).toEqual({ loads: 1, returnedQuantities: 0 });
  });
});

describe("a return request's refusal", () => {
  it("create request - 50 lines the order lacks are named each, the returnable lines listed once", async () => {
    const { service, reads, reset } = countingSetup(orderOf(200));
    await service.ready();
    reset();
    const body = requestOf(FIFTY.map((sku) => sku.replace("SKU", "NOPE")));

    const res = await service.fetch(
      new Request("https://shop.example/v1/portal/return-requests", {
        method: "POST",
        headers: {
          authorization: testToken("portal", customer.id),
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      }),
    );
    const text = await res.text();
    const problem = JSON.parse(text);

    expect(res.status).toBe(400);
    expect(problem.type).toBe("urn:returnkit:problem:return-request-refused");
    expect(problem.lines).toHaveLength(50);
    problem.lines.forEach((line: Record<string, unknown>, index: number) => {
      expect(line).toMatchObject({
        index,
        type: "urn:returnkit:problem:line-not-on-order",
        status: 400,
        order_id: "ord_big",
        sku: `NOPE-${String(index).padStart(3, "0")}`,
        size: "M",
        detail: `Order "ord_big" has no line NOPE-${String(index).padStart(3, "0")} in size M.`,
      });
      expect(line).not.toHaveProperty("returnable_lines");
    });
    expect(problem.returnable_lines).toHaveLength(200);
    expect(problem.returnable_lines[0]).toEqual({
      sku: "SKU-000",
      size: "M",
      returnable_quantity: 2,
    });
    // Each line's answer is about its own line; the order's list is said once.
    expect(text.split("SKU-199").length - 1).toBe(2);
    expect(reads).toEqual({ loads: 1, returnedQuantities: 1 });
  });

  it("submit request - a draft whose line left the order is refused, the returnable lines listed once", async () => {
    const order = orderOf(3);
    const { service, book } = countingSetup(order);
    const created = await service.createReturnRequest(
      requestOf(["SKU-000", "SKU-001"]),
      asCustomer,
    );
    book.save({ ...order, lines: order.lines.slice(1) });

    const problem = await problemOf(
      service.submitReturnRequest(created.request.id, {}, asCustomer),
    );

    expect(problem.status).toBe(400);
    expect(problem.slug).toBe("return-request-refused");
    const [line, ...others] = problem.extensions.lines as Record<string, unknown>[];
    expect(others).toEqual([]);
    expect(line).toMatchObject({ index: 0, type: "urn:returnkit:problem:line-not-on-order" });
    expect(line).not.toHaveProperty("returnable_lines");
    // SKU-001 is in this request's draft (1 of 2), SKU-002 in none.
    expect(problem.extensions.returnable_lines).toEqual([
      { sku: "SKU-001", size: "M", returnable_quantity: 1 },
      { sku: "SKU-002", size: "M", returnable_quantity: 2 },
    ]);
    expect(problem.message).toContain(
      "Lines that can be returned: 1 of SKU-001 (size M), 2 of SKU-002 (size M).",
    );
  });
});
