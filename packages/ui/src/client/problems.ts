/**
 * @module client/problems — a problem from the API in words a customer understands, never the
 * raw error: the known slugs have messages of their own, with the facts the problem carries.
 */
import { ApiProblem } from "./api";
import type { I18n } from "./i18n";
import type { MessageKey } from "./messages/en";

/**
 * `lineNames`: what the customer calls each line of a return request, in the order sent, so a
 * `return-request-refused` names each refused item with its own reason.
 */
export function describeProblem(error: unknown, i18n: I18n, lineNames: string[] = []): string {
  if (!(error instanceof ApiProblem)) return i18n.t("problem.generic");
  const body = error.body;
  if (error.slug === "return-request-refused") return describeRefusal(body, i18n, lineNames);
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
    case "exchange-not-offered":
    case "exchange-unavailable":
      return i18n.t(`problem.${error.slug}`, {
        offers: Array.isArray(body.offers) ? body.offers.join(", ") : "",
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

/**
 * A `return-request-refused` problem's refused lines in words, each named (null for another
 * problem): for a page that says them in its own sentence.
 */
export function describeRefusedLines(error: unknown, i18n: I18n, names: string[]): string | null {
  if (!(error instanceof ApiProblem) || error.slug !== "return-request-refused") return null;
  return refusedLines(error.body, i18n, names);
}

function describeRefusal(body: Record<string, unknown>, i18n: I18n, names: string[]): string {
  return i18n.t("problem.return-request-refused", { lines: refusedLines(body, i18n, names) });
}

/** Each refused line said as its own problem, named: "JEANS-SLIM (32): You can return at most 0…". */
function refusedLines(body: Record<string, unknown>, i18n: I18n, names: string[]): string {
  const lines = Array.isArray(body.lines) ? (body.lines as Record<string, unknown>[]) : [];
  const said = lines.map((line) => {
    const index = Number(line.index);
    const type = typeof line.type === "string" ? line.type : "";
    const slug = type.split(":").pop() || "generic";
    const problem = new ApiProblem(Number(line.status) || 422, slug, line);
    return i18n.t("problem.refusedLine", {
      item: names[index] ?? i18n.t("problem.lineNumber", { number: index + 1 }),
      problem: describeProblem(problem, i18n),
    });
  });
  return said.join(" ");
}
