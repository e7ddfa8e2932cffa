/**
 * @module returns/reader — how the operations read returns: what a caller may see, the
 * version a write starts from, and the history a replayed response was stored without.
 */
import { isReturnId } from "../domain/ids";
import { mayAccess, type Principal } from "../domain/principal";
import { problems } from "../domain/problems";
import { currencyExponent, currencyExponentOrNull } from "../domain/refunds";
import type { Product, ReturnData } from "../domain/schemas";
import type { RecentRecords } from "../store/recent-records";
import { historyToRestore, restoreHistory } from "../store/stored-response";
import type { IdempotentResponse, ReturnsStore, StoredReturn } from "../store/types";
import { unreleased } from "./exchange-release";

export interface ReturnReader {
  /** The return `id` as `principal` may see it, or a 404. */
  load(id: string, principal: Principal): Promise<StoredReturn>;
  /**
   * The version a write starts from: the one this process last saw when it has one
   * (`fromCache`), else a read. Ownership is checked either way; customer_id never changes.
   */
  loadForWrite(
    id: string,
    principal: Principal,
    fresh: boolean,
  ): Promise<{ stored: StoredReturn; fromCache: boolean }>;
  /** A replayed response with the history entries it was stored without put back. */
  withStoredHistory(stored: IdempotentResponse): Promise<IdempotentResponse>;
}

export function createReturnReader(
  store: ReturnsStore,
  recent: RecentRecords | null,
): ReturnReader {
  async function load(id: string, principal: Principal): Promise<StoredReturn> {
    const stored = isReturnId(id) ? await store.getReturn(id) : null;
    return visibleTo(id, stored && withOrderLine(stored), principal);
  }

  return {
    load,
    async loadForWrite(id, principal, fresh) {
      const hit = fresh ? undefined : recent?.get(id);
      if (hit) return { stored: visibleTo(id, withOrderLine(hit), principal), fromCache: true };
      const stored = await load(id, principal);
      recent?.set(id, stored);
      return { stored, fromCache: false };
    },
    async withStoredHistory(stored) {
      const needed = historyToRestore(stored);
      if (!needed) return stored;
      const remembered = recent?.get(needed.returnId);
      const current =
        remembered && remembered.record.history.length >= needed.length
          ? remembered
          : await store.getReturn(needed.returnId);
      if (!current) throw new Error(`return ${needed.returnId} of a stored response is missing`);
      return restoreHistory(stored, current.record.history);
    },
  };
}

/**
 * A return as this version of the service writes it: one stored before returns recorded the
 * order line they were checked against has none (`order_line: null`); one stored before return requests belongs to none
 * (`request_id: null`); one stored before return methods and RMA numbers went by mail and has
 * none (`return_method: "by_mail"`, `rma: null`); one stored before
 * refunds has none (`refund: null`, until its next version works it out); one stored before
 * payouts were recorded has none (`payouts: []`, `refunded_amount: 0`); and its grade
 * accepted every unit; one stored before amounts carried their currency's exponent gets it
 * from the currency; one stored before exchange offers gets its `exchange_size` as a like-for-like
 * `exchange` (`exchange: null` unless an exchange); an exchange stored before releases is a
 * standard one (`withRelease`).
 */
export function withOrderLine(stored: StoredReturn): StoredReturn {
  const { record } = stored;
  const { grade } = record;
  const gradeIsCurrent = grade === null || grade.accepted_quantity !== undefined;
  if (
    record.order_line !== undefined &&
    record.request_id !== undefined &&
    record.return_method !== undefined &&
    record.rma !== undefined &&
    record.refund !== undefined &&
    record.payouts !== undefined &&
    record.exchange !== undefined &&
    (record.exchange === null || record.exchange.status !== undefined) &&
    record.label !== undefined &&
    hasShippingAddress(record) &&
    gradeIsCurrent &&
    hasExponents(record) &&
    hasProduct(record)
  ) {
    return stored;
  }
  const { exchange_size: _size, ...current } = record as ReturnData & { exchange_size?: unknown };
  return {
    ...stored,
    record: withExponents({
      ...current,
      exchange: withRelease(
        record,
        record.exchange === undefined ? exchangeOfSize(record) : record.exchange,
      ),
      order_line: withShippingAddress(withProduct(record.order_line ?? null)),
      label: record.label ?? null,
      tracking: record.tracking ?? null,
      request_id: record.request_id ?? null,
      // By mail: the only method there was before a shop could configure them.
      return_method: record.return_method ?? "by_mail",
      rma: record.rma ?? null,
      refund: record.refund ?? null,
      payouts: record.payouts ?? [],
      refunded_amount: record.refunded_amount ?? 0,
      grade: gradeIsCurrent ? grade : { ...grade, accepted_quantity: record.line.quantity },
    }),
  };
}

