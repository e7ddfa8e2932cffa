/**
 * A customer's data export: every return of the customer (and no other's) with its history,
 * refund, payouts and exchange, the requests they belong to, whole or a page at a time.
 */
import { T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../domain/principal";
import { isProblemError, type ProblemError } from "../domain/problems";
import { inMemoryOrders } from "../returns/orders/in-memory-orders";
import { createReturnsService } from "../service";
import { memoryStore } from "../store/memory/memory-store";
import { joinCustomerExportPages } from "./customer-export";
import {
  CUSTOMER_EXPORT_SCHEMA,
  type CustomerExportPage,
  CustomerExportSchema,
} from "./customer-export-schemas";

const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const bob: Principal = { kind: "portal", id: "bob", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const asStaff = { principal: staff };
const reader = { principal: { ...staff, scopes: ["merchant:returns.read"] } };

const placed = new Date(T0 - 86_400_000).toISOString();
const orders = inMemoryOrders([
  {
    id: "ord_a1",
    customer_id: "alice",
    placed_at: placed,
    currency: "EUR",
    lines: [
      { sku: "TEE-BLK", size: "M", quantity: 2, unit_price: 2_900 },
      { sku: "JEANS", size: "32", quantity: 1, unit_price: 8_900 },
      { sku: "SOCKS", size: null, quantity: 3, unit_price: 500 },
    ],
  },
  {
    id: "ord_a2",
    customer_id: "alice",
    placed_at: placed,
    currency: "EUR",
    lines: [{ sku: "COAT", size: "L", quantity: 1, unit_price: 19_900 }],
  },
  {
    id: "ord_b1",
    customer_id: "bob",
    placed_at: placed,
    currency: "EUR",
    lines: [{ sku: "TEE-BLK", size: "S", quantity: 1, unit_price: 2_900 }],
  },
]);

function setup() {
  let clock = T0;
  return createReturnsService({
    store: memoryStore(),
    idempotency: { required: false },
    orders: { source: orders },
    clock: () => (clock += 1_000),
  });
}

type Service = ReturnType<typeof setup>;

/**
 * Alice: a request of two lines (one submitted and approved), a coat refunded and paid out, a
 * like-for-like exchange, a cancelled draft. Bob: one return. Alice's return ids, newest first.
 */
async function aliceAndBob(service: Service) {
  const asAlice = { principal: alice };
  const { request } = await service.createReturnRequest(
    {
      order_id: "ord_a1",
      lines: [
        { line: { sku: "TEE-BLK", size: "M" }, reason: "TOO_SMALL", resolution: "REFUND" },
        { line: { sku: "JEANS", size: "32" }, reason: "DAMAGED", resolution: "STORE_CREDIT" },
      ],
    },
    asAlice,
  );
  await service.submitReturnRequest(request.id, {}, asAlice);
  await service.advance(request.returns[0]!.id, "approve", {}, asStaff);

  const coat = await create(service, "ord_a2", { sku: "COAT", size: "L" }, "REFUND");
  await service.submit(coat, {}, asAlice);
  for (const event of ["approve", "ship", "receive", "grade"]) {
    await service.advance(coat, event, {}, asStaff);
  }
  await service.recordRefund(coat, { amount: 19_900, reference: "re_coat" }, asStaff);

  const socks = await create(service, "ord_a1", { sku: "SOCKS" }, "EXCHANGE");
  const cancelled = await create(service, "ord_a1", { sku: "SOCKS" }, "REFUND");
  await service.cancel(cancelled, {}, asAlice);

  await service.createReturn(
    {
      order_id: "ord_b1",
      line: { sku: "TEE-BLK", size: "S" },
      reason: "TOO_LARGE",
      resolution: "REFUND",
    },
    { principal: bob },
  );
  const requestIds = request.returns.map((one) => one.id);
  return {
    request,
    coat,
    socks,
    cancelled,
    ids: [cancelled, socks, coat, ...requestIds.reverse()],
  };
}

async function create(
  service: Service,
  orderId: string,
  line: { sku: string; size?: string },
  resolution: string,
) {
  const { record } = await service.createReturn(
    { order_id: orderId, line, reason: "CHANGED_MIND", resolution },
    { principal: alice },
  );
  return record.id;
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

describe("exportCustomer", () => {
  it("exportCustomer - every return of the customer with its history, refund, payouts and exchange, and its requests", async () => {
    const service = setup();
    const { request, coat, socks, ids } = await aliceAndBob(service);

    const exported = await service.exportCustomer("alice", reader);

    expect(CustomerExportSchema.parse(exported)).toEqual(exported);
    expect(exported.schema).toBe(CUSTOMER_EXPORT_SCHEMA);
    expect(exported.customer_id).toBe("alice");
    expect(exported.returns.map((one) => one.id)).toEqual(ids);
    expect(new Set(exported.returns.map((one) => one.customer_id))).toEqual(new Set(["alice"]));
    expect(exported.returns.map((one) => one.state)).toEqual([
      "cancelled",
      "draft",
      "graded",
      "submitted",
      "approved",
    ]);
    const coatRecord = exported.returns.find((one) => one.id === coat)!;
    expect(coatRecord.history.map((entry) => [entry.event, entry.actor])).toEqual([
      ["create", { kind: "portal", id: "alice" }],
      ["submit", { kind: "portal", id: "alice" }],
      ["approve", { kind: "merchant", id: "staff-1" }],
      ["ship", { kind: "merchant", id: "staff-1" }],
      ["receive", { kind: "merchant", id: "staff-1" }],
      ["grade", { kind: "merchant", id: "staff-1" }],
    ]);
    expect(coatRecord.refund).toMatchObject({ total: 19_900, status: "final" });
    expect(coatRecord.payouts.map((payout) => payout.reference)).toEqual(["re_coat"]);
    const socksRecord = exported.returns.find((one) => one.id === socks)!;
    expect(socksRecord.exchange).toMatchObject({ kind: "like_for_like" });
    expect(exported.return_requests).toEqual([
      expect.objectContaining({
        id: request.id,
        object: "return_request",
        customer_id: "alice",
        rma: request.rma,
        return_ids: request.returns.map((one) => one.id),
        refund: expect.objectContaining({ currency: "EUR" }),
      }),
    ]);
    expect(exported.return_requests[0]).not.toHaveProperty("returns");
  });

  it("exportCustomer - a customer with no returns gets an empty export, not a 404", async () => {
    const service = setup();
    await aliceAndBob(service);

    const exported = await service.exportCustomer("carol", reader);

    expect(exported).toEqual({
      schema: CUSTOMER_EXPORT_SCHEMA,
      customer_id: "carol",
      exported_at: expect.any(String),
      returns: [],
      return_requests: [],
    });
  });

  it("exportCustomerPage - paging walks every return exactly once, each page with its returns' requests", async () => {
    const service = setup();
    const { request, ids } = await aliceAndBob(service);

    const pages: CustomerExportPage[] = [];
    let cursor: string | undefined;
    do {
      const page = await service.exportCustomerPage("alice", { limit: 2, cursor }, reader);
      expect(page.returns.length).toBeLessThanOrEqual(2);
      for (const one of page.returns) {
        if (one.request_id) expect(page.return_requests.map((r) => r.id)).toContain(one.request_id);
      }
      pages.push(page);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);

    expect(pages.flatMap((page) => page.returns.map((one) => one.id))).toEqual(ids);
    const joined = joinCustomerExportPages(pages);
    expect(joined.returns.map((one) => one.id)).toEqual(ids);
    expect(joined.return_requests.map((one) => one.id)).toEqual([request.id]);
    expect(joined).toEqual({
      ...(await service.exportCustomer("alice", reader)),
      exported_at: joined.exported_at,
    });
  });

  it("exportCustomer - a portal caller is refused (403), whoever it names", async () => {
    const service = setup();

    const refused = await problemOf(service.exportCustomer("alice", { principal: alice }));

    expect(refused.status).toBe(403);
  });

  it("exportCustomerPage - an id no customer can have, a cursor it did not give, or a bad limit is a 400", async () => {
    const service = setup();

    for (const [customerId, query, field] of [
      ["a".repeat(256), {}, "customer_id"],
      ["nul\u0000", {}, "customer_id"],
      ["", {}, "customer_id"],
      ["alice", { cursor: "ret_nope" }, "cursor"],
      ["alice", { limit: "0" }, "limit"],
      ["alice", { limit: "101" }, "limit"],
      ["alice", { state: "draft" }, "(root)"],
    ] as const) {
      const refused = await problemOf(service.exportCustomerPage(customerId, query, reader));
      expect(refused.status).toBe(400);
      expect(refused.toJSON().errors, field).toEqual([expect.objectContaining({ path: field })]);
    }
  });
});
