/**
 * @module client/shared/product — an order line as people recognise it: the product's title,
 * its variant and its picture, the SKU only as small print (or as the name, when the shop's
 * order data gives no title). Both pages and every list of lines use it.
 */
import type { components } from "../api-types";

type Product = components["schemas"]["Product"];
type Exchange = components["schemas"]["Exchange"];

/** A line as the API names it (returnable line, return, request line), with what it knows. */
interface ProductLine {
  sku: string;
  size?: string | null;
  product?: Product | null;
}

/** A return's line with the product its order line snapshotted (none for a return made before). */
export function productLine(record: {
  line: { sku: string; size?: string | null };
  order_line: { product: Product } | null;
}): ProductLine {
  return { ...record.line, product: record.order_line?.product ?? null };
}

/** The variant bought: the shop's variant title, else its option values, else the size. */
function variantOf(line: ProductLine): string | null {
  const product = line.product;
  if (product?.variant_title) return product.variant_title;
  if (product?.options.length) return product.options.map((option) => option.value).join(" / ");
  return line.size ?? null;
}

/** The line's name in words: "Organic cotton tee (Black / M)", or "TEE-BLK (M)" untitled. */
export function itemName(line: ProductLine): string {
  const title = line.product?.title;
  const variant = title ? variantOf(line) : (line.size ?? null);
  return variant ? `${title ?? line.sku} (${variant})` : (title ?? line.sku);
}

/** The pictures are drawn at this size in CSS pixels: the attributes reserve their box. */
const THUMB_SIZE = 64;

/**
 * The line's picture in a fixed box (so the page never moves when it arrives), its alt text
 * the product's name; a neutral empty box when the shop gave no picture. `lazy` for pictures
 * that start below the fold.
 */
export function ProductThumb({ line, lazy = false }: { line: ProductLine; lazy?: boolean }) {
  return <Thumb url={line.product?.image_url ?? null} name={itemName(line)} lazy={lazy} />;
}

/** An item offered in exchange by its picture, in the same box as the lines' own. */
export function OfferThumb({
  offer,
}: {
  offer: Parameters<typeof offeredItemName>[0] & { image_url: string | null };
}) {
  return <Thumb url={offer.image_url} name={offeredItemName(offer)} lazy={false} />;
}

function Thumb({ url, name, lazy }: { url: string | null; name: string; lazy: boolean }) {
  if (!url) return <span class="rk-thumb rk-thumb-empty" aria-hidden="true" />;
  return (
    <img
      class="rk-thumb"
      src={url}
      alt={name}
      width={THUMB_SIZE}
      height={THUMB_SIZE}
      loading={lazy ? "lazy" : "eager"}
      decoding="async"
    />
  );
}

/**
 * A line's picture, title, variant and SKU side by side: for the back office's tables and
 * details, and for the customer's returns. `quantity` adds "× n" to the title.
 */
export function ProductCell({
  line,
  quantity,
  lazy = false,
}: {
  line: ProductLine;
  quantity?: number;
  lazy?: boolean;
}) {
  const title = line.product?.title;
  const variant = variantOf(line);
  return (
    <span class="rk-product">
      <ProductThumb line={line} lazy={lazy} />
      <span class="rk-product-text">
        <span class="rk-product-title">
          {title ?? line.sku}
          {quantity === undefined ? "" : ` × ${quantity}`}
        </span>
        {variant ? <span class="rk-product-variant">{variant}</span> : null}
        {title ? <span class="rk-product-sku rk-muted">{line.sku}</span> : null}
      </span>
    </span>
  );
}

/**
 * The order as the customer knows it: the number a return of it snapshotted, else `orderId`
 * (the shop gave no number, or no return of it is known yet).
 */
export function orderNumberOf(
  records: readonly { order_line: { order_number: string | null } | null }[],
  orderId: string,
): string {
  return (
    records.find((record) => record.order_line?.order_number)?.order_line?.order_number ?? orderId
  );
}

/** An item offered in exchange by name: "Wool jumper (Oat / L)", else its variant, title or SKU. */
export function offeredItemName(item: {
  sku: string;
  title?: string | null;
  variant_title?: string | null;
}): string {
  const { title, variant_title: variant } = item;
  if (title && variant) return `${title} (${variant})`;
  return variant ?? title ?? item.sku;
}

/** The item a return is exchanged for, as the customer recognises it; null for no exchange. */
export function exchangedFor(exchange: Exchange | null): string | null {
  const item = exchange?.lines[0];
  return item ? offeredItemName(item) : null;
}
