/**
 * @module client/return-request — sends the customer's choice for several lines of an order.
 * The one place that knows how: when the returnable order offers a request template (several
 * lines at once), one request; until then, one return per line, each created then submitted.
 */
import type { Api } from "./api";
import type { ReturnableLine, ReturnableOrder, ReturnRecord, Template } from "./types";

export interface ChosenLine {
  line: ReturnableLine;
  quantity: number;
  reason: string;
  resolution: string;
  exchangeSize: string | null;
}

function lineBody(choice: ChosenLine) {
  const { line } = choice;
  return {
    line: {
      sku: line.sku,
      ...(line.size === null ? {} : { size: line.size }),
      quantity: choice.quantity,
    },
    reason: choice.reason,
    resolution: choice.resolution,
    ...(choice.resolution === "EXCHANGE" && choice.exchangeSize
      ? { exchange_size: choice.exchangeSize }
      : {}),
  };
}

/** Creates and submits the returns; the ones created before a refusal stay as drafts. */
export async function submitReturnRequest(
  api: Api,
  order: ReturnableOrder,
  choices: ChosenLine[],
): Promise<void> {
  const requestTemplate = order._templates?.create_request ?? order._templates?.request;
  if (requestTemplate) {
    const request = await api.send<{ _templates?: Record<string, Template> }>(
      requestTemplate.target,
      { order_id: order.order_id, lines: choices.map(lineBody) },
      requestTemplate.method,
    );
    const submit = request._templates?.submit;
    if (submit) await api.send(submit.target, {}, submit.method);
    return;
  }
  for (const choice of choices) {
    const create = choice.line._templates.create;
    if (!create) continue;
    const draft = await api.send<ReturnRecord>(
      create.target,
      { order_id: order.order_id, ...lineBody(choice) },
      create.method,
    );
    const submit = draft._templates?.submit;
    if (submit) await api.send(submit.target, {}, submit.method);
  }
}
