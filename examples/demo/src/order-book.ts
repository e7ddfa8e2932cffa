/**
 * The shop's orders for the demo, and how an agent fills in the `create` form a returnable
 * line offers and the `create_request` form of the whole order.
 *
 * The PGlite store keeps every earlier run's returns, and those still hold their units of the
 * lines they name: each run places its orders under fresh ids, so run two can return what run
 * one already did.
 */
import {
  type ExchangeOffer,
  type InMemoryOrders,
  inMemoryOrders,
  type OrderLine,
  type ReasonRules,
} from "@returnkit/core";

const DAY_MS = 86_400_000;

interface DemoOrders {
  book: InMemoryOrders;
  /** This run's id of the demo order `name` (`"1001"` → `ord_1001_<run>`). */
  id(name: string): string;
}

/** A named product with its variant and picture (`pictures` is where the demo serves them). */
function product(
  pictures: string | undefined,
  title: string,
  variant: string | null,
  picture: string,
  product_type: string,
) {
  return {
    title,
    ...(variant ? { variant_title: variant } : {}),
    product_type,
    ...(pictures ? { image_url: `${pictures}/${picture}.svg` } : {}),
  };
}

/** Body parts a top can fit badly at. */
const TOP = ["CHEST", "WAIST", "SHOULDERS", "SLEEVES", "NECK", "LENGTH"];

/**
 * The reasons that fit the demo shop's products: a tee is never "too long at the foot", boots
 * fit badly only at the foot, a cap or a belt only too small or too large. A list narrows the
 * kinds it names, so every product may still arrive damaged or be the wrong item.
 */
export const DEMO_REASONS: ReasonRules = {
  byProductType: {
    "T-shirt": ["TOO_SMALL", "TOO_LARGE", ...TOP],
    Shirt: ["TOO_SMALL", "TOO_LARGE", ...TOP],
    Knitwear: ["TOO_SMALL", "TOO_LARGE", ...TOP],
    Coat: ["TOO_SMALL", "TOO_LARGE", ...TOP],
    Jeans: ["TOO_SMALL", "TOO_LARGE", "WAIST", "HIPS", "THIGHS", "INSEAM", "LENGTH"],
    Boots: ["FOOT", "TOE", "WIDTH"],
    Socks: ["TOO_SMALL", "TOO_LARGE", "FOOT"],
    Cap: ["TOO_SMALL", "TOO_LARGE"],
    Scarf: ["TOO_SMALL", "TOO_LARGE"],
    Belt: ["TOO_SMALL", "TOO_LARGE"],
  },
};

/**
 * `pictures`: the absolute URL the demo's server serves `examples/demo/pictures` at; without
 * it the lines have no pictures.
 */
export function demoOrderBook(run: string, now = Date.now(), pictures?: string): DemoOrders {
  const id = (name: string) => `ord_${name}_${run}`;
  const named = (...args: [string, string | null, string, string]) => product(pictures, ...args);
  const daysAgo = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const book = inMemoryOrders([
    {
      id: id("1001"),
      customer_id: "alice",
      placed_at: daysAgo(9),
      delivered_at: daysAgo(6),
      currency: "EUR",
      lines: [
        {
          sku: "TEE-BLK-M",
          size: "M",
          quantity: 1,
          unit_price: 2_900,
          ...named("Organic cotton tee", "Black / M", "tee-black", "T-shirt"),
        },
        {
          sku: "JEANS-32-34",
          size: "32/34",
          quantity: 1,
          unit_price: 8_900,
          options: [
            { name: "Colour", value: "Indigo" },
            { name: "Size", value: "32/34" },
          ],
          ...named("Slim jeans", null, "jeans-indigo", "Jeans"),
        },
        {
          sku: "CAP-RED",
          quantity: 1,
          unit_price: 1_900,
          ...named("Baseball cap", "Red", "cap-red", "Cap"),
        },
      ],
    },
    {
      id: id("2002"),
      customer_id: "bob",
      placed_at: daysAgo(12),
      delivered_at: daysAgo(10),
      currency: "EUR",
      lines: [
        {
          sku: "BOOT-BRN-42",
          size: "42",
          quantity: 1,
          unit_price: 14_900,
          ...named("Chelsea boots", "Brown / 42", "boots-brown", "Boots"),
        },
        {
          sku: "SCARF-GRY",
          quantity: 1,
          unit_price: 3_900,
          ...named("Merino scarf", "Grey", "scarf-grey", "Scarf"),
        },
      ],
    },
    // Carol's assistant returns this over MCP.
    {
      id: id("3003"),
      customer_id: "carol",
      placed_at: daysAgo(7),
      delivered_at: daysAgo(4),
      currency: "EUR",
      lines: [
        {
          sku: "SHIRT-WHT-L",
          size: "L",
          quantity: 1,
          unit_price: 4_900,
          ...named("Oxford shirt", "White / L", "shirt-white", "Shirt"),
        },
      ],
    },
    // Three lines alice sends back in one request, as one parcel: the return label is bought
    // from her address (the other orders give none, so no label is bought for them).
    {
      id: id("4004"),
      customer_id: "alice",
      placed_at: daysAgo(8),
      delivered_at: daysAgo(5),
      currency: "EUR",
      shipping_address: {
        name: "Alice Martin",
        street1: "417 Montgomery St",
        city: "San Francisco",
        state: "CA",
        postal_code: "94104",
        country: "US",
      },
      lines: [
        {
          sku: "KNIT-GRN-M",
          size: "M",
          quantity: 1,
          unit_price: 6_900,
          ...named("Lambswool jumper", "Green / M", "knit-green", "Knitwear"),
        },
        {
          sku: "SOCKS-3PK",
          quantity: 3,
          unit_price: 1_200,
          ...named("Socks, pack of three", "Striped", "socks-striped", "Socks"),
        },
        {
          sku: "BELT-BLK",
          size: "90",
          quantity: 1,
          unit_price: 3_500,
          ...named("Leather belt", "Black / 90", "belt-black", "Belt"),
        },
      ],
    },
    // Alice exchanges the green jumper for the dearer red one, and pays the difference.
    {
      id: id("5005"),
      customer_id: "alice",
      placed_at: daysAgo(6),
      delivered_at: daysAgo(3),
      currency: "EUR",
      lines: [
        {
          sku: "KNIT-GRN-L",
          size: "L",
          quantity: 1,
          unit_price: 6_900,
          ...named("Lambswool jumper", "Green / L", "knit-green", "Knitwear"),
        },
      ],
    },
    // Delivered 45 days ago: the 30-day window closed two weeks ago.
    {
      id: id("2003"),
      customer_id: "bob",
      placed_at: daysAgo(48),
      delivered_at: daysAgo(45),
      currency: "EUR",
      lines: [
        {
          sku: "COAT-NVY",
          size: "L",
          quantity: 1,
          unit_price: 19_900,
          ...named("Wool coat", "Navy / L", "coat-navy", "Coat"),
        },
      ],
    },
  ]);
  return { book, id };
}

