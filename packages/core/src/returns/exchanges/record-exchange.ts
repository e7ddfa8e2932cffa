/**
 * @module returns/exchanges/record-exchange — the back office records what the host did for an
 * exchange: the customer's payment of the difference (`service.recordExchangePayment`,
 * `POST /v1/merchant/returns/{id}/exchange-payments`) and the order that sends the new items
 * (`service.recordExchangeOrder`, `POST …/exchange-order`). Checked by `../exchange-release`,
 * committed with their events and timers by `recordOnReturn`, once per Idempotency-Key and
 * once per reference or order id (as `../payouts/record-refund`).
 */
import { assertScope } from "../../domain/principal";
import { RecordExchangeOrderSchema, RecordExchangePaymentSchema } from "../../domain/schemas";
import { recordOrder, recordPayment } from "../exchange-release";
import type { IdempotentOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import { type KeyedRecordingDeps, recordKeyed } from "../record-keyed";
import type { OperationContext, WriteTargets } from "../types";
import { actorOf, releaseSettings } from "../write-path";

interface RecordExchangeDeps extends KeyedRecordingDeps {
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
