/** @module returns/create-return — a customer's new draft return, committed with its key. */

import { newReturnId } from "../domain/ids";
import { initialReturnSnapshot, persistReturnSnapshot } from "../domain/machine";
import { assertScope } from "../domain/principal";
import type { ReturnMethod } from "../domain/return-methods";
import type { ReturnData, ReturnSchemas } from "../domain/schemas";
import type { StoredReturn } from "../store/types";
import { settledExchange } from "./exchange-settlement";
import type { IdempotencyEngine, WriteOutcome } from "./idempotency/engine";
import { withExchangeChoice } from "./orders/exchange-choice";
import type { CheckedReturn } from "./orders/return-rules";
import type { EligibilityQuery } from "./orders/types";
import { parseInput } from "./parse-input";
import { HistoryBuilder } from "./record-changes";
import { refundOf } from "./refund";
import { chosenReturnMethod } from "./return-method";
import type { OperationContext, WriteTarget } from "./types";
import { actorOf, commitChange, timestamp, type WritePathDeps } from "./write-path";

interface CreateReturnDeps extends WritePathDeps {
  schemas: ReturnSchemas;
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
  /** The create route: the scope of its Idempotency-Key. */
  target: WriteTarget;
  /** The return methods the shop offers. */
  returnMethods: readonly ReturnMethod[];
}

/** Validates `input`, then creates the draft once per Idempotency-Key. */
export async function createReturn(deps: CreateReturnDeps, input: unknown, ctx: OperationContext) {
  assertScope(ctx.principal, "portal", "write");
  const parsed = parseInput(deps.schemas.CreateReturn, input, "body");
  const method = chosenReturnMethod(parsed.return_method, deps.returnMethods);
  await deps.ready();
  return deps.idempotency.run(
    { principal: ctx.principal, ...deps.target, key: ctx.idempotencyKey, body: input },
    async (key): Promise<WriteOutcome> => {
      // Inside the key's run: a retry of a create that took the last unit replays its answer.
      const request: EligibilityQuery = {
        order_id: parsed.order_id,
        line: {
          sku: parsed.line.sku,
          quantity: parsed.line.quantity,
          size: parsed.line.size ?? null,
        },
        reason: parsed.reason,
        resolution: parsed.resolution,
        exchange_for: parsed.exchange_for ?? null,
      };
      const checked = await deps.rules.checkRequest(request, ctx.principal, null);
      const at = timestamp(deps.now);
      const history = new HistoryBuilder([], at);
      history.add("create", null, "draft", actorOf(ctx.principal), {});
      const parcel = { requestId: null, rma: null, method };
      const record = draftRecord(request, checked, parcel, ctx.principal.id, at, history);
      record.exchange = settledExchange(record, deps.refundPolicy);
      record.refund = refundOf(record, deps.refundPolicy);
      const next: StoredReturn = {
        record,
        snapshot: persistReturnSnapshot(initialReturnSnapshot()),
      };
      const outcome = await commitChange(deps, {
        current: null,
        next,
        entries: history.added,
        status: 201,
        key,
        allowance: checked.allowance,
        origin: ctx,
      });
      if (outcome.kind === "key-taken") return outcome;
      // ULIDs do not collide; a conflict here means the store is misbehaving.
      if (outcome.kind === "race") throw new Error(`store refused to create ${next.record.id}`);
      return { kind: "response", response: deps.respond(next.record, 201) };
    },
  );
}

/** The parcel a new return travels in: its request and RMA number (null alone), its method. */
export interface DraftParcel {
  requestId: string | null;
  rma: string | null;
  method: ReturnMethod;
}

/**
 * A return's first version: a draft of `request` as the order's rules found it, made alone
 * or as one line of a return request (`parcel`): an exchange the shop turned into store credit
 * is a `STORE_CREDIT` return. Its refund and its exchange's difference are worked out after.
 */
export function draftRecord(
  request: EligibilityQuery,
  checked: CheckedReturn,
  parcel: DraftParcel,
  customerId: string,
  at: string,
  history: HistoryBuilder,
): ReturnData {
  const record: ReturnData = {
    id: newReturnId(),
    object: "return",
    order_id: request.order_id,
    line: request.line,
    order_line: checked.orderLine ?? null,
    refund: null,
    payouts: [],
    refunded_amount: 0,
    reason: request.reason,
    resolution: request.resolution,
    exchange: null,
    state: "draft",
    flagged_from: null,
    grade: null,
    shipment: null,
    label: null,
    tracking: null,
    customer_id: customerId,
    request_id: parcel.requestId,
    return_method: parcel.method,
    rma: parcel.rma,
    version: 1,
    created_at: at,
    updated_at: at,
    history: history.all(),
  };
  return withExchangeChoice(record, checked.exchange);
}
