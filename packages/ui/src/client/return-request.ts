/**
 * @module client/return-request — sends the customer's choice for several lines of an order
 * as one return request (`POST /v1/portal/return-requests`: all lines or none), then submits
 * it through the request's own `submit` form. The one place that knows how.
 */
import type { Api } from "./api";
import type { ReturnableLine, ReturnableOrder, ReturnRequest } from "./types";

export interface ChosenLine {
  line: ReturnableLine;
  quantity: number;
  reason: string;
  resolution: string;
  exchangeSize: string | null;
}

/** Where requests are created: the returnable order names no form for it (yet). */
const RETURN_REQUESTS_PATH = "/v1/portal/return-requests";

/** One entry of the request's `lines`, in the shape `CreateReturnRequest` takes. */
function requestLine(choice: ChosenLine) {
  const { line } = choice;
  return {
    line: { sku: line.sku, ...(line.size === null ? {} : { size: line.size }) },
    quantity: choice.quantity,
    reason: choice.reason,
    resolution: choice.resolution,
    ...(choice.resolution === "EXCHANGE" && choice.exchangeSize
      ? { exchange_size: choice.exchangeSize }
      : {}),
  };
}

/**
 * Creates the request and submits it; answers the submitted request (its returns and refund).
 * A refusal creates nothing (`return-request-refused`, naming each line by its index). When
 * the submit fails, the drafts stay: the page offers the request's submit again.
 */
export async function submitReturnRequest(
  api: Api,
  order: ReturnableOrder,
  choices: ChosenLine[],
): Promise<ReturnRequest> {
  const request = await api.send<ReturnRequest>(RETURN_REQUESTS_PATH, {
    order_id: order.order_id,
    lines: choices.map(requestLine),
  });
  const submit = request._templates?.submit;
  if (!submit) return request;
  return api.send<ReturnRequest>(submit.target, {}, submit.method);
}
