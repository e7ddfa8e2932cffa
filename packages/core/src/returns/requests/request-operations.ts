/**
 * @module returns/requests/request-operations — the return request operations, as the service and
 * the HTTP routes call them: create, estimate, read, and the request-wide submit and ship.
 */
import { assertScope } from "../../domain/principal";
import type { ReturnRequestData } from "../../domain/schemas";
import { traceOperation } from "../../observability/telemetry/operation-span";
import type { IdempotentOutcome } from "../idempotency/engine";
import type {
  OperationContext,
  RequestEvent,
  ReturnRequestOperations,
  ReturnRequestResult,
} from "../types";
import { createReturnRequest } from "./create-return-request";
import { estimateReturnRequest } from "./estimate-return-request";
import { sendRequestEvent } from "./request-events";
import { loadRequestReturns, requestOf } from "./request-reader";
import type { RequestWriteDeps } from "./types";

function requestResult(outcome: IdempotentOutcome): ReturnRequestResult {
  return {
    request: outcome.response.body as ReturnRequestData,
    status: outcome.response.status,
    replayed: outcome.replayed,
    headers: outcome.response.headers,
  };
}

export function requestOperations(deps: RequestWriteDeps): ReturnRequestOperations {
  const sendToRequest =
    (event: RequestEvent) => (id: string, body: unknown, ctx: OperationContext) =>
      traceOperation(`${event} request`, { caller: ctx.principal.kind }, async () =>
        requestResult(await sendRequestEvent(deps, id, event, body, ctx)),
      );
  return {
    createReturnRequest: (input, ctx) =>
      traceOperation("create request", { caller: ctx.principal.kind }, async () =>
        requestResult(await createReturnRequest(deps, input, ctx)),
      ),
    estimateReturnRequest: (input, ctx) =>
      traceOperation("estimate request", { caller: ctx.principal.kind }, () =>
        estimateReturnRequest(deps, input, ctx),
      ),
    getReturnRequest: (id, ctx) =>
      traceOperation("get request", { caller: ctx.principal.kind }, async () => {
        assertScope(ctx.principal, ctx.principal.kind, "read");
        await deps.ready();
        return requestOf(id, await loadRequestReturns(deps.store, id, ctx.principal));
      }),
    submitReturnRequest: sendToRequest("submit"),
    shipReturnRequest: sendToRequest("ship"),
  };
}
