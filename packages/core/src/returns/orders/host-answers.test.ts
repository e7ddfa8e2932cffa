import { afterEach, describe, expect, it, vi } from "vitest";
import type { Principal } from "../../domain/principal";
import type { ProblemError } from "../../domain/problems";
import { askOffers, loadOrder } from "./host-answers";
import { OrderSchema } from "./order-schema";
import type { ExchangeSettings, OrderSource } from "./types";

const CALLER: Principal = { kind: "portal", id: "user-42", scopes: ["portal:returns.read"] };

/** Another customer's order of many lines, recording every property the service reads. */
function watchedForeignOrder(reads: PropertyKey[]) {
  const order = {
    id: "ord_6001",
    customer_id: "user-7",
    placed_at: "2026-11-01T10:00:00.000Z",
    lines: Array.from({ length: 500 }, (_, i) => ({ sku: `SKU-${i}`, quantity: 1 })),
  };
  return new Proxy(order, {
    get(target, key, receiver) {
      reads.push(key);
      return Reflect.get(target, key, receiver);
    },
  });
}

async function refusal(source: OrderSource, orderId: string) {
  return loadOrder(source, orderId, CALLER).then(
    () => null,
    (error: unknown) => error,
  );
}

describe("loadOrder", () => {
  afterEach(() => vi.restoreAllMocks());

  it("loadOrder - an unknown order and another customer's take the same path: one owner comparison, no validation, the same 404", async () => {
    const validations = vi.spyOn(OrderSchema, "safeParse");
    const reads: PropertyKey[] = [];
    const foreign = watchedForeignOrder(reads);
    const unknown = await refusal({ load: () => null }, "ord_6001");
    const forUnknown = validations.mock.calls.length;
    const others = await refusal({ load: () => foreign }, "ord_6001");
    const forForeign = validations.mock.calls.length - forUnknown;
    expect({ forUnknown, forForeign }).toEqual({ forUnknown: 0, forForeign: 0 });
    // Nothing of the order but its owner is read: neither its size nor its shape shows.
    // (`then` is `await` asking whether the answer is a promise, as it asks of any answer.)
    expect(reads.filter((key) => key !== "then")).toEqual(["customer_id"]);
    expect(others).toEqual(unknown);
    expect((others as { status: number }).status).toBe(404);
  });

  it("loadOrder - the caller's own malformed order is still the host's reported defect", async () => {
    const answer = { id: "ord_5001", customer_id: CALLER.id, lines: "?" };
    const error = await refusal({ load: () => answer as never }, "ord_5001");
    expect(error).toMatchObject({ status: 502, slug: "order-source-invalid" });
  });
});

describe("askOffers", () => {
  const order = OrderSchema.parse({
    id: "ord_1",
    customer_id: "user-42",
    placed_at: "2026-11-01T10:00:00.000Z",
    currency: "EUR",
    lines: [{ sku: "TEE", size: "M", quantity: 1, unit_price: 2_500 }],
  });
  const line = order.lines[0]!;
  const ask = (offers: ExchangeSettings["offers"]) =>
    askOffers({ offers, whenUnavailable: "refuse" }, line, order).then(
      (answer): { answer?: typeof answer; error?: ProblemError } => ({ answer }),
      (error: unknown): { answer?: undefined; error?: ProblemError } => ({
        error: error as ProblemError,
      }),
    );

  it("askOffers - the host's offers, one per sku (the first), with absent members as null", async () => {
    const { answer } = await ask(() => [
      { sku: "TEE-L", unit_price: 2_500, currency: "EUR", available: true },
      { sku: "TEE-L", unit_price: 9_999, currency: "EUR", available: false },
      { sku: "TEE-XL", title: "Tee", unit_price: 2_700, currency: "EUR", available: false },
    ]);
    expect(answer).toEqual([
      {
        sku: "TEE-L",
        title: null,
        variant_title: null,
        image_url: null,
        unit_price: 2_500,
        currency: "EUR",
        available: true,
      },
      {
        sku: "TEE-XL",
        title: "Tee",
        variant_title: null,
        image_url: null,
        unit_price: 2_700,
        currency: "EUR",
        available: false,
      },
    ]);
  });

  it("askOffers - an answer no rule can read is the host's defect: 502 order-source-invalid, saying why", async () => {
    for (const answer of [
      null,
      { sku: "TEE-L" },
      [{ sku: "TEE-L", unit_price: 12.5, currency: "EUR", available: true }],
      [{ sku: "TEE-L", unit_price: 2_500, currency: "EUR" }],
    ]) {
      const { error } = await ask(() => answer as never);
      expect(error?.status).toBe(502);
      expect(error?.slug).toBe("order-source-invalid");
    }
    const foreign = await ask(() => [
      { sku: "TEE-L", unit_price: 2_500, currency: "USD", available: true },
    ]);
    expect(foreign.error?.slug).toBe("order-source-invalid");
    expect(String((foreign.error?.cause as Error | undefined)?.message)).toContain(
      "offered TEE-L in USD; the order is in EUR",
    );
  });

  it("askOffers - a host that throws is an order system down: 502 orders-unavailable", async () => {
    const { error } = await ask(() => {
      throw new Error("catalogue down");
    });
    expect(error?.status).toBe(502);
    expect(error?.slug).toBe("orders-unavailable");
  });
});
