/**
 * @module client/mcp/view-of — what the view shows for a tool's answer, and the one sentence
 * that tells the model what the customer did in it.
 */

export interface CustomerViewKind {
  orderId: string;
  /** The return form (an order's lines, an estimate); without it, the order's returns only. */
  form: boolean;
}

type Structured = Record<string, unknown> | undefined;

const idOf = (value: unknown, key: string): string | null => {
  const id = (value as Record<string, unknown> | undefined)?.[key];
  return typeof id === "string" ? id : null;
};

/** `returnable_lines` and `estimate_return_request` open the form; `get_return_request` its order's returns. */
export function viewOf(structured: Structured): CustomerViewKind | null {
  const order = idOf(structured?.order, "order_id") ?? idOf(structured?.estimate, "order_id");
  if (order) return { orderId: order, form: true };
  const requested = idOf(structured?.request, "order_id");
  return requested ? { orderId: requested, form: false } : null;
}

interface RequestFacts {
  id: string;
  order_id: string;
  returns: unknown[];
  refund: { total: number; currency: string; currency_exponent: number; status: string } | null;
}

/** "The customer submitted return request rrq_… (3 returns of order ord_1001) in the view; refund 79.99 EUR (estimate)." */
export function submittedSentence(structured: Record<string, unknown>): string | null {
  const request = structured.request as RequestFacts | undefined;
  if (!request?.id) return null;
  const { refund } = request;
  const amount = refund
    ? `; refund ${(refund.total / 10 ** refund.currency_exponent).toFixed(refund.currency_exponent)} ${refund.currency} (${refund.status})`
    : "";
  return `The customer submitted return request ${request.id} (${request.returns.length} returns of order ${request.order_id}) in the returns view${amount}.`;
}
