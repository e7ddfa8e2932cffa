/**
 * @module returns/orders/in-memory-orders — `inMemoryOrders([...])`: an order book in memory, for
 * tests, the demo and the examples. Orders are checked as they are saved, so a fixture with
 * a mistake fails where it is written rather than as a 502 on the first request.
 */
import type { Principal } from "../../domain/principal";
import { type OrderInput, OrderSchema, orderIssues } from "./order-schema";
import type { OrderSource } from "./types";

export interface InMemoryOrders extends OrderSource {
  /** Adds the order, or replaces the one with its id (marking it delivered, say). */
  save(order: OrderInput): void;
}

export function inMemoryOrders(orders: readonly OrderInput[] = []): InMemoryOrders {
  const byId = new Map<string, OrderInput>();
  const save = (order: OrderInput) => {
    const checked = OrderSchema.safeParse(order);
    if (!checked.success) {
      throw new TypeError(`inMemoryOrders: not an order: ${orderIssues(checked.error)}`);
    }
    byId.set(checked.data.id, structuredClone(order));
  };
  for (const order of orders) save(order);
  return {
    save,
    // Ownership is the service's to check: the book answers for any caller.
    load: (orderId: string, _context: { principal: Principal }) =>
      Promise.resolve(byId.has(orderId) ? structuredClone(byId.get(orderId)!) : null),
    // By the number as given, or without its "#" ("1001" finds "#1001").
    findByNumber: (number: string) => {
      const wanted = withoutHash(number);
      for (const order of byId.values()) {
        if (order.number != null && withoutHash(order.number) === wanted) {
          return Promise.resolve(structuredClone(order));
        }
      }
      return Promise.resolve(null);
    },
  };
}

function withoutHash(number: string): string {
  return number.trim().replace(/^#/, "");
}
