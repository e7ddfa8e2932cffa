/**
 * @module events — the typed bodies returnkit sends.
 *
 * Declared here rather than imported from `@returnkit/core`, so a receiver installs this
 * package alone and its published types stay readable. `events.test.ts` proves, at the type
 * level, that each declaration equals core's.
 */

export type ReturnState =
  | "draft"
  | "submitted"
  | "approved"
  | "in_transit"
  | "received"
  | "graded"
  | "closed"
  | "rejected"
  | "flagged"
  | "cancelled";

/** What moved a return: `create`, a portal event or a merchant event. */
export type ReturnTransitionEvent =
  | "create"
  | "update"
  | "submit"
  | "cancel"
  | "approve"
  | "reject"
  | "flag"
  | "unflag"
  | "ship"
  | "receive"
  | "grade"
  | "close"
  /** A history entry only (no event is sent for it): the customer's personal data erased. */
  | "erase";

export type Resolution = "REFUND" | "STORE_CREDIT" | "EXCHANGE";
export type RejectReasonCode = "FINAL_SALE" | "RETURN_WINDOW_EXPIRED" | "NOT_ELIGIBLE" | "OTHER";
export type GradeCondition =
  | "NEW"
  | "LIKE_NEW"
  | "USED"
  | "DAMAGED"
  | "UNSELLABLE"
  | "WRONG_ITEM"
  | "MISSING";
export type GradeDisposition =
  | "RESTOCK"
  | "REFURBISH"
  | "RESELL_DISCOUNTED"
  | "DONATE"
  | "RECYCLE"
  | "DISPOSE";

/**
 * The actor kinds returnkit writes or has reserved: `portal` (the customer), `merchant` (staff),
 * `policy` (the shop's auto-approval rule); `carrier`, `privacy` and `system` are reserved for
 * carriers' tracking scans, erasures and the service's timed work.
 */
export type KnownActorKind = "portal" | "merchant" | "policy" | "carrier" | "privacy" | "system";

/**
 * Who took a step of a return's history. `kind` is an open set: a later release may add a
 * kind in a minor version, so accept a kind you do not know (show or store it as it is)
 * rather than failing on it; `KnownActorKind` lists the ones a `switch` can name today.
 */
export interface Actor {
  kind: string;
  id: string;
  /** Whom the actor acted for, when not on its own account (e.g. the staff member who asked for an erasure). */
  on_behalf_of?: { kind: string; id: string };
}

export interface HistoryEntry {
  seq: number;
  event: ReturnTransitionEvent;
  from: ReturnState | null;
  to: ReturnState;
  /** ISO 8601 date-time. */
  at: string;
  actor: Actor;
  note?: string;
  reason_code?: RejectReasonCode;
}

/** What the customer recognises of an order line's product, as the shop's order data gave it. */
export interface Product {
  /** The product's name, e.g. `Organic cotton tee`. */
  title: string | null;
  /** The variant bought, e.g. `Black / M`. */
  variant_title: string | null;
  /** The variant's option values, e.g. `[{ name: "Colour", value: "Black" }]`. */
  options: Array<{ name: string; value: string }>;
  /** A picture of the variant (the shop's URL). */
  image_url: string | null;
  /** The product's page in the shop. */
  product_url: string | null;
  /** The shop's product type, e.g. `T-shirt`. */
  product_type: string | null;
  tags: string[];
}

/** An order line as the shop's order system gave it when a return was checked against it. */
export interface ReturnOrderLine {
  /** The order number the customer and staff know, e.g. `#1001`. */
  order_number: string | null;
  /** What the customer saw when the return was checked. */
  product: Product;
  /** Who placed the order, when the shop says (personal data). */
  customer: { name: string | null; email: string | null } | null;
  /** Units bought on the line. */
  purchased: number;
  /** Price of one unit in the currency's minor unit (cents). */
  unit_price: number | null;
  /** ISO 4217 code of the order's prices. */
  currency: string | null;
  /**
   * Digits of the currency's minor unit (ISO 4217): `unit_price / 10 ** currency_exponent` is
   * the price. Null when the order names no ISO 4217 currency.
   */
  currency_exponent: number | null;
  placed_at: string;
  delivered_at: string | null;
  /** The end of the line's return window. */
  returnable_until: string;
  /** Where the order was delivered, when the shop says: a return label is bought from it. */
  shipping_address: ShippingAddress | null;
}

