/**
 * @module client/staff/queue-rows — the queue's rows: one parcel each. The returns of one
 * return request travel together, so they are one row to open (the request); a return made on
 * its own is its own row. Rows keep the list's order (newest first, by a row's newest return),
 * and a row's returns their request's line order.
 */
import type { Return } from "../api-schemas";
import type { CurrencyUnit } from "../money";
import { orderNumberOf } from "../shared/product";

export interface QueueRow {
  /** What opening the row shows: the request, or the return on its own. */
  kind: "request" | "return";
  id: string;
  returns: Return[];
  /** The order number the customer knows, else the order's id. */
  order: string;
  customer: { name: string; email: string | null };
  reasons: string[];
  resolutions: string[];
  states: string[];
  /** The refunds added up, when every return has one in the same currency; else null. */
  amount: (CurrencyUnit & { total: number }) | null;
  /** When the row's first return was made: its age in the queue. */
  created_at: string;
}

export function queueRows(returns: Return[]): QueueRow[] {
  const groups = new Map<string, Return[]>();
  for (const record of returns) {
    const key = record.request_id ?? record.id;
    const group = groups.get(key);
    if (group) group.push(record);
    else groups.set(key, [record]);
  }
  // Within a row, the request's own order: its returns were made line by line, and ids
  // (ULIDs) sort by when they were made.
  return [...groups.entries()].map(([id, members]) =>
    rowOf(
      id,
      members.sort((a, b) => (a.id < b.id ? -1 : 1)),
    ),
  );
}

function rowOf(id: string, returns: Return[]): QueueRow {
  const first = returns[0]!;
  return {
    kind: first.request_id ? "request" : "return",
    id,
    returns,
    order: orderNumberOf(returns, first.order_id),
    customer: customerOf(first),
    reasons: distinct(returns.map((record) => record.reason)),
    resolutions: distinct(returns.map((record) => record.resolution)),
    states: distinct(returns.map((record) => record.state)),
    amount: amountOf(returns),
    created_at: returns.map((record) => record.created_at).sort()[0]!,
  };
}

/** Who the shop says placed the order (a name, else an email), else the customer's id. */
function customerOf(record: Return): QueueRow["customer"] {
  const { name = null, email = null } = record.order_line?.customer ?? {};
  if (name) return { name, email };
  return { name: email ?? record.customer_id, email: null };
}

function amountOf(returns: Return[]): QueueRow["amount"] {
  const refunds = returns.map((record) => record.refund);
  const [first] = refunds;
  if (!first || refunds.some((refund) => refund?.currency !== first.currency)) return null;
  const total = refunds.reduce((sum, refund) => sum + (refund?.total ?? 0), 0);
  return { currency: first.currency, currency_exponent: first.currency_exponent, total };
}

function distinct<T>(values: T[]): T[] {
  return [...new Set(values)];
}
