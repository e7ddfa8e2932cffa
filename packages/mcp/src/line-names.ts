/**
 * @module line-names — a line as the customer and staff know it, for the text a model reads:
 * the product's title and variant with the SKU beside it ("Organic cotton tee, Black / M
 * (TEE-BLK)"), or the SKU and size when the shop's order data gave no title.
 */
import {
  type Product,
  type ReturnableLine,
  type ReturnData,
  toDecimalAmount,
} from "@returnkit/core";

/** An item a returnable line can be exchanged for, as the returnable view lists it. */
type ExchangeOfferData = NonNullable<ReturnableLine["exchange_offers"]>[number];

interface NamedLine {
  sku: string;
  size?: string | null;
}

/** The variant: the shop's variant title, else its option values, else the size. */
function variantOf(line: NamedLine, product: Product | null | undefined): string | null {
  if (product?.variant_title) return product.variant_title;
  if (product?.options.length) return product.options.map((option) => option.value).join(" / ");
  return line.size ?? null;
}

function lineName(line: NamedLine, product: Product | null | undefined): string {
  const variant = variantOf(line, product);
  if (!product?.title) return variant ? `${line.sku} (${variant})` : line.sku;
  return `${product.title}${variant ? `, ${variant}` : ""} (${line.sku})`;
}

/** "Organic cotton tee, Black / M (TEE-BLK) × 2". */
export function returnItem(record: Pick<ReturnData, "line" | "order_line">): string {
  return `${lineName(record.line, record.order_line?.product)} × ${record.line.quantity}`;
}

/** "10.00 EUR": an amount in its currency's minor unit, as the summaries say it. */
export function moneyText(minor: number, currency: string): string {
  return `${toDecimalAmount(minor, currency)} ${currency}`;
}

/** An item offered in exchange, by its title and variant with the SKU: "Wool jumper, Red / M (JUMPER-RED-M)". */
function itemName(item: Pick<ExchangeOfferData, "sku" | "title" | "variant_title">): string {
  const name = item.title ?? item.sku;
  return `${name}${item.variant_title ? `, ${item.variant_title}` : ""} (${item.sku})`;
}

/** An offer by name with its price against `paid` per unit: "… 10.00 EUR more per unit". */
function offerText(offer: ExchangeOfferData, paid: number | null): string {
  const name = itemName(offer);
  const gap = paid === null ? 0 : offer.unit_price - paid;
  const price =
    paid === null
      ? moneyText(offer.unit_price, offer.currency)
      : gap === 0
        ? "same price"
        : `${moneyText(Math.abs(gap), offer.currency)} ${gap > 0 ? "more" : "less"} per unit`;
  return `${name} ${price}${offer.available ? "" : ", unavailable"}`;
}

/** A returnable line, named, with what can still go back and what it can be exchanged for. */
function returnableLine(line: ReturnableLine): string {
  const returnable = `${lineName(line, line.product)}: ${line.returnable_quantity} returnable`;
  if (!line.exchange_offers?.length) return returnable;
  const offers = line.exchange_offers.map((offer) => offerText(offer, line.unit_price));
  return `${returnable}; exchange_for offers: ${offers.join(", ")}`;
}

/** A returnable view's lines, named, each with what can still go back. */
export function returnableLines(lines: readonly ReturnableLine[]): string {
  return lines.map(returnableLine).join("; ");
}

/**
 * "exchange for Wool jumper, Red / M (JUMPER-RED-M) × 1, the customer pays 10.00 EUR": what a
 * return gets in exchange and the difference it settles; null without an exchange.
 */
export function exchangeText(record: Pick<ReturnData, "exchange" | "order_line">): string | null {
  const { exchange } = record;
  if (!exchange) return null;
  const items = exchange.lines.map((item) => `${itemName(item)} × ${item.quantity}`).join(", ");
  const { difference } = exchange;
  const currency = record.order_line?.currency;
  const progress = exchangeProgress(exchange);
  if (!difference || !currency) return `exchange for ${items}${progress}`;
  if (difference.amount === 0) return `exchange for ${items}, nothing to settle${progress}`;
  const who = difference.direction === "customer_pays" ? "the customer pays" : "the shop refunds";
  return `exchange for ${items}, ${who} ${moneyText(difference.amount, currency)}${progress}`;
}

/** " (released, order #5201)": where an exchange stands once it is past `pending`. */
function exchangeProgress(exchange: NonNullable<ReturnData["exchange"]>): string {
  const facts: string[] = exchange.status === "pending" ? [] : [exchange.status];
  if (exchange.status === "awaiting_payment" && exchange.payment_due_at) {
    facts.push(`until ${exchange.payment_due_at}`);
  }
  if (exchange.payment) facts.push(`paid ${exchange.payment.reference}`);
  if (exchange.order_id) facts.push(`order ${exchange.order_id}`);
  if (exchange.hold) facts.push(`hold ${exchange.hold.status} until ${exchange.hold.due_at}`);
  return facts.length ? ` (${facts.join(", ")})` : "";
}

/** A page of returns in a sentence: each by id, item and state. */
export function listSummary(returns: readonly ReturnData[], nextCursor: string | null): string {
  const more = nextCursor ? ", more with next_cursor" : "";
  const items = returns.map((one) => `${one.id} ${returnItem(one)} ${one.state}`).join("; ");
  return `${returns.length} return(s)${more}${items ? `: ${items}` : ""}.`;
}
