/**
 * @module returns/event-origin — what a commit's outbox events keep of the operation that
 * wrote them: its request id and trace context (`OperationContext.requestId`, `.traceparent`).
 */
import { isSaneRequestId } from "../domain/request-ids";
import type { EventOriginFields } from "./events";
import type { OperationContext } from "./types";

export type EventOrigin = Pick<OperationContext, "requestId" | "traceparent">;

/**
 * What a commit's events keep of `origin`: its request id and traceparent, each null when
 * absent or not a short visible-ASCII token (an in-process caller's value is not checked
 * elsewhere).
 */
export function eventOrigin({ requestId, traceparent }: EventOrigin): EventOriginFields {
  return {
    request_id: isSaneRequestId(requestId) ? requestId : null,
    traceparent: isSaneRequestId(traceparent) ? traceparent : null,
  };
}
