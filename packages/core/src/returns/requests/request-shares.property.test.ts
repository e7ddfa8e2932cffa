/**
 * The return shipping fee of a request under any sequence of writes, through the service on
 * the memory store: random requests (prices, quantities, reasons, resolutions, policies), then
 * random updates, cancels, rejects, grades and the rest of the lifecycle. After every step the
 * request charges min(fee, what its returns can carry), never more, no share exceeds what its
 * return can carry, and a final refund no write of another return changes.
 */

import { T0 } from "@returnkit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { isProblemError } from "../../domain/problems";
import { parseRefundPolicy, type RefundPolicyInput } from "../../domain/refunds";
import { currencyArb, policyArb } from "../../domain/refunds/test-arbitraries";
import type { ReturnData, ReturnRequestData } from "../../domain/schemas";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import { inMemoryOrders } from "../orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const REASONS = ["TOO_SMALL", "DAMAGED", "CHANGED_MIND", "WRONG_ITEM"] as const;
const RESOLUTIONS = ["REFUND", "STORE_CREDIT", "EXCHANGE"] as const;
const ORDER = "ord_prop";

const lineArb = fc.record({
  // Small prices, so the fee is often more than a line (or the whole request) can carry.
  unit_price: fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 20_000 })),
  quantity: fc.integer({ min: 1, max: 3 }),
  reason: fc.constantFrom(...REASONS),
  resolution: fc.constantFrom(...RESOLUTIONS),
});

/**
 * A write to a return of the request (`target`, modulo their number) or to the whole request.
 * `forward` sends the return's next step on its way to closed (a flagged one is unflagged; a
 * received one graded, keeping `accepted` of its units), so most runs reach the merchant's
 * events; `event` sends one that takes a share away.
 */
type Write =
  | { kind: "update"; target: number; reason?: string; resolution?: (typeof RESOLUTIONS)[number] }
  | { kind: "forward"; target: number; accepted: number; condition: string | null }
  | { kind: "event"; target: number; event: "cancel" | "reject" | "flag" }
  | { kind: "request"; event: "submit" | "ship" };

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record(
      {
        kind: fc.constant("update" as const),
        target: fc.nat(),
        reason: fc.constantFrom(...REASONS),
        resolution: fc.constantFrom(...RESOLUTIONS),
      },
      { requiredKeys: ["kind", "target"] },
    ),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("forward" as const),
      target: fc.nat(),
      accepted: fc.nat({ max: 3 }),
      condition: fc.constantFrom(null, "NEW", "USED", "DAMAGED"),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("event" as const),
      target: fc.nat(),
      event: fc.constantFrom("cancel" as const, "reject" as const, "flag" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("request" as const),
      event: fc.constantFrom("submit" as const, "ship" as const),
    }),
  },
);

/** The next step of a return on its way to closed, from its state. */
const FORWARD: Partial<Record<ReturnData["state"], string>> = {
  draft: "submit",
  submitted: "approve",
  approved: "ship",
  in_transit: "receive",
  received: "grade",
  graded: "close",
  flagged: "unflag",
};

const scenarioArb = fc.record({
  policy: policyArb,
  currency: currencyArb,
  fee: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 100_000 })),
  lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
  writes: fc.array(writeArb, { minLength: 4, maxLength: 40, size: "max" }),
});

function serviceFor(scenario: {
  policy: RefundPolicyInput;
  currency: string;
  fee: number;
  lines: { unit_price: number; quantity: number }[];
}) {
  const policy: RefundPolicyInput = {
    ...scenario.policy,
    return_shipping_fee: {
      ...scenario.policy.return_shipping_fee,
      amount: { [scenario.currency]: scenario.fee },
    },
  };
  const orders = inMemoryOrders([
    {
      id: ORDER,
      customer_id: customer.id,
      placed_at: "2026-11-20T10:00:00Z",
      currency: scenario.currency,
      lines: scenario.lines.map((line, index) => ({
        sku: `SKU-${index}`,
        size: "M",
        quantity: line.quantity,
        unit_price: line.unit_price,
      })),
    },
  ]);
  const service = createReturnsService({
    idempotency: { required: false },
    orders: { source: orders },
    policy: { refund: policy },
    clock: () => T0,
    store: memoryStore(),
  });
  return { service, policy: parseRefundPolicy(policy) };
}

type Service = ReturnType<typeof serviceFor>["service"];

/** What a write did: refused (an event the state does not allow, say), or which return it wrote. */
type Sent = { refused: true } | { refused: false; target: string | null };

