/**
 * @module operations/event-origin — what a commit's outbox events keep of the operation that
 * wrote them: its request id and trace context (`OperationContext.requestId`, `.traceparent`).
 */
import { isSaneRequestId } from "../request-ids";
import type { OutboxEventInput } from "../store/types";
import type { OperationContext } from "./types";

export type EventOrigin = Pick<OperationContext, "requestId" | "traceparent">;

/**
 * `events` carrying the origin's request id and traceparent, each null when absent or not a
 * short visible-ASCII token (an in-process caller's value is not checked elsewhere).
 */
export function withOrigin(
  events: OutboxEventInput[],
  { requestId, traceparent }: EventOrigin,
): OutboxEventInput[] {
  const request_id = isSaneRequestId(requestId) ? requestId : null;
  const trace = isSaneRequestId(traceparent) ? traceparent : null;
  return events.map((event) => ({ ...event, request_id, traceparent: trace }));
}
