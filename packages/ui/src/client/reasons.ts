/** @module client/reasons — a reason code in the customer's language, fit reasons by their parts. */

import type { Reason } from "./api-schemas";
import type { I18n } from "./i18n";
import type { MessageKey } from "./messages/en";

export function reasonLabel(reason: Reason, i18n: I18n): string {
  if (reason.kind === "fit" && reason.direction) {
    if (!reason.body_part) return known(i18n, `fit.${reason.direction}`) ?? reason.label;
    const part = known(i18n, `part.${reason.body_part}`);
    const phrase = part ? known(i18n, `fit.${reason.direction}.part`, { part }) : null;
    return phrase ?? reason.label;
  }
  return known(i18n, `reason.${reason.code}`) ?? reason.label;
}

/** The message `key`, or null when the messages have none (a code the shop added). */
export function known(i18n: I18n, key: string, params?: Record<string, string>): string | null {
  const text = i18n.t(key as MessageKey, params);
  return text === key ? null : text;
}
