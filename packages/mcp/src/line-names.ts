/**
 * @module line-names — a line as the customer and staff know it, for the text a model reads:
 * the product's title and variant with the SKU beside it ("Organic cotton tee, Black / M
 * (TEE-BLK)"), or the SKU and size when the shop's order data gave no title.
 */
import type { Product, ReturnableLine, ReturnData } from "@returnkit/core";

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

/** A returnable view's lines, named, each with what can still go back. */
export function returnableLines(lines: readonly ReturnableLine[]): string {
  return lines
    .map((line) => `${lineName(line, line.product)}: ${line.returnable_quantity} returnable`)
    .join("; ");
}

/** A page of returns in a sentence: each by id, item and state. */
export function listSummary(returns: readonly ReturnData[], nextCursor: string | null): string {
  const more = nextCursor ? ", more with next_cursor" : "";
  const items = returns.map((one) => `${one.id} ${returnItem(one)} ${one.state}`).join("; ");
  return `${returns.length} return(s)${more}${items ? `: ${items}` : ""}.`;
}
