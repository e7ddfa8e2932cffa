/**
 * @module client/codes — the API's codes in the reader's words: states, resolutions, rejection
 * codes, grading conditions and dispositions, history events, delivery statuses. A code the
 * catalogue has no words for (a host's own, a later release's) is humanised ("MISSING_TAGS" →
 * "Missing tags"), so a page never shows a raw code.
 */
import type { I18n } from "./i18n";
import type { MessageKey } from "./messages/en";

/** The families of codes, each the prefix of its messages (`rejection.OTHER`). */
export const CODE_FAMILIES = [
  "state",
  "resolution",
  // What a customer asked for, in staff words ("Exchange", not "Exchange for another item").
  "staff.resolution",
  "rejection",
  "condition",
  "disposition",
  "event",
  "delivery",
] as const;

export type CodeFamily = (typeof CODE_FAMILIES)[number];

export function codeLabel(i18n: I18n, family: CodeFamily, code: string): string {
  const key = `${family}.${code}` as MessageKey;
  const text = i18n.t(key);
  return text === key ? humaniseCode(code) : text;
}

/** "MISSING_TAGS" or "on_hold" as words: its first letter capital, the rest lower case. */
export function humaniseCode(code: string): string {
  const words = code.replaceAll(/[_-]+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
