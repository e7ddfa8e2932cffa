/**
 * The difference of a request's exchanges, through the service on the memory store: random
 * prices paid, offers (prices now), quantities and exchange bonuses. The estimate shows what the
 * create then stores; the request's net is the sum of its returns' signed differences; each
 * return's `refund.total` is what the shop refunds of its own difference; and swapping the price
 * paid with the new price turns every non-zero difference around (without a bonus).
 */

import { T0 } from "@returnkit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import type { RefundPolicyInput } from "../../domain/refunds";
import { type ExchangeDifference, signedDifference } from "../../domain/refunds/exchange";
import type { ReturnData } from "../../domain/schemas";
import { createReturnsService } from "../../service";
import { memoryStore } from "../../store/memory/memory-store";
import { inMemoryOrders } from "../orders/in-memory-orders";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const ORDER = "ord_exchange_prop";

// Small prices now and then, so equal prices (a difference of 0) come up often.
const price = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 50_000 }));
const lineArb = fc.record({
  paid: price,
  now: price,
  quantity: fc.integer({ min: 1, max: 3 }),
});
const bonusArb = fc.oneof(
  fc.constant(undefined),
  fc.record({ percent: fc.integer({ min: 0, max: 5_000 }).map((n) => n / 100) }),
  fc.record({ flat: fc.record({ EUR: fc.integer({ min: 0, max: 5_000 }) }) }),
);
type Line = { paid: number; now: number; quantity: number };

/** A service whose order has one line per entry, each offered one item at its `now` price. */
function serviceFor(lines: readonly Line[], bonus: RefundPolicyInput["exchange_bonus"]) {
  const orders = inMemoryOrders([
    {
      id: ORDER,
      customer_id: customer.id,
      placed_at: new Date(T0 - 86_400_000).toISOString(),
      currency: "EUR",
      lines: lines.map((line, index) => ({
        sku: `SKU-${index}`,
        quantity: line.quantity,
        unit_price: line.paid,
      })),
    },
  ]);
  return createReturnsService({
    store: memoryStore(),
    idempotency: { required: false },
    clock: () => T0,
    orders: { source: orders },
    exchanges: {
      offers: (line) => {
        const index = Number(line.sku.slice("SKU-".length));
        const price = lines[index]?.now ?? 0;
        return [{ sku: `NEW-${index}`, unit_price: price, currency: "EUR", available: true }];
      },
    },
    policy: { refund: bonus ? { exchange_bonus: bonus } : {} },
  });
}

function requestBody(lines: readonly Line[]) {
  return {
    order_id: ORDER,
    lines: lines.map((line, index) => ({
      line: { sku: `SKU-${index}` },
      quantity: line.quantity,
      reason: "CHANGED_MIND",
      resolution: "EXCHANGE",
      exchange_for: { sku: `NEW-${index}` },
    })),
  };
}

const signed = (difference: ExchangeDifference | null | undefined) =>
  difference ? signedDifference(difference) : 0;

async function created(lines: readonly Line[], bonus: RefundPolicyInput["exchange_bonus"]) {
  const service = serviceFor(lines, bonus);
  const estimate = await service.estimateReturnRequest(requestBody(lines), { principal: customer });
  const { request } = await service.createReturnRequest(requestBody(lines), {
    principal: customer,
  });
  await service.close();
  return { estimate, request };
}

describe("exchange differences of a request - property", () => {
  it("any prices: the net is the returns' differences added up, each shop refund is the return's refund, and the estimate is what is stored", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(lineArb, { minLength: 1, maxLength: 4 }),
        bonusArb,
        async (lines, bonus) => {
          const { estimate, request } = await created(lines, bonus);
          const returns: ReturnData[] = request.returns;
          const sum = returns.reduce((total, r) => total + signed(r.exchange?.difference), 0);
          expect(signed(request.exchange_difference)).toBe(sum);
          expect(estimate.exchange_difference).toEqual(request.exchange_difference);
          expect(estimate.lines.map((line) => line.exchange)).toEqual(
            returns.map((r) => r.exchange),
          );
          for (const r of returns) {
            const difference = r.exchange?.difference;
            const refunded = difference?.direction === "shop_refunds" ? difference.amount : 0;
            expect(r.refund).toMatchObject({ total: refunded, method: "exchange" });
            expect(Number.isSafeInteger(difference?.amount)).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("swapping the price paid and the new price turns every non-zero difference around", async () => {
    await fc.assert(
      // Equal prices are the edge: a difference of 0 either way.
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 3 }), async (lines) => {
        const swapped = lines.map((line) => ({ ...line, paid: line.now, now: line.paid }));
        const there = (await created(lines, undefined)).request;
        const back = (await created(swapped, undefined)).request;
        there.returns.forEach((r, index) => {
          const other = back.returns[index]?.exchange?.difference;
          expect(signed(other)).toBe(0 - signed(r.exchange?.difference));
        });
        expect(signed(back.exchange_difference)).toBe(0 - signed(there.exchange_difference));
      }),
      { numRuns: 30 },
    );
  });
});
