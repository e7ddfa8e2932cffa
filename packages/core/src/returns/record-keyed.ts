/**
 * @module returns/record-keyed — a recording on a return (a payout, an exchange's payment or
 * order) run under the request's Idempotency-Key: `recordOnReturn` commits it with the key; a
 * recording that finds itself done already (null: the same reference again) commits nothing,
 * so the key is recorded on its own with the return as its answer.
 */
import type { ReturnData } from "../domain/schemas";
import { responseToStore } from "../store/stored-response";
import type { IdempotencyEngine, IdempotentOutcome, WriteOutcome } from "./idempotency/engine";
import { type ReturnRecording, recordOnReturn } from "./record-events";
import type { OperationContext, WriteTarget } from "./types";
import type { WritePathDeps } from "./write-path";

export interface KeyedRecordingDeps extends WritePathDeps {
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
}

/** Runs `compute` on the latest version of return `id` under the request's Idempotency-Key. */
export async function recordKeyed(
  deps: KeyedRecordingDeps,
  id: string,
  rawBody: unknown,
  ctx: OperationContext,
  target: WriteTarget,
  compute: (current: ReturnData, at: string) => ReturnRecording | null,
): Promise<IdempotentOutcome> {
  await deps.ready();
  return deps.idempotency.run(
    { principal: ctx.principal, ...target, key: ctx.idempotencyKey, body: rawBody ?? {} },
    async (key): Promise<WriteOutcome> => {
      const outcome = await recordOnReturn(deps, id, ctx, key, compute);
      if (outcome.kind === "key-taken") return outcome;
      const response = deps.respond(outcome.record, 200);
      if (outcome.kind === "committed" || !key) return { kind: "response", response };
      const answer = { ...key, response: responseToStore(response) };
      const recorded = await deps.store.recordIdempotencyAnswer(answer);
      if (recorded.recorded) return { kind: "response", response };
      return { kind: "key-taken", record: recorded.record };
    },
  );
}
