/**
 * @module returns/orders/types — what a host hands the service to bind returns to its own orders:
 * where orders come from, its policy beyond the window, and what a line can be exchanged for.
 */
import type { Principal } from "../../domain/principal";
import type { ReasonCatalogue } from "../../domain/reasons";
import type { RefundPolicy } from "../../domain/refunds";
import type { Resolution } from "../../domain/schemas";
import type { ReturnsStore } from "../../store/types";
import type { Order, OrderInput, OrderLine } from "./order-schema";

/** The host's orders, read by id. */
export interface OrderSource {
  /**
   * The order with this id, or null when there is none. `principal` is the caller: a host
   * may answer null for another customer's order, but need not (the service compares
   * `customer_id` itself, and answers both with the same 404). A throw is a 502
   * `orders-unavailable`; an answer that is not an order, a 502 `order-source-invalid`.
   */
  load(
    orderId: string,
    context: { principal: Principal },
  ): OrderInput | null | Promise<OrderInput | null>;
  /**
   * The order with this number (what the customer knows it by, e.g. `#1001`, trimmed), or
   * null: how a guest without an account finds an order (the `guests` option). Answer for
   * any customer's order; the service compares the email or postcode itself, in constant
   * time. Optional: without it, the number is the order's id, and `load` is asked with a
   * principal of id `""` (nobody yet).
   */
  findByNumber?(number: string): OrderInput | null | Promise<OrderInput | null>;
}

/**
 * One line a create or an update asks to return, as the host's `eligible` rule sees it (a return
 * request of several lines asks the rule once per line).
 */
export interface EligibilityQuery {
  order_id: string;
  line: { sku: string; size: string | null; quantity: number };
  reason: string;
  resolution: Resolution;
  /** With `EXCHANGE`, the item asked for instead (one of the line's offers); else null. */
  exchange_for: { sku: string } | null;
}

/** `true`, or why not: `code` (the host's own, e.g. `GIFT_CARD`) and a sentence for the customer. */
export type Eligibility = true | { code: string; detail: string };

/** A host rule beyond window, quantity and final sale (a 422 `refused-by-policy` when not `true`). */
export type EligibilityRule = (
  order: Order,
  line: OrderLine,
  request: EligibilityQuery,
) => Eligibility | Promise<Eligibility>;

/** An item the shop offers in exchange for a returned line, priced in the order's currency. */
export interface ExchangeOffer {
  sku: string;
  title?: string | null;
  variant_title?: string | null;
  image_url?: string | null;
  /** Price of one unit now, in the currency's minor unit. */
  unit_price: number;
  /** The order's currency (ISO 4217); an offer in another is the host's defect (a 502). */
  currency: string;
  /** Whether it can be chosen now (in stock). */
  available: boolean;
}

/** The `exchanges` option: what each returned line can be exchanged for. */
export interface ExchangeOptions {
  /**
   * The items `line` of `order` can be exchanged for: by default the same product's other
   * variants, or anything the shop allows. Asked for the returnable view, at create and update
   * (the price then is the one the exchange keeps), and again at approval. A throw is a 502
   * `orders-unavailable`; an answer that is not a list of offers, a 502 `order-source-invalid`.
   */
  offers(
    line: OrderLine,
    order: Order,
  ): readonly ExchangeOffer[] | Promise<readonly ExchangeOffer[]>;
  /**
   * What happens when the item asked for is unavailable (or no longer offered): `refuse` (a
   * 422 at create, a 409 at approval) or `store_credit` (the return becomes `STORE_CREDIT`).
   * Default `refuse`.
   */
  whenUnavailable?: "refuse" | "store_credit";
  /**
   * Instant exchanges (opt-in): the new items are released at approval, before the return
   * arrives, against a hold of the price paid that falls due after `holdDays` unless the return
   * has shipped by then. Absent: standard exchanges, released once the return is received.
   */
  instant?: { holdDays: number };
  /** How many days a `customer_pays` difference is awaited after approval. Default 7. */
  paymentDays?: number;
  /**
   * What the return becomes when the difference is not paid in time: `refund` or
   * `store_credit` (the default).
   */
  whenUnpaid?: "refund" | "store_credit";
}

/** The `exchanges` option with its defaults. */
export interface ExchangeSettings extends ExchangeReleaseSettings {
  offers: ExchangeOptions["offers"];
  whenUnavailable: "refuse" | "store_credit";
}

/** When an exchange is released and what an unpaid one becomes (`returns/exchange-release.ts`). */
export interface ExchangeReleaseSettings {
  /** Null: standard exchanges only. */
  instant: { holdDays: number } | null;
  paymentDays: number;
  whenUnpaid: "refund" | "store_credit";
}

/**
 * The reasons one line allows, as reason codes or body parts (a body part allows every fit
 * reason at it; a kind of reason the list names nothing of, fit or other, stays whole); null
 * for every reason of the catalogue.
 */
export type LineReasonRule = (
  line: OrderLine,
  order: Order,
) => readonly string[] | null | Promise<readonly string[] | null>;

/** The `orders.reasons` option: the reasons that fit a line's product. */
export interface ReasonRules {
  /**
   * Per `product_type` of a line (matched exactly), the reason codes or body parts it allows,
   * read as `LineReasonRule`'s answer; a type not listed allows every reason.
   */
  byProductType?: Readonly<Record<string, readonly string[]>>;
  /** The host's own narrowing; a line allows what both this and `byProductType` allow. */
  forLine?: LineReasonRule;
}

/** The `orders` option: where orders come from, and the rules a return is held to. */
export interface OrderRules {
  /** The host's orders; `inMemoryOrders([...])` for tests and demos. */
  source: OrderSource;
  /**
   * Days a line can be returned, counted from the order's `delivered_at`, else its
   * `placed_at`; a line's own `returnable_until` overrides it. Default 30.
   */
  returnWindowDays?: number;
  /**
   * The host's own rule, checked after window, quantity and final sale: `true`, or
   * `{ code, detail }` for a 422 `refused-by-policy` that carries them.
   */
  eligible?: EligibilityRule;
  /**
   * The reasons that fit each line's product, by `product_type` and/or a function of the line:
   * a reason outside them is a 422 `reason-not-allowed`, and the returnable view offers only
   * them. Unknown codes are refused when the service is created. Default: every reason.
   */
  reasons?: ReasonRules;
}

/** The order rules' settings: the `orders` option with its defaults. */
export interface OrderSettings {
  source: OrderSource;
  returnWindowDays: number;
  eligible: EligibilityRule | null;
  /** `reasons` with each product type's list read against the catalogue; null without it. */
  reasons: LineReasonSettings | null;
}

/** How the service narrows a line's reasons, once the options are checked. */
export interface LineReasonSettings {
  /** The codes each listed product type allows, in the catalogue's order. */
  byProductType: ReadonlyMap<string, readonly string[]>;
  forLine: LineReasonRule | null;
}

/** What the checks run with once the host gave `orders`. */
export interface OrderRulesContext {
  /** For the refund estimates of the returnable view. */
  refundPolicy: RefundPolicy;
  orders: OrderSettings;
  /** The catalogue reasons are narrowed from. */
  catalogue: ReasonCatalogue;
  /** The `exchanges` option; null: an exchange is like for like. */
  exchanges: ExchangeSettings | null;
  store: Pick<ReturnsStore, "returnedQuantities">;
  now: () => number;
}
