/**
 * @module returns/requests/request-lines — the lines of a return request as returns to check, and the
 * check of every line against the order's rules (creating a request and estimating one).
 */
import type { Principal } from "../../domain/principal";
import { problems, type RefusedLine } from "../../domain/problems";
import type { CreateReturnRequestParsed } from "../../domain/schemas";
import type { CheckedReturn } from "../orders/return-rules";
import type { EligibilityQuery } from "../orders/types";
import { refusedLine } from "./request-commit";
import type { RequestWriteDeps } from "./types";

/** Each line of the request as the return it would create, in the order sent. */
export function requestsOf(parsed: CreateReturnRequestParsed): EligibilityQuery[] {
  return parsed.lines.map((line) => returnRequestOf(parsed, line));
}

function returnRequestOf(
  parsed: CreateReturnRequestParsed,
  line: CreateReturnRequestParsed["lines"][number],
): EligibilityQuery {
  return {
    order_id: parsed.order_id,
    line: { sku: line.line.sku, quantity: line.quantity, size: line.line.size ?? null },
    reason: line.reason,
    resolution: line.resolution,
    exchange_for: line.exchange_for ?? null,
  };
}

/**
 * Every line through the order's rules, one after another, against one read of the order; a
 * refusal of the whole request (no such order, the order system down) at once, else every
 * refused line named together.
 */
export async function checkLines(
  deps: Pick<RequestWriteDeps, "rules">,
  orderId: string,
  requests: readonly EligibilityQuery[],
  principal: Principal,
): Promise<CheckedReturn[]> {
  const rules = deps.rules.forRequest(orderId, principal);
  const checked: CheckedReturn[] = [];
  const refused: RefusedLine[] = [];
  for (const [index, request] of requests.entries()) {
    try {
      checked.push(await rules.checkRequest(request, principal, null));
    } catch (error) {
      const line = refusedLine(error, index);
      if (!line) throw error;
      refused.push(line);
    }
  }
  if (refused.length) throw problems.returnRequestRefused(refused, rules.returnableLines());
  return checked;
}
