/**
 * @module returns/exchanges/record-exchange — the back office records what the host did for an
 * exchange: the customer's payment of the difference (`service.recordExchangePayment`,
 * `POST /v1/merchant/returns/{id}/exchange-payments`) and the order that sends the new items
 * (`service.recordExchangeOrder`, `POST …/exchange-order`). Checked by `../exchange-release`,
 * committed with their events and timers by `recordOnReturn`, once per Idempotency-Key and
 * once per reference or order id (as `../payouts/record-refund`).
 */
import { assertScope } from "../../domain/principal";
import {
  RecordExchangeOrderSchema,
  RecordExchangePaymentSchema,
  type ReturnData,
} from "../../domain/schemas";
import { responseToStore } from "../../store/stored-response";
import { recordOrder, recordPayment } from "../exchange-release";
import type { IdempotencyEngine, IdempotentOutcome, WriteOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import { type ReturnRecording, recordOnReturn } from "../record-events";
import type { OperationContext, WriteTarget, WriteTargets } from "../types";
import { actorOf, releaseSettings, type WritePathDeps } from "../write-path";

interface RecordExchangeDeps extends WritePathDeps {
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
  targets: WriteTargets;
}

/** Validates `rawBody`, then records the customer's payment on the latest version of `id`. */
export async function recordExchangePayment(
  deps: RecordExchangeDeps,
  id: string,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, "merchant", "write");
  const input = parseInput(RecordExchangePaymentSchema, rawBody ?? {}, "body");
  const actor = actorOf(ctx.principal);
  const settings = releaseSettings(deps);
  return recordKeyed(deps, id, rawBody, ctx, deps.targets.exchangePayment(id), (current, at) =>
    recordPayment(current, input, actor, at, settings),
  );
}

/** Validates `rawBody`, then records the host's exchange order on the latest version of `id`. */
export async function recordExchangeOrder(
  deps: RecordExchangeDeps,
  id: string,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, "merchant", "write");
  const input = parseInput(RecordExchangeOrderSchema, rawBody ?? {}, "body");
  return recordKeyed(deps, id, rawBody, ctx, deps.targets.exchangeOrder(id), (current) =>
    recordOrder(current, input),
  );
}

/**
 * Runs `compute` on the latest version under the request's Idempotency-Key. A recording that
 * finds itself done already (null) commits nothing, so the key is recorded on its own.
 */
async function recordKeyed(
  deps: RecordExchangeDeps,
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
