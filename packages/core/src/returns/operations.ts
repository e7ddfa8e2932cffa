/**
 * @module returns/operations — every operation of the returns domain, wired to the store,
 * the idempotency engine and the route table's write targets. A host calling them in-process
 * gets the same validation, idempotency, events and errors as a request over HTTP.
 */

import type { z } from "zod";
import type { TrackingDelivery } from "../carriers/carrier";
import { DEFAULT_STALLED_AFTER_MS } from "../carriers/carrier-options";
import { allowedEventsIn, isMerchantEvent, MERCHANT_EVENTS } from "../domain/machine";
import { assertScope, hasScope, type Principal, portalListScope } from "../domain/principal";
import { problems } from "../domain/problems";
import { describeReasons } from "../domain/reasons";
import type { ReturnMethod } from "../domain/return-methods";
import { normaliseRma } from "../domain/rma";
import {
  MerchantListQuerySchema,
  PortalListQuerySchema,
  type ReturnData,
  type ReturnSchemas,
} from "../domain/schemas";
import type { HealthCheck } from "../observability/health/health-check";
import { traceOperation } from "../observability/telemetry/operation-span";
import type {
  IdempotentResponse,
  ListReturnsQuery,
  ReturnPage,
  ReturnsStore,
  Timer,
} from "../store/types";
import { etagOf } from "../util/etag";
import { flatString } from "../util/flat-string";
import { createReturn } from "./create-return";
import { recordExchangeOrder, recordExchangePayment } from "./exchanges/record-exchange";
import type { IdempotencyEngine, IdempotentOutcome } from "./idempotency/engine";
import { reissueLabel } from "./parcels/label-reissue";
import { withParcelHandlers } from "./parcels/parcel-handlers";
import { recordTrackingDelivery, type TrackingReceipt } from "./parcels/tracking-delivery";
import { parseInput } from "./parse-input";
import { recordRefund } from "./payouts/record-refund";
import { createReturnReader, withOrderLine } from "./reader";
import { requestOperations } from "./requests/request-operations";
import { sendEvent } from "./send-event";
import { type FiringOutcome, fireTimer, type TimerHandlers } from "./timer-firing";
import type {
  OperationContext,
  ReturnOperations,
  ReturnResult,
  ReturnsRequestOperations,
  WriteTargets,
} from "./types";
import type { WritePathDeps } from "./write-path";

interface OperationsSetup extends Omit<WritePathDeps, "reader" | "respond"> {
  schemas: ReturnSchemas;
  idempotency: IdempotencyEngine;
  /** Resolves once the store and the dispatcher are set up; every operation waits for it. */
  ready: () => Promise<void>;
  baseUrl: string;
  targets: WriteTargets;
  /** What `GET /v1/health` reports (it needs the dispatcher, which the operations do not). */
  health: HealthCheck;
  /** The return methods the shop offers (`policy.returnMethods`), in order. */
  returnMethods: readonly ReturnMethod[];
  /** What firing each kind of timer records (`returns/timer-handlers.ts`). */
  timerHandlers: TimerHandlers;
}

/**
 * The service's own operations beside the public ones: firing a claimed timer, and taking in a
 * carrier's tracking webhook (`POST /v1/carriers/{name}/events`).
 */
interface TimerOperations {
  fireTimer(timer: Timer): Promise<FiringOutcome>;
  recordTrackingEvents(
    carrier: string,
    delivery: TrackingDelivery,
    ctx: OperationContext,
  ): Promise<TrackingReceipt>;
}

