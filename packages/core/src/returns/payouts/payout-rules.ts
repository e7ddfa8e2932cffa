/**
 * @module returns/payouts/payout-rules — when a payout may be recorded on a return, and what
 * recording one changes. Pure: the operation (`./record-refund`) runs it on the latest version
 * inside `recordOnReturn`, the links ask it whether to offer the form.
 *
 * - A payout is recorded once the refund is final (graded), and only for money: an exchange
 *   pays back only the difference the shop refunds (its `refund.total`; none when it is settled
 *   in goods or the customer pays), a final refund of 0 (rejected, cancelled, nothing accepted)
 *   pays nothing.
 * - Several partial payouts are fine (as payment systems allow partial refunds); together they
 *   never exceed `refund.total`. `refunded_amount` is their sum.
 * - One reference is one payout: the same reference with the same amount again records
 *   nothing (a retried webhook handler does not pay twice); with another amount it is a 409.
 * - A store-credit refund records its payouts alike, with `method: "store_credit"`.
 */
import { newPrefixedId } from "../../domain/ids";
import type { Actor } from "../../domain/principal";
import { problems, type UnpayableRefund } from "../../domain/problems";
import {
  PAYOUTS_MAX,
  type Payout,
  type RecordRefundInput,
  type ReturnData,
} from "../../domain/schemas";
import type { ReturnRecording } from "../record-events";

type PayoutRecord = Pick<ReturnData, "refund" | "payouts" | "refunded_amount">;

/** Why `record`'s refund cannot take a payout, or null when it can (up to its total). */
function unpayableBecause(record: PayoutRecord): UnpayableRefund | null {
  const { refund } = record;
  if (!refund) return "no-refund";
  if (refund.status !== "final") return "not-final";
  if (refund.method === "exchange" && refund.total === 0) return "exchange";
  if (refund.total === 0) return "nothing-to-pay";
  return null;
}

/** What a payout may be now: the final refund less what was recorded; 0 when none may be. */
export function refundableAmount(record: PayoutRecord): number {
  if (unpayableBecause(record) !== null || !record.refund) return 0;
  if (record.payouts.length >= PAYOUTS_MAX) return 0;
  return Math.max(0, record.refund.total - record.refunded_amount);
}

/**
 * `current` with the payout `input` recorded at `at` by `actor`, and its `return.refunded`
 * event; null when the reference is recorded already with the same amount; else the problem.
 */
export function recordPayout(
  current: ReturnData,
  input: RecordRefundInput,
  actor: Actor,
  at: string,
): ReturnRecording | null {
  const same = current.payouts.find((payout) => payout.reference === input.reference);
  if (same) {
    if (same.amount === input.amount) return null;
    throw problems.payoutReferenceConflict(current.id, same);
  }
  const why = unpayableBecause(current);
  if (why !== null || !current.refund) {
    throw problems.refundNotPayable(current.id, current.state, why ?? "no-refund");
  }
  const { refund } = current;
  if (input.currency !== undefined && input.currency !== refund.currency) {
    throw problems.refundCurrencyMismatch(current.id, input.currency, refund.currency);
  }
  if (input.amount > refund.total - current.refunded_amount) {
    throw problems.refundExceedsTotal({
      return_id: current.id,
      amount: input.amount,
      currency: refund.currency,
      refund_total: refund.total,
      refunded_amount: current.refunded_amount,
    });
  }
  if (current.payouts.length >= PAYOUTS_MAX) {
    throw problems.payoutLimitReached(current.id, PAYOUTS_MAX);
  }
  const payout: Payout = {
    id: newPrefixedId("pay"),
    amount: input.amount,
    currency: refund.currency,
    currency_exponent: refund.currency_exponent,
    method: refund.method === "store_credit" ? "store_credit" : "original_payment",
    reference: input.reference,
    issued_at: input.issued_at === undefined ? at : new Date(input.issued_at).toISOString(),
    recorded_at: at,
    actor,
  };
  const refunded_amount = current.refunded_amount + payout.amount;
  return {
    record: { ...current, payouts: [...current.payouts, payout], refunded_amount },
    events: [{ type: "return.refunded", data: { payout, refunded_amount } }],
  };
}
