/**
 * @module returns/requests/create-return-request — a customer's return of several lines of one order:
 * one draft return per line, checked line by line and committed together under one key.
 */
import { newReturnRequestId } from "../../domain/ids";
import { initialReturnSnapshot, persistReturnSnapshot } from "../../domain/machine";
import { assertScope } from "../../domain/principal";
import type { ReturnRequestData } from "../../domain/schemas";
import type { IdempotentResponse } from "../../store/types";
import { flatString } from "../../util/flat-string";
import { draftRecord } from "../create-return";
import type { WriteOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import { HistoryBuilder } from "../record-changes";
import { requestRefunds, requestRefundTotal } from "../refund";
import type { OperationContext } from "../types";
import { actorOf, timestamp } from "../write-path";
import { commitRequestChanges, type RequestChange } from "./request-commit";
import { checkLines, requestsOf } from "./request-lines";
import type { RequestWriteDeps } from "./types";

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
      const requests = requestsOf(parsed);
      const checked = await checkLines(deps, parsed.order_id, requests, ctx.principal);
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
