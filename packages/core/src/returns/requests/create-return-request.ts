/**
 * @module returns/requests/create-return-request — a customer's return of several lines of one order:
 * one draft return per line, checked line by line and committed together under one key.
 */
import { newReturnRequestId } from "../../domain/ids";
import { initialReturnSnapshot, persistReturnSnapshot } from "../../domain/machine";
import { assertScope } from "../../domain/principal";
import { newRma } from "../../domain/rma";
import type { CreateReturnRequestParsed, ReturnRequestData } from "../../domain/schemas";
import type { IdempotentResponse } from "../../store/types";
import { flatString } from "../../util/flat-string";
import { type DraftParcel, draftRecord } from "../create-return";
import { requestExchangeDifference, settledExchange } from "../exchange-settlement";
import type { WriteOutcome } from "../idempotency/engine";
import type { CheckedReturn } from "../orders/return-rules";
import type { EligibilityQuery } from "../orders/types";
import { parseInput } from "../parse-input";
import { HistoryBuilder } from "../record-changes";
import { requestRefunds, requestRefundTotal } from "../refund";
import { chosenReturnMethod } from "../return-method";
import type { OperationContext } from "../types";
import { actorOf, timestamp } from "../write-path";
import { commitRequestChanges, type RequestChange } from "./request-commit";
import { checkLines, requestsOf } from "./request-lines";
import type { RequestWriteDeps } from "./types";

/** Codes drawn for one request before giving up: a store that refuses this many is broken. */
const RMA_ATTEMPTS = 5;

/** Validates `input`, checks every line, then creates the drafts once per Idempotency-Key. */
export async function createReturnRequest(
  deps: RequestWriteDeps,
  input: unknown,
  ctx: OperationContext,
) {
  assertScope(ctx.principal, "portal", "write");
  const parsed = parseInput(deps.schemas.CreateReturnRequest, input, "body");
  const method = chosenReturnMethod(parsed.return_method, deps.returnMethods);
  await deps.ready();
  return deps.idempotency.run(
    {
      principal: ctx.principal,
      ...deps.requestTargets.create,
      key: ctx.idempotencyKey,
      body: input,
    },
    async (key): Promise<WriteOutcome> => {
      const requests = requestsOf(parsed);
      const checked = await checkLines(deps, parsed.order_id, requests, ctx.principal);
      const id = newReturnRequestId();
      const at = timestamp(deps.now);
      const location = flatString(`${deps.baseUrl}${deps.requestTargets.requestPath(id)}`);
      // The RMA number is claimed by the commit itself; a code another request holds is drawn
      // again, the whole request rebuilt around it (each return and the response carry it).
      for (let attempt = 0; attempt < RMA_ATTEMPTS; attempt++) {
        const parcel = { requestId: id, rma: newRma(), method };
        const { changes, data } = requestDrafts(deps, parsed, requests, checked, parcel, at, ctx);
        const response: IdempotentResponse = { status: 201, body: data, headers: { location } };
        const claim = { rma: parcel.rma, request_id: id };
        const outcome = await commitRequestChanges(deps, id, changes, key, response, claim);
        if (outcome.kind === "key-taken") return outcome;
        if (outcome.kind === "committed") return { kind: "response", response };
        // ULIDs do not collide; a conflict here means the store is misbehaving.
        if (outcome.kind === "race") throw new Error(`store refused to create request ${id}`);
      }
      throw new Error(`store refused ${RMA_ATTEMPTS} RMA numbers for request ${id}`);
    },
  );
}

/** The request's drafts (one per line, refunds worked out together) and its first answer. */
function requestDrafts(
  deps: RequestWriteDeps,
  parsed: CreateReturnRequestParsed,
  requests: readonly EligibilityQuery[],
  checked: readonly CheckedReturn[],
  parcel: DraftParcel & { requestId: string; rma: string },
  at: string,
  ctx: OperationContext,
): { changes: RequestChange[]; data: ReturnRequestData } {
  const drafts = requests.map((request, index) => {
    const history = new HistoryBuilder([], at);
    history.add("create", null, "draft", actorOf(ctx.principal), { note: parsed.note });
    const draft = draftRecord(request, checked[index]!, parcel, ctx.principal.id, at, history);
    const record = { ...draft, exchange: settledExchange(draft, deps.refundPolicy) };
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
    id: parcel.requestId,
    object: "return_request",
    order_id: parsed.order_id,
    customer_id: ctx.principal.id,
    rma: parcel.rma,
    return_method: parcel.method,
    created_at: at,
    returns: changes.map((change) => change.next.record),
    refund: requestRefundTotal(changes.map((change) => change.next.record)),
    exchange_difference: requestExchangeDifference(changes.map((change) => change.next.record)),
  };
  return { changes, data };
}
