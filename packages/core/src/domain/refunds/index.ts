/**
 * @module refunds — the refund of a return, worked out from the order line's price, what
 * grading accepted and the shop's declarative `RefundPolicy`. Pure functions: no store, no
 * clock, nothing else of core.
 *
 * ## Money
 * Every amount is an integer count of the minor unit of the order's ISO 4217 currency:
 * cents for EUR (exponent 2: €12.50 is 1250), yen for JPY (exponent 0: ¥1250 is 1250), fils
 * for KWD (exponent 3: 1.250 KWD is 1250). dinero.js 2 (bigint calculator) does the
 * arithmetic exactly and supplies the table of currencies; `toDecimalAmount` renders an
 * amount in the major unit. All amounts of a request are in its one currency.
 *
 * The exponent is ISO 4217's minor-unit digits, in base 10 for every currency (`currencyCodes`
 * lists them): MGA and MRU count 2 digits, though dinero.js counts them in fifths. Intl's
 * digits differ for some (HUF, IDR and MGA 0 there, IQD 0 where ISO says 3), so a refund carries
 * its `currency_exponent`, and a client renders `amount / 10^currency_exponent`.
 *
 * ## One return (`computeRefund`)
 * With `accepted = accepted_quantity ?? quantity` (units grading did not accept refund nothing):
 *
 *     item_amount         = unit_price × accepted − deduction
 *     deduction           = ⌊unit_price × accepted × condition_deductions[condition] %⌉↓
 *     restocking_fee      = ⌊item_amount × restocking_fee.percent %⌉↓   (0 when waived)
 *     return_shipping_fee = min(share, item_amount − restocking_fee)   (0 when waived)
 *     net                 = item_amount − restocking_fee − return_shipping_fee
 *     total               = net + ⌊net × store_credit_bonus_percent %⌉↑  (bonus only for STORE_CREDIT)
 *
 * So `total = item_amount − restocking_fee − return_shipping_fee + bonus`, where the bonus is
 * 0 unless the resolution is `STORE_CREDIT`; the fees never exceed `item_amount` and `total` is
 * never negative. The condition deduction is not a separate member: it is taken off
 * `item_amount`, the value of the goods as they came back, and the restocking fee is a percent
 * of that. An `EXCHANGE` is settled in goods: every amount is 0 and `method` is `exchange`
 * (otherwise `original_payment` for `REFUND`, `store_credit` for `STORE_CREDIT`).
 * `status` is passed through: `estimate` before grading, `final` after.
 *
 * ## Rounding
 * A percent (0–100, to hundredths: 12.5 is fine) of an integer amount is rounded once, to the
 * nearest minor unit, and an exact half goes the customer's way: ⌊…⌉↓ rounds a charge (the
 * deduction, the restocking fee) half down, ⌊…⌉↑ rounds the bonus half up. 12.5 % of €10.04
 * is 125.5 cents: a fee of 125, a bonus of 126. In JPY the unit rounded to is the yen, in KWD
 * the fils.
 *
 * ## A request (`refundForRequest`, `shareRequestFee`)
 * The return shipping fee (`return_shipping_fee.amount[currency]`) is charged once per request
 * — the returns sent together; a return alone is a request of one. It is split among the
 * returns that bear it (not waived by reason, not an exchange) in proportion to what each can
 * carry (`item_amount − restocking_fee`; equally if all are 0), by largest remainder, so the
 * shares add up to the fee exactly. When every return is waived, no fee is charged. The
 * request's `totals` sum each amount over its returns; its shipping fee total is
 * min(fee, Σ what the returns can carry).
 *
 * @example
 * const policy = {
 *   restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED"] },
 *   return_shipping_fee: { amount: { EUR: 495 } },
 * };
 * refundForRequest({ currency: "EUR", status: "estimate", returns: [
 *   { unit_price: 4000, quantity: 1, reason: "TOO_SMALL", resolution: "REFUND" },
 *   { unit_price: 2000, quantity: 1, reason: "DAMAGED", resolution: "REFUND" },
 * ] }, policy).totals;
 * // → { item_amount: 6000, restocking_fee: 400, return_shipping_fee: 495, total: 5105 }
 */
export {
  computeRefund,
  MAX_LINE_AMOUNT,
  type Refund,
  type RefundInput,
  RefundSchema,
  type RefundStatus,
} from "./compute";
export {
  differenceOf,
  type ExchangeDifference,
  ExchangeDifferenceSchema,
  exchangeDifference,
  netDifference,
} from "./exchange";
export {
  CurrencyExponentSchema,
  currencyCodes,
  currencyExponent,
  currencyExponentOrNull,
  isCurrencyCode,
  percentOf,
  toDecimalAmount,
} from "./money";
export {
  parseRefundPolicy,
  REFUND_RESOLUTIONS,
  type RefundPolicy,
  type RefundPolicyInput,
  RefundPolicySchema,
  type RefundResolution,
  requestShippingFee,
} from "./policy";
export { refundForRequest } from "./request";
export { type FeeBearer, shareRequestFee } from "./share";