/** An address as a carrier takes it. */
export interface ShippingAddress {
  name: string;
  company?: string;
  street1: string;
  street2?: string;
  city: string;
  state?: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone?: string;
  email?: string;
}

export type TrackingStatus =
  | "label_created"
  | "in_transit"
  | "out_for_delivery"
  | "delivered"
  | "exception"
  | "returned_to_sender";

/** The return label of a return's parcel: every return of one request carries the same. */
export interface Label {
  /**
   * `pending` (being bought), `created` (bought), `needs_staff` and `failed` (see `reason`),
   * `voided`, `void_pending`, `void_refused` (after a cancel or reject).
   */
  status:
    | "pending"
    | "created"
    | "needs_staff"
    | "failed"
    | "voided"
    | "void_pending"
    | "void_refused";
  /** The carrier adapter's name (`easypost`). */
  carrier: string;
  service: string | null;
  /** The carrier's shipment: one per parcel (de-duplicate label costs by it). */
  shipment_id: string | null;
  rate_id: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  label_url: string | null;
  qr_code_url: string | null;
  /** What the carrier charged the shop for the parcel, in the currency's minor unit. */
  cost: { amount: number; currency: string } | null;
  /** The policy's return-shipping fee this return bears, in the refund's minor unit. */
  fee_charged: number | null;
  reason: string | null;
  attempts: number;
  /** ISO 8601: when the label was bought. */
  created_at: string | null;
  /**
   * After staff reissued the label: the bought label this one replaces (scans of its tracking
   * number no longer move the return), and whether the carrier voided it yet.
   */
  replaces?: {
    carrier: string;
    shipment_id: string;
    tracking_number: string | null;
    void_status: "pending" | "voided" | "void_pending" | "void_refused";
    attempts: number;
  } | null;
}

/** One carrier scan of the parcel. */
export interface TrackingScan {
  /** The carrier's id of the scan: a replay of it is ignored. */
  provider_event_id: string;
  status: TrackingStatus;
  /** ISO 8601: the carrier's scan time. */
  occurred_at: string;
  description: string | null;
  location: string | null;
}

/** What the carrier's scans of the parcel said: the latest scans, in scan-time order. */
export interface Tracking {
  status: TrackingStatus;
  last_event_at: string;
  events: TrackingScan[];
}

/**
 * What a return refunds, in integer minor units of the order's currency (cents for EUR, yen
 * for JPY, fils for KWD): `total = item_amount − restocking_fee − return_shipping_fee`, plus
 * the store-credit bonus when `method` is `store_credit`. An `estimate` until the return is
 * graded, `final` from then on (and a final 0 for a rejected or cancelled return).
 */
export interface Refund {
  /** ISO 4217 code of every amount. */
  currency: string;
  /**
   * Digits of the currency's minor unit (ISO 4217: 2 for EUR and HUF, 0 for JPY, 3 for KWD):
   * `total / 10 ** currency_exponent` is the total in the currency's unit.
   */
  currency_exponent: number;
  /**
   * The accepted units' price less the condition deduction; for an exchange, what the shop
   * refunds of its difference (0 when the customer pays it).
   */
  item_amount: number;
  restocking_fee: number;
  /** This return's share of its request's fee. */
  return_shipping_fee: number;
  /** item_amount − restocking_fee − return_shipping_fee, plus the store-credit bonus. */
  total: number;
  method: "original_payment" | "store_credit" | "exchange";
  status: "estimate" | "final";
}

/** One payout of a return's refund, as the host recorded it (`POST …/returns/{id}/refunds`). */
export interface Payout {
  /** `pay_` + ULID. */
  id: string;
  /** Paid back, in the minor unit of `currency`. */
  amount: number;
  /** ISO 4217 code: the refund's currency. */
  currency: string;
  currency_exponent: number;
  /** How it was paid back: to the original payment (the card), or as store credit. */
  method: "original_payment" | "store_credit";
  /** The host's reference of the payout in its payment system. */
  reference: string;
  /** ISO 8601: when the host issued it. */
  issued_at: string;
  /** ISO 8601: when it was recorded. */
  recorded_at: string;
  actor: Actor;
}

/** Who pays an exchange's difference, in integer minor units of the order's currency. */
export interface ExchangeDifference {
  amount: number;
  /** `shop_refunds`: the amount is the return's `refund.total`; `customer_pays`: it is 0. */
  direction: "customer_pays" | "shop_refunds";
}

