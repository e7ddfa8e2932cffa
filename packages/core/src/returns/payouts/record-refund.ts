/**
 * @module returns/payouts/record-refund — the back office records a payout the host made
 * (`service.recordRefund`, `POST /v1/merchant/returns/{id}/refunds`): checked by
 * `./payout-rules`, committed with its `return.refunded` event by `recordOnReturn`, once per
 * Idempotency-Key and once per reference.
 */
import { assertScope } from "../../domain/principal";
import { RecordRefundSchema } from "../../domain/schemas";
import type { IdempotentOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import { type KeyedRecordingDeps, recordKeyed } from "../record-keyed";
import type { OperationContext, WriteTargets } from "../types";
import { actorOf } from "../write-path";
import { recordPayout } from "./payout-rules";

interface RecordRefundDeps extends KeyedRecordingDeps {
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
  const actor = actorOf(ctx.principal);
  return recordKeyed(deps, id, rawBody, ctx, deps.targets.refund(id), (current, at) =>
    recordPayout(current, input, actor, at),
  );
}