/** Sends `write`; a refusal is an answer, not a failure. */
async function send(service: Service, request: ReturnRequestData, write: Write): Promise<Sent> {
  const asCustomer = { principal: customer };
  const asStaff = { principal: staff };
  try {
    if (write.kind === "request") {
      if (write.event === "submit") await service.submitReturnRequest(request.id, {}, asCustomer);
      else await service.shipReturnRequest(request.id, {}, asStaff);
      return { refused: false, target: null };
    }
    const target = request.returns[write.target % request.returns.length] as ReturnData;
    if (write.kind === "update") {
      const patch = {
        ...(write.reason ? { reason: write.reason } : {}),
        ...(write.resolution ? { resolution: write.resolution } : {}),
        ...(write.resolution === "EXCHANGE" ? { exchange_for: { sku: "L" } } : {}),
      };
      if (Object.keys(patch).length === 0) return { refused: true };
      await service.updateDraft(target.id, patch, asCustomer);
    } else if (write.kind === "event") {
      if (write.event === "cancel") await service.cancel(target.id, {}, asCustomer);
      else await service.advance(target.id, write.event, {}, asStaff);
    } else {
      const event = FORWARD[target.state];
      if (!event) return { refused: true };
      if (event === "submit") await service.submit(target.id, {}, asCustomer);
      else {
        const body =
          event === "grade"
            ? {
                accepted_quantity: Math.min(write.accepted, target.line.quantity),
                ...(write.condition ? { condition: write.condition } : {}),
              }
            : {};
        await service.advance(target.id, event, body, asStaff);
      }
    }
    return { refused: false, target: target.id };
  } catch (error) {
    if (isProblemError(error) && error.status < 500) return { refused: true };
    throw error;
  }
}

/** Whether the policy charges `record` a share at all (an exchange refunds nothing to take it from). */
function bears(record: ReturnData, policy: ReturnType<typeof parseRefundPolicy>): boolean {
  return (
    record.resolution !== "EXCHANGE" &&
    !policy.return_shipping_fee.waived_for_reasons.includes(record.reason) &&
    record.state !== "rejected" &&
    record.state !== "cancelled"
  );
}

/** The rule, checked on what the request shows after a step (and before it). */
function checkShares(
  before: ReturnRequestData,
  after: ReturnRequestData,
  written: string | null,
  fee: number,
  policy: ReturnType<typeof parseRefundPolicy>,
) {
  let charged = 0;
  let fixed = 0;
  let canCarry = 0;
  for (const record of after.returns) {
    const refund = record.refund;
    if (!refund) continue;
    const share = refund.return_shipping_fee;
    const carry = refund.item_amount - refund.restocking_fee;
    expect(share, `${record.id} carries more than it can`).toBeLessThanOrEqual(carry);
    if (!bears(record, policy)) expect(share, `${record.id} is charged a share`).toBe(0);
    charged += share;
    if (refund.status === "final") fixed += share;
    else if (bears(record, policy)) canCarry += carry;
  }
  expect(charged, "the fee is charged more than once").toBeLessThanOrEqual(fee);
  expect(charged, "a share was lost while a return could carry it").toBe(
    Math.min(fee, fixed + canCarry),
  );
  expect(after.refund?.return_shipping_fee ?? 0).toBe(charged);
  for (const earlier of before.returns) {
    if (earlier.refund?.status !== "final" || earlier.id === written) continue;
    const now = after.returns.find((record) => record.id === earlier.id);
    expect(now?.refund, `the final refund of ${earlier.id} changed`).toEqual(earlier.refund);
  }
}

describe("request shares - property", () => {
  it("any writes - the request charges min(fee, what its returns can carry), once, and final refunds stay", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { service, policy } = serviceFor(scenario);
        const lines = scenario.lines.map((line, index) => ({
          line: { sku: `SKU-${index}`, size: "M" },
          quantity: line.quantity,
          reason: line.reason,
          resolution: line.resolution,
          ...(line.resolution === "EXCHANGE" ? { exchange_for: { sku: "L" } } : {}),
        }));
        const created = await service.createReturnRequest(
          { order_id: ORDER, lines },
          { principal: customer },
        );
        let request = created.request;
        checkShares(request, request, null, scenario.fee, policy);
        for (const write of scenario.writes) {
          const sent = await send(service, request, write);
          const next = await service.getReturnRequest(request.id, { principal: staff });
          if (sent.refused) expect(next, "a refused write changed the request").toEqual(request);
          else checkShares(request, next, sent.target, scenario.fee, policy);
          request = next;
        }
      }),
      { numRuns: 100 },
    );
  });
});
