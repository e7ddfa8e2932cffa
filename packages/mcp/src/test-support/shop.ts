/** Test support: one customer's delivered order, for returns to be started against. */
import { inMemoryOrders, type OrderInput } from "@returnkit/core";

export const CUSTOMER = "user-42";
const NOW = Date.parse("2026-11-21T10:00:00.000Z");
const DAY = 86_400_000;

const ORDER: OrderInput = {
  id: "ord_5001",
  customer_id: CUSTOMER,
  placed_at: new Date(NOW - 10 * DAY).toISOString(),
  delivered_at: new Date(NOW - 8 * DAY).toISOString(),
  currency: "EUR",
  lines: [
    { sku: "TEE-BLK", size: "M", quantity: 50, unit_price: 2_500, product_type: "T-shirt" },
    { sku: "CAP-RED", quantity: 1, unit_price: 1_500 },
  ],
};

/** In ouguiya: ISO 4217 gives MRU two minor-unit digits, where dinero.js counts fifths. */
export const MRU_ORDER: OrderInput = {
  ...ORDER,
  id: "ord_5002",
  currency: "MRU",
  lines: [{ sku: "SCARF-BLU", quantity: 1, unit_price: 1_234 }],
};

/** Named, pictured products, as a shop's order data gives them; the customer's name and email. */
export const PRODUCT_ORDER: OrderInput = {
  ...ORDER,
  id: "ord_5003",
  number: "#5003",
  customer: { name: "Ada Lovelace", email: "ada@example.com" },
  lines: [
    {
      sku: "TEE-ORG",
      size: "M",
      quantity: 2,
      unit_price: 2_500,
      title: "Organic cotton tee",
      variant_title: "Black / M",
      image_url: "https://cdn.shop.example/tee-black.jpg",
      product_type: "T-shirt",
      tags: ["organic"],
    },
    {
      sku: "JEANS-IND",
      size: "32",
      quantity: 1,
      unit_price: 7_900,
      title: "Slim jeans",
      options: [
        { name: "Colour", value: "Indigo" },
        { name: "Waist", value: "32" },
      ],
    },
  ],
};

/** A T-shirt's reasons: fit at the top only (no foot, no inseam), and every other reason. */
const reasons = {
  byProductType: { "T-shirt": ["TOO_SMALL", "TOO_LARGE", "CHEST", "SHOULDERS", "SLEEVES"] },
};

export function shopOptions() {
  return {
    orders: { source: inMemoryOrders([ORDER, MRU_ORDER, PRODUCT_ORDER]), reasons },
    clock: () => NOW,
  };
}

/** A navy jumper (€59.00), which the shop offers to exchange for other colours. */
export const JUMPER_ORDER: OrderInput = {
  ...ORDER,
  id: "ord_5004",
  number: "#5004",
  lines: [
    {
      sku: "JUMPER-NAVY",
      size: "M",
      quantity: 2,
      unit_price: 5_900,
      title: "Wool jumper",
      variant_title: "Navy / M",
    },
  ],
};

/** The jumper's other colours: dearer, cheaper, the same price but out of stock. */
const JUMPER_OFFERS = [
  { sku: "JUMPER-RED-M", variant_title: "Red / M", unit_price: 6_900, available: true },
  { sku: "JUMPER-GREY-M", variant_title: "Grey / M", unit_price: 5_400, available: true },
  { sku: "JUMPER-OAT-M", variant_title: "Oat / M", unit_price: 5_900, available: false },
].map((offer) => ({ ...offer, title: "Wool jumper", image_url: null, currency: "EUR" }));

/** `shopOptions` with the jumper's order and the shop's exchange offers. */
export function exchangeShopOptions() {
  const options = shopOptions();
  return {
    ...options,
    orders: { ...options.orders, source: inMemoryOrders([JUMPER_ORDER]) },
    exchanges: { offers: () => JUMPER_OFFERS },
  };
}