type Amounts = Pick<ReturnData, "order_line" | "refund">;

/**
 * Returns stored before exchange offers (0.1.0 drafts) named an `exchange_size`: the same item
 * in that size, like for like at the price paid (the size as its variant), settled in goods.
 */
function exchangeOfSize(record: ReturnData): ReturnData["exchange"] {
  if (record.resolution !== "EXCHANGE") return null;
  const size = (record as { exchange_size?: string | null }).exchange_size ?? null;
  const unit_price = record.order_line?.unit_price ?? null;
  return {
    kind: "like_for_like",
    lines: [
      {
        sku: record.line.sku,
        title: record.order_line?.product?.title ?? null,
        variant_title: size,
        image_url: null,
        quantity: record.line.quantity,
        unit_price,
      },
    ],
    difference: unit_price === null ? null : { amount: 0, direction: "shop_refunds" },
    bonus_credit: null,
  } as ReturnData["exchange"];
}

type StoredExchange = Omit<NonNullable<ReturnData["exchange"]>, ReleaseFields> &
  Partial<Pick<NonNullable<ReturnData["exchange"]>, ReleaseFields>>;
type ReleaseFields =
  | "mode"
  | "status"
  | "payment"
  | "payment_due_at"
  | "released_at"
  | "order_id"
  | "hold";

/**
 * Exchanges stored before they were released (0.2.0) are standard and pending; a like-for-like
 * one whose return was received already counts as released (when, unknown: `released_at`
 * null), as it went out in goods then.
 */
function withRelease(
  record: Pick<ReturnData, "state" | "flagged_from">,
  exchange: StoredExchange | null,
): ReturnData["exchange"] {
  if (!exchange || exchange.status !== undefined) return exchange as ReturnData["exchange"];
  const state = record.state === "flagged" ? record.flagged_from : record.state;
  const received = state === "received" || state === "graded" || state === "closed";
  return {
    ...unreleased("standard"),
    ...exchange,
    status: received && exchange.kind === "like_for_like" ? "released" : "pending",
  };
}

/** Returns stored before labels recorded no shipping address: none known. */
function hasShippingAddress({ order_line }: Pick<ReturnData, "order_line">): boolean {
  return !order_line || order_line.shipping_address !== undefined;
}

function withShippingAddress(line: ReturnData["order_line"]): ReturnData["order_line"] {
  return line && line.shipping_address === undefined ? { ...line, shipping_address: null } : line;
}

/** Returns created before orders carried products (0.1.0) have none: an empty one. */
function hasProduct({ order_line }: Pick<ReturnData, "order_line">): boolean {
  return !order_line || order_line.product !== undefined;
}

function withProduct(line: ReturnData["order_line"]): ReturnData["order_line"] {
  if (!line || line.product !== undefined) return line;
  return { ...line, order_number: null, product: EMPTY_PRODUCT, customer: null };
}

const EMPTY_PRODUCT: Product = {
  title: null,
  variant_title: null,
  options: [],
  image_url: null,
  product_url: null,
  product_type: null,
  tags: [],
};

function hasExponents({ order_line, refund }: Amounts): boolean {
  return (
    (!order_line || order_line.currency_exponent !== undefined) &&
    (!refund || refund.currency_exponent !== undefined)
  );
}

function withExponents<T extends Amounts>(record: T): T {
  const { order_line, refund } = record;
  return {
    ...record,
    order_line: order_line && {
      ...order_line,
      currency_exponent:
        order_line.currency_exponent ?? currencyExponentOrNull(order_line.currency),
    },
    // A refund was only ever worked out in an ISO 4217 currency.
    refund: refund && {
      ...refund,
      currency_exponent: refund.currency_exponent ?? currencyExponent(refund.currency),
    },
  };
}

/**
 * `stored` if this caller may see it: a portal caller never learns that another customer's
 * return exists.
 */
function visibleTo(id: string, stored: StoredReturn | null, principal: Principal): StoredReturn {
  if (!stored || !mayAccess(principal, stored.record)) {
    throw problems.returnNotFound(id);
  }
  return stored;
}