/** One item the customer gets in exchange. */
export interface ExchangeLine {
  sku: string;
  title: string | null;
  variant_title: string | null;
  image_url: string | null;
  quantity: number;
  /** The new item's price per unit when chosen; null when the order line has no price. */
  unit_price: number | null;
}

/** What a return of resolution `EXCHANGE` gives the customer, and the money it settles. */
export interface Exchange {
  /** `offer`: an item the shop offered, priced by it; `like_for_like`: the same item again, difference 0. */
  kind: "offer" | "like_for_like";
  lines: ExchangeLine[];
  /** Null when the order line has no price. */
  difference: ExchangeDifference | null;
  /** What the shop's exchange bonus took off the customer's payment; null when it gives none. */
  bonus_credit: number | null;
  /** `standard`: the new items go out once the return is received; `instant`: at approval. */
  mode: "standard" | "instant";
  /**
   * `pending` (not released yet), `awaiting_payment` (the customer's payment of the difference is
   * awaited until `payment_due_at`), `released` (send the new items), `fallen_back` (unpaid in
   * time: the return became a refund or store credit), `withdrawn` (rejected or cancelled first).
   */
  status: "pending" | "awaiting_payment" | "released" | "fallen_back" | "withdrawn";
  /** The customer's payment of a `customer_pays` difference; null until recorded. */
  payment: ExchangePayment | null;
  /** ISO 8601: until when the payment is awaited; null when nothing is awaited. */
  payment_due_at: string | null;
  /** ISO 8601: when the exchange was released. */
  released_at: string | null;
  /** The host's order that sends the new items; null until recorded. */
  order_id: string | null;
  /** An instant exchange's hold on the price paid; null for a standard one. */
  hold: ExchangeHold | null;
}

/** The customer's payment of an exchange's difference, as the host recorded it. */
export interface ExchangePayment {
  /** In the minor unit of `currency`: the `customer_pays` difference. */
  amount: number;
  currency: string;
  /** The host's reference of the payment in its payment system. */
  reference: string;
  /** ISO 8601: when the customer paid. */
  paid_at: string;
  /** ISO 8601: when it was recorded. */
  recorded_at: string;
  actor: Actor;
}

/** What an instant exchange holds on the customer's payment method until the return arrives. */
export interface ExchangeHold {
  /** The price paid for the returned units, in the minor unit of `currency`. */
  amount: number;
  currency: string;
  /** ISO 8601: when it falls due unless the return has shipped. */
  due_at: string;
  /** `held`; `due`: capture it; `released`: release it (the return arrived). */
  status: "held" | "due" | "released";
}

/** A return as webhooks carry it: the state after the commit that published the event. */
export interface ReturnData {
  id: string;
  object: "return";
  order_id: string;
  line: { sku: string; quantity: number; size: string | null };
  /**
   * The order line the return was checked against (at create, update and submit); null when
   * the service is not connected to the shop's orders.
   */
  order_line: ReturnOrderLine | null;
  /** What the return refunds; null when the order line has no price. */
  refund: Refund | null;
  /** The payouts recorded, in the order recorded; empty until the host records one. */
  payouts: Payout[];
  /** The payouts' amounts added up (never more than `refund.total`). */
  refunded_amount: number;
  reason: string;
  resolution: Resolution;
  /**
   * What the customer gets in exchange, and the difference it settles; null unless `EXCHANGE`
   * (or an exchange that fell back, `exchange.status: fallen_back`).
   */
  exchange: Exchange | null;
  state: ReturnState;
  flagged_from: ReturnState | null;
  grade: {
    condition: GradeCondition | null;
    disposition: GradeDisposition | null;
    /** Units grading accepted (at most `line.quantity`); the others refund nothing. */
    accepted_quantity: number;
  } | null;
  shipment: { carrier: string | null; tracking_number: string | null } | null;
  /** The return label bought for its parcel; null when none is bought. */
  label: Label | null;
  /** What the carrier's scans of its parcel said; null before the first scan. */
  tracking: Tracking | null;
  customer_id: string;
  /** The return request it was created in with other lines of the order; null when on its own. */
  request_id: string | null;
  /** How the customer sends it back: one of the shop's methods (by mail unless it says). */
  return_method: "by_mail" | "drop_off" | "in_store";
  /** Its return request's RMA number (`RMA-7KQ3-X9TD`); null for a return on its own. */
  rma: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  history: HistoryEntry[];
}

