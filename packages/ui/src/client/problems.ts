/**
 * @module client/problems — a problem from the API in words a customer understands, never the
 * raw error: the known slugs have messages of their own, with the facts the problem carries.
 */
import { ApiProblem } from "./api";
import type { I18n } from "./i18n";
import type { MessageKey } from "./messages/en";

export function describeProblem(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiProblem)) return i18n.t("problem.generic");
  const body = error.body;
  const str = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
  switch (error.slug) {
    case "return-window-closed":
      return i18n.t("problem.return-window-closed", {
        date: str("returnable_until") ? i18n.date(str("returnable_until")) : "",
      });
    case "quantity-exceeds-returnable":
      return i18n.t("problem.quantity-exceeds-returnable", {
        quantity: Number(body.returnable_quantity ?? 0),
      });
    case "exchange-size-not-offered":
      return i18n.t("problem.exchange-size-not-offered", {
        sizes: Array.isArray(body.sizes) ? body.sizes.join(", ") : "",
      });
    case "refused-by-policy":
      return i18n.t("problem.refused-by-policy", { detail: str("detail") });
    case "invalid-token":
      return i18n.t("problem.unauthenticated");
  }
  const key = `problem.${error.slug}` as MessageKey;
  const known = i18n.t(key);
  if (known !== key) return known;
  if (error.status === 401) return i18n.t("problem.unauthenticated");
  if (error.status === 404) return i18n.t("problem.not-found");
  return i18n.t("problem.generic");
}
