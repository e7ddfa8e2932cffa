/**
 * @module client/return-request — sends the customer's choice for several lines of an order
 * as one return request (`POST /v1/portal/return-requests`: all lines or none), then submits
 * it through the request's own `submit` form; and asks what that request would refund first
 * (`…/return-requests/estimate`, the order's `estimate_request` form). The one place that knows how.
 */
import type { Api } from "./api";
import { apiPaths } from "./api-paths";
import type {
  ReturnableLine,
  ReturnableOrder,
  ReturnRequest,
  ReturnRequestEstimate,
} from "./api-schemas";

export interface ChosenLine {
  line: ReturnableLine;
  quantity: number;
  reason: string;
  resolution: string;
  exchangeSize: string | null;
}

/** One entry of the request's `lines`, in the shape `CreateReturnRequest` takes. */
function requestLine(choice: ChosenLine) {
  const { line } = choice;
  return {
    line: { sku: line.sku, ...(line.size === null ? {} : { size: line.size }) },
    quantity: choice.quantity,
    reason: choice.reason,
    resolution: choice.resolution,
    ...(choice.resolution === "EXCHANGE" && choice.exchangeSize
      ? { exchange_for: { sku: choice.exchangeSize } }
      : {}),
  };
}

/** The body both the create and the estimate take (an estimate without a method). */
function requestBody(order: ReturnableOrder, choices: ChosenLine[], method?: string | null) {
  return {
    order_id: order.order_id,
    lines: choices.map(requestLine),
    ...(method ? { return_method: method } : {}),
  };
}

/** What the request would refund if sent now: the API's own sums, nothing written. */
export function estimateReturnRequest(
  api: Api,
  order: ReturnableOrder,
  choices: ChosenLine[],
  signal?: AbortSignal,
): Promise<ReturnRequestEstimate> {
  const form = order._templates?.estimate_request;
  const target = form?.target ?? apiPaths.returnRequestEstimate();
  return api.send<ReturnRequestEstimate>(target, requestBody(order, choices), "POST", signal);
}

/**
 * Creates the request, travelling by `method` (null: the shop's only one), and submits it;
 * answers the submitted request (its returns and refund).
 * A refusal creates nothing (`return-request-refused`, naming each line by its index). When
 * the submit fails, the drafts stay: the page offers the request's submit again.
 */
export async function submitReturnRequest(
  api: Api,
  order: ReturnableOrder,
  choices: ChosenLine[],
  method: string | null = null,
): Promise<ReturnRequest> {
  const request = await api.send<ReturnRequest>(
    apiPaths.portalReturnRequests(),
    requestBody(order, choices, method),
  );
  const submit = request._templates?.submit;
  if (!submit) return request;
  return api.send<ReturnRequest>(submit.target, {}, submit.method);
}