/** The other variants the shop offers for a line, priced (`exchanges.offers`). */
const OFFERS: Record<string, { sku: string; variant: string; price: number; picture?: string }[]> =
  {
    "TEE-BLK-M": [
      { sku: "TEE-BLK-L", variant: "Black / L", price: 2_900, picture: "tee-black" },
      { sku: "TEE-BLK-S", variant: "Black / S", price: 2_900, picture: "tee-black" },
    ],
    "KNIT-GRN-L": [
      { sku: "KNIT-RED-L", variant: "Red / L", price: 7_900 },
      { sku: "KNIT-GRN-M", variant: "Green / M", price: 6_900, picture: "knit-green" },
    ],
  };

/**
 * The shop's catalogue answer to "what can this line be exchanged for": the same product in
 * other variants, each at its price now, all in stock.
 */
export function demoExchangeOffers(pictures?: string) {
  return (line: OrderLine): ExchangeOffer[] =>
    (OFFERS[line.sku] ?? []).map((offer) => ({
      sku: offer.sku,
      title: line.product.title,
      variant_title: offer.variant,
      image_url: pictures && offer.picture ? `${pictures}/${offer.picture}.svg` : null,
      unit_price: offer.price,
      currency: "EUR",
      available: true,
    }));
}

interface TemplateProperty {
  name: string;
  value?: string | number;
  readOnly?: boolean;
}

/**
 * The body a HAL-FORMS template describes: its pre-filled values, and `choices` for the
 * members it leaves open. Dotted names (`line.sku`) are members of a nested object.
 */
export function bodyFromTemplate(
  properties: readonly TemplateProperty[],
  choices: Record<string, string | number | undefined>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { name, value } of properties) {
    const chosen = value ?? choices[name];
    if (chosen === undefined) continue;
    const [head, member] = name.split(".") as [string, string | undefined];
    if (member === undefined) body[head] = chosen;
    else body[head] = { ...(body[head] as object | undefined), [member]: chosen };
  }
  return body;
}

const ENTRY = /^lines\[(\d+)\]\.(.+)$/;

/**
 * The body a `create_request` template describes: its top-level members, and an entry of
 * `lines` for each line `choices` names by sku (`lines[i].line.sku`), the others left out.
 * Within an entry a choice may change what the template only suggests (the quantity), never a
 * read-only value.
 */
export function requestBodyFromTemplate(
  properties: readonly TemplateProperty[],
  choices: Record<string, Record<string, string | number | undefined>>,
): Record<string, unknown> {
  const top: TemplateProperty[] = [];
  const entries = new Map<string, TemplateProperty[]>();
  for (const property of properties) {
    const match = ENTRY.exec(property.name);
    if (!match) top.push(property);
    else
      entries.set(match[1]!, [...(entries.get(match[1]!) ?? []), { ...property, name: match[2]! }]);
  }
  const lines = [...entries.values()].flatMap((entry) => {
    const chosen = choices[String(entry.find((p) => p.name === "line.sku")?.value)];
    if (!chosen) return [];
    const suggested = Object.fromEntries(entry.map((p) => [p.name, p.value]));
    const open = entry.map((p) => (p.readOnly ? p : { name: p.name }));
    return [bodyFromTemplate(open, { ...suggested, ...chosen })];
  });
  return { ...bodyFromTemplate(top, {}), lines };
}