/** The transition an event reports: its history entry without the free-text note. */
export type WebhookTransition = Pick<
  HistoryEntry,
  "seq" | "event" | "from" | "to" | "at" | "actor"
>;

export type FitSignalStage = "received" | "graded" | "closed";

/** Sizing feedback from a fit reason. A later stage supersedes an earlier one for the same `return_id`. */
export interface FitSignal {
  id: string;
  return_id: string;
  order_id: string;
  sku: string;
  size_ordered: string | null;
  /** The sku asked for in exchange, or null for no exchange. */
  exchange_sku: string | null;
  quantity: number;
  reason: string;
  /** e.g. `TOO_SMALL`. */
  direction: string;
  /** e.g. `CHEST`; null for a bare direction. */
  body_part: string | null;
  /** The state just reached. */
  stage: FitSignalStage;
  /** True once the item was inspected (graded, closed). */
  confirmed: boolean;
  condition: GradeCondition | null;
  at: string;
}

export type WebhookEventType =
  | "return.created"
  | "return.submitted"
  | "return.approved"
  | "return.rejected"
  | "return.flagged"
  | "return.unflagged"
  | "return.in_transit"
  | "return.received"
  | "return.graded"
  | "return.closed"
  | "return.cancelled"
  | "return.fit_signal"
  | "return.refunded"
  | ExchangeEventType
  // The parcel: its label bought, a carrier's scan recorded.
  | "return.label_created"
  | "return.tracking_updated"
  // A customer's.
  | "customer.erased";

/** The exchange's events: recorded without a transition, like the payout. */
export type ExchangeEventType =
  | "return.exchange_released"
  | "return.exchange_paid"
  | "return.exchange_fallen_back"
  | "return.exchange_order_recorded"
  | "return.exchange_hold_due"
  | "return.exchange_hold_released";

/** One type per state a return can move into (every type but the fit signal, the payout and the exchange's). */
export type ReturnStateEventType = Exclude<
  WebhookEventType,
  | "return.fit_signal"
  | "return.refunded"
  | ExchangeEventType
  | "return.label_created"
  | "return.tracking_updated"
  | "customer.erased"
>;

/** A return changed state. */
export type ReturnStateEvent = {
  [T in ReturnStateEventType]: {
    type: T;
    /** ISO 8601: when the transition happened (not when this attempt was sent). */
    timestamp: string;
    data: { return: ReturnData; transition: WebhookTransition };
  };
}[ReturnStateEventType];

/** A return with a fit reason reached received, graded or closed. */
export type ReturnFitSignalEvent = {
  type: "return.fit_signal";
  timestamp: string;
  data: { signal: FitSignal; return: ReturnData; transition: WebhookTransition };
};

/**
 * The host recorded a payout of the return's final refund: to the card (`payout.method`
 * `original_payment`) or as store credit (`store_credit`). Records no transition, so it has no
 * `transition`; it is delivered in order with the return's other events. `refunded_amount` is
 * every payout so far added up (several partial payouts may follow each other).
 */
export type ReturnRefundedEvent = {
  type: "return.refunded";
  /** ISO 8601: when the payout was recorded. */
  timestamp: string;
  data: { payout: Payout; refunded_amount: number; return: ReturnData };
};

/** An event about a return's exchange: no `transition`, delivered in order with the return's. */
interface ExchangeEvent<T extends ExchangeEventType, D> {
  type: T;
  /** ISO 8601: when it was recorded. */
  timestamp: string;
  data: D & { return: ReturnData };
}

/**
 * The exchange may go out: send `lines` (a standard exchange once the return is received and
 * any difference paid; an instant one at approval). An instant exchange's `hold` is the amount
 * to hold on the customer's payment method until `hold.due_at`.
 */
export type ReturnExchangeReleasedEvent = ExchangeEvent<
  "return.exchange_released",
  { lines: ExchangeLine[]; difference: ExchangeDifference | null; hold: ExchangeHold | null }
>;
/** The customer's payment of the difference was recorded. */
export type ReturnExchangePaidEvent = ExchangeEvent<
  "return.exchange_paid",
  { payment: ExchangePayment }
