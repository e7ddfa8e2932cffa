/**
 * @module returns/payouts/record-refund — the back office records a payout the host made
 * (`service.recordRefund`, `POST /v1/merchant/returns/{id}/refunds`): checked by
 * `./payout-rules`, committed with its `return.refunded` event by `recordOnReturn`, once per
 * Idempotency-Key and once per reference.
 */
import { assertScope } from "../../domain/principal";
import { RecordRefundSchema } from "../../domain/schemas";
import { responseToStore } from "../../store/stored-response";
import type { IdempotencyEngine, IdempotentOutcome, WriteOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import { recordOnReturn } from "../record-events";
import type { OperationContext, WriteTargets } from "../types";
import { actorOf, type WritePathDeps } from "../write-path";
import { recordPayout } from "./payout-rules";

interface RecordRefundDeps extends WritePathDeps {
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
  targets: WriteTargets;
}

/** Validates `rawBody`, then records the payout on the latest version of return `id`. */
export async function recordRefund(
  deps: RecordRefundDeps,
  id: string,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, "merchant", "write");
  const input = parseInput(RecordRefundSchema, rawBody ?? {}, "body");
  await deps.ready();
  const actor = actorOf(ctx.principal);
  return deps.idempotency.run(
    {
      principal: ctx.principal,
      ...deps.targets.refund(id),
      key: ctx.idempotencyKey,
      body: rawBody ?? {},
    },
    async (key): Promise<WriteOutcome> => {
      const outcome = await recordOnReturn(deps, id, ctx, key, (current, at) =>
        recordPayout(current, input, actor, at),
      );
      if (outcome.kind === "key-taken") return outcome;
      const response = deps.respond(outcome.record, 200);
      if (outcome.kind === "committed" || !key) return { kind: "response", response };
      // Recorded already under its reference: nothing was committed, so the key is recorded here.
      const answer = { ...key, response: responseToStore(response) };
      const recorded = await deps.store.recordIdempotencyAnswer(answer);
      if (recorded.recorded) return { kind: "response", response };
      return { kind: "key-taken", record: recorded.record };
    },
  );
}
