/**
 * @module demo-orders — the orders `pnpm start` knows, so the customer's page has lines to
 * return: every order number a signed-in customer types is theirs, placed six days ago, with
 * the same four lines (one a final sale), each a named product with its variant and, given
 * where the pictures are served, its picture. Development only: a shop passes its own
 * `orders` (see shop-orders.ts).
 */
import type { OrderInput, OrderSource } from "@returnkit/core";

const DAY = 86_400_000;

export function demoOrders(now: () => number = Date.now, pictures?: string): OrderSource {
  const picture = (name: string) => (pictures ? { image_url: `${pictures}/${name}.svg` } : {});
  return {
    load(orderId, { principal }): OrderInput {
      return {
        id: orderId,
        customer_id: principal.id,
        currency: "EUR",
        placed_at: new Date(now() - 6 * DAY),
        delivered_at: new Date(now() - 3 * DAY),
        lines: [
          // Ten, so the README's walk-through (one tee per run) can run again on the same data.
          {
            sku: "TEE-BLK-M",
            size: "M",
            quantity: 10,
            unit_price: 2900,
            title: "Organic cotton tee",
            variant_title: "Black / M",
            product_type: "T-shirt",
            ...picture("tee-black"),
          },
          {
            sku: "JEANS-SLIM",
            size: "32",
            quantity: 1,
            unit_price: 7900,
            title: "Slim jeans",
            options: [
              { name: "Colour", value: "Indigo" },
              { name: "Waist", value: "32" },
            ],
            product_type: "Jeans",
            ...picture("jeans-indigo"),
          },
          {
            sku: "DRESS-RED",
            size: "S",
            quantity: 1,
            unit_price: 5900,
            title: "Wrap dress",
            variant_title: "Red / S",
            product_type: "Dress",
            ...picture("dress-red"),
          },
          {
            sku: "SOCKS-3PK",
            size: "M",
            quantity: 1,
            unit_price: 900,
            final_sale: true,
            title: "Socks, pack of three",
            variant_title: "Striped / M",
            product_type: "Socks",
            ...picture("socks-striped"),
          },
        ],
      };
    },
  };
}