>;
/** The payment did not come in time: the return is now `resolution` (a refund or store credit). */
export type ReturnExchangeFallenBackEvent = ExchangeEvent<
  "return.exchange_fallen_back",
  { resolution: "REFUND" | "STORE_CREDIT" }
>;
/** The host's order that sends the new items was recorded. */
export type ReturnExchangeOrderRecordedEvent = ExchangeEvent<
  "return.exchange_order_recorded",
  { order_id: string }
>;
/** An instant exchange's hold fell due (not shipped in time, or cancelled/rejected): capture it. */
export type ReturnExchangeHoldDueEvent = ExchangeEvent<
  "return.exchange_hold_due",
  { hold: ExchangeHold }
>;
/** An instant exchange's return arrived: release the hold. */
export type ReturnExchangeHoldReleasedEvent = ExchangeEvent<
  "return.exchange_hold_released",
  { hold: ExchangeHold }
>;

/** Any event about a return's exchange. */
export type ReturnExchangeEvent =
  | ReturnExchangeReleasedEvent
  | ReturnExchangePaidEvent
  | ReturnExchangeFallenBackEvent
  | ReturnExchangeOrderRecordedEvent
  | ReturnExchangeHoldDueEvent
  | ReturnExchangeHoldReleasedEvent;

/**
 * The return label of the return's parcel was bought: sent on each return of the parcel, each
 * with the same `label` (`cost` is the parcel's: count it once per `shipment_id`). Records no
 * transition; delivered in order with the return's other events.
 */
export type ReturnLabelCreatedEvent = {
  type: "return.label_created";
  /** ISO 8601: when the label was recorded. */
  timestamp: string;
  data: { label: Label; return: ReturnData };
};

/**
 * A carrier's scan of the parcel was recorded on the return (a replayed scan is not sent
 * again). A scan that ships or receives the return also sends `return.in_transit` or
 * `return.received` first, with actor kind `carrier`.
 */
export type ReturnTrackingUpdatedEvent = {
  type: "return.tracking_updated";
  timestamp: string;
  data: { scan: TrackingScan; tracking: Tracking; return: ReturnData };
};

/**
 * A customer's personal data was erased (GDPR art. 17): every return of theirs (or of one
 * order, `scope: "order"`) now names them by `customer_id`, a random pseudonym with no mapping
 * kept, and holds tombstones where personal fields were. Erase your copies of those returns'
 * personal fields (`return_ids`). Sent once the erasure job is done; a job resumed after a
 * crash may send it again for the same returns.
 */
export type CustomerErasedEvent = {
  type: "customer.erased";
  /** ISO 8601: when the erasure finished. */
  timestamp: string;
  data: {
    /** The pseudonym: never the erased id. */
    customer_id: string;
    /** A customer's returns, an order's, or one return past the shop's retention. */
    scope: "customer" | "order" | "return";
    /** Why, as the staff member who asked wrote it (or the retention rule). */
    reason: string;
    /** The returns erased by this job, and how many. */
    return_ids: string[];
    returns_erased: number;
  };
};

/**
 * Sent when an operator tests the endpoint (`POST …/webhooks/endpoints/{id}/test`): signed like
 * every delivery, but about no return (nothing happened), never stored and never retried. It is
 * no subscription type, so an endpoint's `types` cannot filter it out.
 */
export interface WebhookTestEvent {
  type: "webhook.test";
  /** ISO 8601: when the test was sent. */
  timestamp: string;
  data: {
    /** The endpoint tested. */
    endpoint_id: string;
    /** A sentence saying this is a test. */
    message: string;
  };
}

/**
 * Any body a returnkit service sends, discriminated on `type`: every return event and the
 * endpoint test. Switch over all of them; new types may be added in a minor release, so answer
 * 2xx to a type you do not know (an exhaustive switch's `default`) rather than failing on it.
 */
export type ReturnkitWebhookEvent =
  | ReturnStateEvent
  | ReturnFitSignalEvent
  | ReturnRefundedEvent
  | ReturnExchangeEvent
  | ReturnLabelCreatedEvent
  | ReturnTrackingUpdatedEvent
  | CustomerErasedEvent
  | WebhookTestEvent;

/** The event of one type, e.g. `WebhookEventOf<"return.approved">`. */
export type WebhookEventOf<T extends ReturnkitWebhookEvent["type"]> = Extract<
  ReturnkitWebhookEvent,
  { type: T }
>;
