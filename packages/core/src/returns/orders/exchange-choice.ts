/**
 * @module returns/orders/exchange-choice — what a return of resolution `EXCHANGE` is exchanged
 * for: one of the line's offers (the `exchanges` option), priced by the shop when chosen, or
 * without `exchanges` the same item again at the price paid (like for like). Checked at create
 * and update, and again at approval (the offer may have gone out of stock meanwhile).
 */
import { problems } from "../../domain/problems";
import type { Exchange, ExchangeOfferData, ReturnData } from "../../domain/schemas";
import { unreleased } from "../exchange-release";
import { askOffers } from "./host-answers";
import type { Order, OrderLine } from "./order-schema";
import type { EligibilityQuery, ExchangeSettings } from "./types";

/** The exchange a request gets, or the store credit the shop falls back to. */
export type ExchangeChoice = { kind: "exchange"; exchange: Exchange } | { kind: "store_credit" };

/** Without `exchanges` (or without the shop's orders): the item again, at the price paid. */
export function likeForLike(
  request: Pick<EligibilityQuery, "line" | "exchange_for">,
  line: OrderLine | null,
): ExchangeChoice {
  const sku = request.exchange_for?.sku ?? request.line.sku;
  const same = line !== null && sku === line.sku;
  return {
    kind: "exchange",
    exchange: {
      kind: "like_for_like",
      lines: [
        {
          sku,
          title: same ? line.product.title : null,
          variant_title: same ? line.product.variant_title : null,
          image_url: same ? line.product.image_url : null,
          quantity: request.line.quantity,
          unit_price: line?.unit_price ?? null,
        },
      ],
      difference: null,
      bonus_credit: null,
      ...unreleased("standard"),
    },
  };
}

function exchangeFor(
  offer: ExchangeOfferData,
  quantity: number,
  mode: Exchange["mode"],
): ExchangeChoice {
  return {
    kind: "exchange",
    exchange: {
      kind: "offer",
      lines: [
        {
          sku: offer.sku,
          title: offer.title,
          variant_title: offer.variant_title,
          image_url: offer.image_url,
          quantity,
          unit_price: offer.unit_price,
        },
      ],
      difference: null,
      bonus_credit: null,
      ...unreleased(mode),
    },
  };
}

/** The skus a customer can choose now. */
function availableSkus(offers: readonly ExchangeOfferData[]): string[] {
  return offers.filter((offer) => offer.available).map((offer) => offer.sku);
}

/**
 * A create's or an update's exchange, checked against the line's offers: not offered is a 422
 * `exchange-not-offered`; offered but unavailable a 422 `exchange-unavailable`, or store credit
 * when the shop says so. Undefined when the request is no exchange.
 */
export async function chooseExchange(
  exchanges: ExchangeSettings | null,
  order: Order,
  line: OrderLine,
  request: EligibilityQuery,
): Promise<ExchangeChoice | undefined> {
  if (request.resolution !== "EXCHANGE") return undefined;
  if (!exchanges) return likeForLike(request, line);
  const wanted = request.exchange_for?.sku;
  if (wanted === undefined) {
    throw problems.invalidBody(
      "exchange_for is required when resolution is EXCHANGE (the shop offers exchanges)",
      [{ path: "exchange_for", message: "required: one of the line's exchange_offers, by sku" }],
    );
  }
  const offers = await askOffers(exchanges, line, order);
  const offer = offers.find((candidate) => candidate.sku === wanted);
  if (!offer) throw problems.exchangeNotOffered(order.id, line, wanted, availableSkus(offers));
  if (offer.available) {
    // Fixed when chosen, by the shop's policy then.
    return exchangeFor(offer, request.line.quantity, exchanges.instant ? "instant" : "standard");
  }
  if (exchanges.whenUnavailable === "store_credit") return { kind: "store_credit" };
  throw problems.exchangeUnavailable(order.id, line, wanted, availableSkus(offers));
}

/**
 * At approval: the item the return is exchanged for, asked again. Still offered and available:
 * undefined (the price chosen is kept). Gone: a 409, or store credit when the shop says so.
 */
export async function recheckExchange(
  exchanges: ExchangeSettings,
  order: Order,
  line: OrderLine,
  record: ReturnData,
): Promise<ExchangeChoice | undefined> {
  const wanted = record.exchange?.lines[0]?.sku;
  if (record.resolution !== "EXCHANGE" || record.exchange?.kind !== "offer" || !wanted) {
    return undefined;
  }
  const offers = await askOffers(exchanges, line, order);
  if (offers.some((offer) => offer.sku === wanted && offer.available)) return undefined;
  if (exchanges.whenUnavailable === "store_credit") return { kind: "store_credit" };
  throw problems.exchangeNoLongerAvailable(record.id, line, wanted);
}

/** The record with the choice applied: the exchange kept (its difference worked out later), or store credit. */
export function withExchangeChoice<T extends Pick<ReturnData, "resolution" | "exchange">>(
  record: T,
  choice: ExchangeChoice | undefined,
): T {
  if (!choice) return record;
  if (choice.kind === "store_credit")
    return { ...record, resolution: "STORE_CREDIT", exchange: null };
  return { ...record, exchange: choice.exchange };
}
