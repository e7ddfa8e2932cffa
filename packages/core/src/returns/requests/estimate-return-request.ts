/**
 * @module returns/requests/estimate-return-request — what a return request would refund, worked out as
 * its create works it out (the same checks of every line, the return shipping fee shared among
 * the lines) without writing anything: the total a customer sees before sending the request.
 */
import { assertScope } from "../../domain/principal";
import type { ReturnRequestEstimate } from "../../domain/schemas";
import { requestExchangeDifference, settledExchange } from "../exchange-settlement";
import { withExchangeChoice } from "../orders/exchange-choice";
import { parseInput } from "../parse-input";
import { type RefundedRecord, requestRefunds, requestRefundTotal } from "../refund";
import type { OperationContext } from "../types";
import { checkLines, requestsOf } from "./request-lines";
import type { RequestWriteDeps } from "./types";

/** The refunds the request in `input` would carry if it were created now (portal read). */
export async function estimateReturnRequest(
  deps: RequestWriteDeps,
  input: unknown,
  ctx: OperationContext,
): Promise<ReturnRequestEstimate> {
  assertScope(ctx.principal, "portal", "read");
  const parsed = parseInput(deps.schemas.CreateReturnRequest, input, "body");
  await deps.ready();
  const requests = requestsOf(parsed);
  const checked = await checkLines(deps, parsed.order_id, requests, ctx.principal);
  const drafts = requests.map((request, index): RefundedRecord => {
    const draft: RefundedRecord = withExchangeChoice(
      {
        line: request.line,
        order_line: checked[index]!.orderLine ?? null,
        reason: request.reason,
        resolution: request.resolution,
        exchange: null,
        state: "draft",
        grade: null,
        refund: null,
      },
      checked[index]!.exchange,
    );
    return { ...draft, exchange: settledExchange(draft, deps.refundPolicy) };
  });
  const refunds = requestRefunds(drafts, deps.refundPolicy);
  const lines = drafts.map((draft, index) => ({
    line: draft.line,
    reason: draft.reason,
    resolution: draft.resolution,
    refund: refunds[index] ?? null,
    exchange: draft.exchange,
  }));
  return {
    object: "return_request_estimate",
    order_id: parsed.order_id,
    lines,
    refund: requestRefundTotal(lines),
    exchange_difference: requestExchangeDifference(lines),
  };
}
