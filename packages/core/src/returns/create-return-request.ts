/**
 * @module returns/create-return-request — a customer's return of several lines of one order:
 * one draft return per line, checked line by line and committed together under one key.
 */
import { newReturnRequestId } from "../domain/ids";
import { initialReturnSnapshot, persistReturnSnapshot } from "../domain/machine";
import { assertScope, type Principal } from "../domain/principal";
import { problems, type RefusedLine } from "../domain/problems";
import type { CreateReturnRequestParsed, ReturnRequestData } from "../domain/schemas";
import type { IdempotentResponse } from "../store/types";
import { flatString } from "../util/flat-string";
import { draftRecord } from "./create-return";
import type { WriteOutcome } from "./idempotency/engine";
import type { CheckedReturn } from "./orders/return-rules";
import type { ReturnRequest } from "./orders/types";
import { parseInput } from "./parse-input";
import { HistoryBuilder } from "./record-changes";
import { requestRefunds, requestRefundTotal } from "./refund";
import { commitRequestChanges, type RequestChange, refusedLine } from "./request-commit";
import type { RequestWriteDeps } from "./request-events";
import type { OperationContext } from "./types";
import { actorOf, timestamp } from "./write-path";

/** Validates `input`, checks every line, then creates the drafts once per Idempotency-Key. */
export async function createReturnRequest(
  deps: RequestWriteDeps,
  input: unknown,
  ctx: OperationContext,
) {
  assertScope(ctx.principal, "portal", "write");
  const parsed = parseInput(deps.schemas.CreateReturnRequest, input, "body");
  await deps.ready();
  return deps.idempotency.run(
    {
      principal: ctx.principal,
      ...deps.requestTargets.create,
      key: ctx.idempotencyKey,
      body: input,
    },
    async (key): Promise<WriteOutcome> => {
      const requests = parsed.lines.map((line) => returnRequestOf(parsed, line));
      const checked = await checkLines(deps, requests, ctx.principal);
      const id = newReturnRequestId();
      const at = timestamp(deps.now);
      const drafts = requests.map((request, index) => {
        const history = new HistoryBuilder([], at);
        history.add("create", null, "draft", actorOf(ctx.principal), { note: parsed.note });
        const record = draftRecord(request, checked[index]!, id, ctx.principal.id, at, history);
        return { record, history };
      });
      // Worked out together, so the returns' shares of the shipping fee add up to it.
      const refunds = requestRefunds(
        drafts.map(({ record }) => record),
        deps.refundPolicy,
      );
      const changes = drafts.map(({ record: draft, history }, index): RequestChange => {
        const record = { ...draft, refund: refunds[index] ?? null };
        const next = { record, snapshot: persistReturnSnapshot(initialReturnSnapshot()) };
        return {
          index,
          current: null,
          next,
          entries: history.added,
          allowance: checked[index]!.allowance,
          origin: ctx,
        };
      });
      const data: ReturnRequestData = {
        id,
        object: "return_request",
        order_id: parsed.order_id,
        customer_id: ctx.principal.id,
        created_at: at,
        returns: changes.map((change) => change.next.record),
        refund: requestRefundTotal(changes.map((change) => change.next.record)),
      };
      const location = flatString(`${deps.baseUrl}${deps.requestTargets.requestPath(id)}`);
      const response: IdempotentResponse = { status: 201, body: data, headers: { location } };
      const outcome = await commitRequestChanges(deps, id, changes, key, response);
      if (outcome.kind === "key-taken") return outcome;
      // ULIDs do not collide; a conflict here means the store is misbehaving.
      if (outcome.kind === "race") throw new Error(`store refused to create request ${id}`);
      return { kind: "response", response };
    },
  );
}

function returnRequestOf(
  parsed: CreateReturnRequestParsed,
  line: CreateReturnRequestParsed["lines"][number],
): ReturnRequest {
  return {
    order_id: parsed.order_id,
    line: { sku: line.line.sku, quantity: line.quantity, size: line.line.size ?? null },
    reason: line.reason,
    resolution: line.resolution,
    exchange_size: line.exchange_size ?? null,
  };
}

/**
 * Every line through the order's rules, one after another; a refusal of the whole request
 * (no such order, the order system down) at once, else every refused line named together.
 */
async function checkLines(
  deps: RequestWriteDeps,
  requests: readonly ReturnRequest[],
  principal: Principal,
): Promise<CheckedReturn[]> {
  const checked: CheckedReturn[] = [];
  const refused: RefusedLine[] = [];
  for (const [index, request] of requests.entries()) {
    try {
      checked.push(await deps.rules.checkRequest(request, principal, null));
    } catch (error) {
      const line = refusedLine(error, index);
      if (!line) throw error;
      refused.push(line);
    }
  }
  if (refused.length) throw problems.returnRequestRefused(refused);
  return checked;
}