export function createOperations(
  setup: OperationsSetup,
): ReturnOperations & ReturnsRequestOperations & TimerOperations {
  const { store, baseUrl, targets, ready } = setup;
  const reader = createReturnReader(store, setup.recent);
  const deps = {
    ...setup,
    reader,
    respond,
    target: targets.create,
    requestTargets: targets.requests,
  };
  const reasonList = describeReasons(setup.catalogue);
  const timerHandlers = withParcelHandlers(setup.timerHandlers, setup);
  const stalledAfterMs = setup.carriers?.stalledAfterMs ?? DEFAULT_STALLED_AFTER_MS;
  const stalledBefore = () => new Date(setup.now() - stalledAfterMs).toISOString();

  function respond(record: ReturnData, status: number): IdempotentResponse {
    if (status !== 201) return { status, body: record, headers: etagHeaders(record.version) };
    const location = flatString(`${baseUrl}${targets.returnPath(record.id)}`);
    // Frozen, so a store keeping objects under the key holds this one rather than a copy.
    const headers = Object.freeze({ etag: etagOf(record.version), location });
    return { status, body: record, headers };
  }

  async function toResult(outcome: IdempotentOutcome): Promise<ReturnResult> {
    const response = outcome.replayed
      ? await reader.withStoredHistory(outcome.response)
      : outcome.response;
    return {
      record: response.body as ReturnData,
      status: response.status,
      replayed: outcome.replayed,
      headers: response.headers,
    };
  }

  const send: ReturnsRequestOperations["sendEvent"] = (id, event, body, ctx) =>
    traceOperation(event, { returnId: id, caller: ctx.principal.kind }, async () =>
      toResult(await sendEvent(deps, id, event, body, ctx)),
    );

  return {
    createReturn: (input, ctx) =>
      traceOperation("create", { caller: ctx.principal.kind }, async () =>
        toResult(await createReturn(deps, input, ctx)),
      ),
    sendEvent: send,
    updateDraft: (id, patch, ctx) => send(id, "update", patch, ctx),
    submit: (id, body, ctx) => send(id, "submit", body, ctx),
    cancel: (id, body, ctx) => send(id, "cancel", body, ctx),
    advance(id, event, body, ctx) {
      if (!isMerchantEvent(event)) {
        return Promise.reject(problems.unknownEvent(event, MERCHANT_EVENTS));
      }
      return send(id, event, body, ctx);
    },

    ...requestOperations(deps),

    fireTimer: (timer) => fireTimer(deps, timerHandlers, timer),

    recordTrackingEvents: (carrier, delivery, ctx) =>
      traceOperation("record tracking", { caller: "carrier" }, async () => {
        await ready();
        return recordTrackingDelivery(deps, carrier, delivery, ctx);
      }),

    ...recordings(deps, toResult),

    get: (id, ctx) =>
      traceOperation("get", { returnId: id, caller: ctx.principal.kind }, async () => {
        assertScope(ctx.principal, ctx.principal.kind, "read");
        await ready();
        return (await reader.load(id, ctx.principal)).record;
      }),

    list: (query, ctx) =>
      traceOperation("list", { caller: ctx.principal.kind }, async () => {
        const { principal } = ctx;
        assertScope(principal, principal.kind, "read");
        await ready();
        const page =
          principal.kind === "portal"
            ? await listPortalReturns(
                store,
                parseInput(PortalListQuerySchema, query, "query"),
                principal,
              )
            : await store.listReturns(
                merchantQuery(parseInput(MerchantListQuerySchema, query, "query"), stalledBefore),
              );
        return {
          data: page.data.map((stored) => withOrderLine(stored).record),
          next_cursor: page.next_cursor,
        };
      }),

    async returnableLines(orderId, ctx) {
      assertScope(ctx.principal, "portal", "read");
      await ready();
      return setup.rules.returnable(orderId, ctx.principal);
    },

    async reasons(ctx) {
      assertScope(ctx.principal, ctx.principal.kind, "read");
      return reasonList;
    },

    health: () => setup.health(),

    allowedEventsFor(record, principal) {
      if (!hasScope(principal, principal.kind, "write")) return [];
      return allowedEventsIn(record.state, principal.kind);
    },
  };
}

type RecordingDeps = Parameters<typeof recordRefund>[0] &
  Parameters<typeof recordExchangePayment>[0];
type Recorder = (
  deps: RecordingDeps,
  id: string,
  body: unknown,
  ctx: OperationContext,
) => Promise<IdempotentOutcome>;

/**
 * The back office's recordings on one return (a payout, an exchange's payment and order, a
 * label reissued), traced.
 */
function recordings(
  deps: RecordingDeps,
  toResult: (outcome: IdempotentOutcome) => Promise<ReturnResult>,
) {
  const traced =
    (name: string, record: Recorder) => (id: string, body: unknown, ctx: OperationContext) =>
      traceOperation(name, { returnId: id, caller: ctx.principal.kind }, async () =>
        toResult(await record(deps, id, body, ctx)),
      );
  return {
    recordRefund: traced("record_refund", recordRefund),
    recordExchangePayment: traced("record_exchange_payment", recordExchangePayment),
    recordExchangeOrder: traced("record_exchange_order", recordExchangeOrder),
    reissueLabel: traced("reissue_label", reissueLabel),
  };
}

/**
 * The headers of an answer that carries only its ETag, one frozen object per version: a
 * store keeping the answers under their keys keeps one, not one per key.
 */
const etagOnly = new Map<number, Readonly<Record<string, string>>>();
function etagHeaders(version: number): Record<string, string> {
  let headers = etagOnly.get(version);
  if (!headers) {
    headers = Object.freeze({ etag: etagOf(version) });
    if (etagOnly.size < 64) etagOnly.set(version, headers);
  }
  return headers as Record<string, string>;
}

/**
 * A merchant's list query for the store: an RMA number as staff typed it, made canonical;
 * `stalled=true` as approved returns whose label was bought before `stalledBefore()`.
 */
function merchantQuery(
  query: z.output<typeof MerchantListQuerySchema>,
  stalledBefore: () => string,
): ListReturnsQuery {
  const { rma, stalled, ...rest } = query;
  const canonical = rma === undefined ? rest : { ...rest, rma: normaliseRma(rma) ?? rma };
  if (stalled !== "true") return canonical;
  return { ...canonical, state: "approved", label_created_before: stalledBefore() };
}

/**
 * A customer's returns matching `query`; a guest's, of its one order only (another order it
 * names has none it may see).
 */
function listPortalReturns(
  store: ReturnsStore,
  query: ReturnType<typeof PortalListQuerySchema.parse>,
  principal: Principal,
): Promise<ReturnPage> {
  const scope = portalListScope(principal);
  if (
    scope.order_id !== undefined &&
    query.order_id !== undefined &&
    query.order_id !== scope.order_id
  ) {
    return Promise.resolve({ data: [], next_cursor: null });
  }
  return store.listReturns({ ...query, ...scope });
}
