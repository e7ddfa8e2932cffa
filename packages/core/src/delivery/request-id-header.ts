/**
 * @module delivery/request-id-header — the id of the request whose commit wrote an event, sent
 * with each webhook attempt. Not signed (Standard Webhooks signs the id, timestamp and body):
 * it is for correlating logs, never for a decision.
 */
import { isSaneRequestId } from "../domain/request-ids";
import type { OutboxEvent } from "../store/types";

export const WEBHOOK_REQUEST_ID_HEADER = "returnkit-request-id";

/** `{ "returnkit-request-id": id }` when the event has a request id, else nothing. */
export function requestIdHeader(event: OutboxEvent): Record<string, string> {
  return isSaneRequestId(event.request_id) ? { [WEBHOOK_REQUEST_ID_HEADER]: event.request_id } : {};
}
