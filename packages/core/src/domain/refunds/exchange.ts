/**
 * @module domain/refunds/exchange — what an exchange settles in money: the new items' price
 * against the value of the returned units, less the shop's exchange bonus, as one signed
 * difference per return and one net difference per request.
 */
import { z } from "zod";
import { percentOf } from "./money";
import type { RefundCondition, RefundPolicy } from "./policy";

/** Who pays the difference: the customer (the new items cost more) or the shop (they cost less). */
const DIFFERENCE_DIRECTIONS = ["customer_pays", "shop_refunds"] as const;

export const ExchangeDifferenceSchema = z
  .object({
    amount: z.int().min(0).describe("In the order currency's minor unit; 0 when nothing moves."),
    direction: z
      .enum(DIFFERENCE_DIRECTIONS)
      .describe(
        "`customer_pays`: the new items cost more than the returned units are worth; `shop_refunds`: less (or the same, with an amount of 0).",
      ),
  })
  .meta({ id: "ExchangeDifference" });
export type ExchangeDifference = z.infer<typeof ExchangeDifferenceSchema>;

/** One exchange: the returned units' price and the new item's, in one currency. */
interface ExchangeTerms {
  /** What the customer paid for one returned unit. */
  paid_unit_price: number;
  /** The new item's price per unit when it was chosen. */
  new_unit_price: number;
  /** Units returned, and as many new ones. */
  quantity: number;
  currency: string;
  /** Units grading accepted; the quantity when absent. */
  accepted_quantity?: number | undefined;
  /** The graded condition, once graded. */
  condition?: RefundCondition | null | undefined;
}

interface SettledExchange {
  difference: ExchangeDifference;
  /** What the exchange bonus took off the customer's payment; null when the policy gives none. */
  bonus_credit: number | null;
}

/** A difference as a signed amount: > 0 the customer pays, < 0 the shop refunds. */
export function signedDifference(difference: ExchangeDifference): number {
  if (difference.amount === 0) return 0;
  return difference.direction === "customer_pays" ? difference.amount : -difference.amount;
}

/** A signed amount as a difference (0 is a refund of nothing). */
export function differenceOf(signed: number): ExchangeDifference {
  return signed > 0
    ? { amount: signed, direction: "customer_pays" }
    : { amount: signed === 0 ? 0 : -signed, direction: "shop_refunds" };
}

/** The differences of a request's exchanges netted: one payment or one refund. */
export function netDifference(differences: readonly ExchangeDifference[]): ExchangeDifference {
  return differenceOf(differences.reduce((sum, each) => sum + signedDifference(each), 0));
}

/** The value of the returned units: the accepted units' price less the condition deduction. */
function returnedValue(terms: ExchangeTerms, policy: RefundPolicy): number {
  const accepted = terms.paid_unit_price * (terms.accepted_quantity ?? terms.quantity);
  const percent = terms.condition ? (policy.condition_deductions[terms.condition] ?? 0) : 0;
  return accepted - percentOf(accepted, percent, terms.currency, "charge");
}

/** The policy's exchange bonus on `value`, rounded half up; null when it gives none. */
function exchangeBonus(value: number, currency: string, policy: RefundPolicy): number | null {
  const bonus = policy.exchange_bonus;
  if (!bonus) return null;
  if ("flat" in bonus) return bonus.flat[currency] ?? 0;
  return percentOf(value, bonus.percent, currency, "credit");
}

/**
 * The difference one exchange settles:
 *
 *     returned = paid_unit_price × accepted − condition deduction   (as a refund's item_amount)
 *     owed     = new_unit_price × quantity − returned
 *     bonus    = flat[currency], or ⌊returned × percent %⌉↑
 *     signed   = owed > 0 ? max(0, owed − bonus) : owed
 *
 * The bonus is value toward the new items: it lowers what the customer pays, at most to 0, and
 * is never paid out in money (`bonus_credit` is the part used). No fee is charged on an
 * exchange.
 */
export function exchangeDifference(terms: ExchangeTerms, policy: RefundPolicy): SettledExchange {
  const returned = returnedValue(terms, policy);
  const owed = terms.new_unit_price * terms.quantity - returned;
  const bonus = exchangeBonus(returned, terms.currency, policy);
  if (bonus === null) return { difference: differenceOf(owed), bonus_credit: null };
  const used = owed > 0 ? Math.min(bonus, owed) : 0;
  return { difference: differenceOf(owed - used), bonus_credit: used };
}
