/**
 * @module returns/parcels/test-support/parcel-service — a service on the memory store whose
 * orders carry a shipping address, with the `carriers` option given, on a clock the test moves:
 * what the label job's and tracking's tests start from.
 */
import type { Carrier, CarrierAddress } from "../../../carriers/carrier";
import type { CarrierOptions } from "../../../carriers/carrier-options";
import type { Principal } from "../../../domain/principal";
import { silentLogger } from "../../../observability/logging/logger";
import { createReturnsService } from "../../../service";
import type { ReturnsServiceOptions } from "../../../service-options";
import { memoryStore } from "../../../store/memory/memory-store";
import type { ReturnsStore } from "../../../store/types";
import { inMemoryOrders } from "../../orders/in-memory-orders";
import type { OrderInput } from "../../orders/order-schema";

export const T0 = Date.parse("2026-03-01T12:00:00.000Z");
const DAY = 86_400_000;

export const customer: Principal = {
  kind: "portal",
  id: "user-42",
  scopes: ["portal:returns.read", "portal:returns.write"],
};
export const staff: Principal = {
  kind: "merchant",
  id: "staff-1",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
};

const CUSTOMER_ADDRESS: CarrierAddress = {
  name: "Ada Lovelace",
  street1: "417 Montgomery St",
  city: "San Francisco",
  state: "CA",
  postal_code: "94104",
  country: "US",
};

const RETURNS_ADDRESS: CarrierAddress = {
  name: "Shop returns",
  street1: "179 N Harbor Dr",
  city: "Redondo Beach",
  state: "CA",
  postal_code: "90277",
  country: "US",
};

function parcelOrder(withAddress = true): OrderInput {
  return {
    id: "ord_7001",
    number: "#7001",
    customer_id: customer.id,
    placed_at: new Date(T0 - 10 * DAY).toISOString(),
    delivered_at: new Date(T0 - 8 * DAY).toISOString(),
    currency: "USD",
    ...(withAddress ? { shipping_address: CUSTOMER_ADDRESS } : {}),
    lines: [
      { sku: "TEE", size: "M", quantity: 2, unit_price: 2_500, title: "Organic cotton tee" },
      { sku: "CAP", quantity: 1, unit_price: 1_500, title: "Red cap" },
    ],
  };
}

interface ParcelServiceOptions {
  carrier?: Carrier;
  tracking?: Carrier[];
  store?: ReturnsStore;
  withAddress?: boolean;
  carriers?: Partial<CarrierOptions>;
  options?: Partial<ReturnsServiceOptions>;
}

export function parcelService(setup: ParcelServiceOptions = {}) {
  let clock = T0;
  const store = setup.store ?? memoryStore();
  const service = createReturnsService({
    store,
    clock: () => clock,
    idempotency: { required: false },
    logger: silentLogger,
    orders: { source: inMemoryOrders([parcelOrder(setup.withAddress ?? true)]) },
    carriers: {
      ...(setup.carrier ? { label: setup.carrier } : {}),
      ...(setup.tracking ? { tracking: setup.tracking } : {}),
      returnsAddress: RETURNS_ADDRESS,
      ...setup.carriers,
    },
    ...setup.options,
  });
  /** A return of `sku`, submitted and approved by staff. */
  async function approvedReturn(sku = "TEE"): Promise<string> {
    const ctx = { principal: customer };
    const line = sku === "TEE" ? { sku, size: "M", quantity: 1 } : { sku, quantity: 1 };
    const input = { order_id: "ord_7001", line, reason: "CHANGED_MIND", resolution: "REFUND" };
    const { record } = await service.createReturn(input, ctx);
    await service.submit(record.id, {}, ctx);
    await service.advance(record.id, "approve", {}, { principal: staff });
    return record.id;
  }
  /** A request of both lines, submitted, then each return approved by staff. */
  async function approvedRequest(): Promise<string[]> {
    const ctx = { principal: customer };
    const { request } = await service.createReturnRequest(
      {
        order_id: "ord_7001",
        lines: [
          {
            line: { sku: "TEE", size: "M" },
            quantity: 1,
            reason: "CHANGED_MIND",
            resolution: "REFUND",
          },
          { line: { sku: "CAP" }, quantity: 1, reason: "CHANGED_MIND", resolution: "REFUND" },
        ],
      },
      ctx,
    );
    await service.submitReturnRequest(request.id, {}, ctx);
    const ids = request.returns.map((r) => r.id);
    for (const id of ids) await service.advance(id, "approve", {}, { principal: staff });
    return ids;
  }
  const record = (id: string) => service.get(id, { principal: staff });
  return {
    service,
    store,
    approvedReturn,
    approvedRequest,
    record,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
  };
}
