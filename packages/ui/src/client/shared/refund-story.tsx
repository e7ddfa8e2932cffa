/**
 * @module client/shared/refund-story — what happened to a return's money, in the customer's
 * words: each payout the shop recorded ("€29.00 refunded to your card on 28 Nov") and, when
 * grading accepted fewer units than were sent or took something off for their condition, why.
 */
import type { Payout, Return } from "../api-schemas";
import type { CountedKey, I18n } from "../i18n";
import type { MessageKey } from "../messages/en";

/** "€29.00 refunded to your card on 28 Nov", or "… issued as store credit on …". */
export function payoutSentence(payout: Payout, i18n: I18n): string {
  return i18n.t(`payout.${payout.method}`, {
    amount: i18n.money(payout.amount, payout),
    date: i18n.dayMonth(payout.issued_at),
  });
}

/** Conditions whose refused units get their own words; any other is "not in a condition…". */
const OWN_WORDS = new Set(["WRONG_ITEM", "MISSING"]);

/** Why grading kept units back, or took money off, in one sentence each (none when neither). */
export function gradeExplanation(record: Return, i18n: I18n): string[] {
  const { grade, line } = record;
  if (!grade) return [];
  const sentences: string[] = [];
  const accepted = grade.accepted_quantity;
  const refused = line.quantity - accepted;
  if (refused > 0) {
    const condition =
      grade.condition && OWN_WORDS.has(grade.condition) ? grade.condition : "condition";
    const why = i18n.count(`grade.why.${condition}` as CountedKey, refused);
    const params = { accepted, quantity: line.quantity, refused, why };
    sentences.push(
      accepted === 0
        ? i18n.count("grade.acceptedNone", line.quantity, params)
        : i18n.count("grade.acceptedSome", refused, params),
    );
  }
  const deducted = deduction(record);
  if (deducted > 0 && record.refund && grade.condition) {
    sentences.push(
      i18n.count("grade.deducted", accepted, {
        condition: i18n.t(`grade.condition.${grade.condition}` as MessageKey),
        amount: i18n.money(deducted, record.refund),
      }),
    );
  }
  return sentences;
}

/** What the condition took off the accepted units' price (0 for an exchange or no price). */
function deduction(record: Return): number {
  const price = record.order_line?.unit_price;
  const { refund, grade } = record;
  if (price == null || !refund || !grade || refund.method === "exchange") return 0;
  return price * grade.accepted_quantity - refund.item_amount;
}

/** The sentences of `record`'s grade, as a paragraph each (the customer page and back office). */
export function GradeExplanation({ record, i18n }: { record: Return; i18n: I18n }) {
  const sentences = gradeExplanation(record, i18n);
  if (sentences.length === 0) return null;
  return (
    <>
      {sentences.map((sentence) => (
        <p class="rk-grade-note" key={sentence}>
          {sentence}
        </p>
      ))}
    </>
  );
}
