/**
 * @module returns/requests/request-reader — a return request as a caller may see it: not a stored
 * entity of its own, but the returns that carry its id, in the order of its lines.
 */

import { isReturnRequestId } from "../../domain/ids";
import { type Principal, portalListScope } from "../../domain/principal";
import { problems } from "../../domain/problems";
import { LIST_LIMIT_MAX, type ReturnRequestData } from "../../domain/schemas";
import type { ListReturnsQuery, ReturnsStore, StoredReturn } from "../../store/types";
import { requestExchangeDifference } from "../exchange-settlement";
import { withOrderLine } from "../reader";
import { requestRefundTotal } from "../refund";

/** The returns of request `id` a caller may see, oldest (the first line) first; 404 when none. */
export async function loadRequestReturns(
  store: ReturnsStore,
  id: string,
  principal: Principal,
): Promise<StoredReturn[]> {
  if (!isReturnRequestId(id)) throw problems.returnRequestNotFound(id);
  // A customer's list is its own (a guest's, its order's): another's request is as unknown
  // as a missing one.
  const customer = principal.kind === "portal" ? portalListScope(principal) : {};
  const found = await listRequestReturns(store, { ...customer, request_id: id });
  if (found.length === 0) throw problems.returnRequestNotFound(id);
  return found;
}

/** Every return `query` selects (a request's: a few dozen at most), oldest (the first line) first. */
export async function listRequestReturns(
  store: Pick<ReturnsStore, "listReturns">,
  query: Omit<ListReturnsQuery, "limit" | "cursor">,
): Promise<StoredReturn[]> {
  const found: StoredReturn[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listReturns({
      ...query,
      limit: LIST_LIMIT_MAX,
      ...(cursor ? { cursor } : {}),
    });
    found.push(...page.data.map(withOrderLine));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  // Newest first from the store; the lines' returns were created in line order.
  return found.reverse();
}

/** The request `id` made of its returns (in line order). */
export function requestOf(id: string, returns: readonly StoredReturn[]): ReturnRequestData {
  const first = returns[0]!.record;
  return {
    id,
    object: "return_request",
    order_id: first.order_id,
    customer_id: first.customer_id,
    rma: first.rma,
    return_method: first.return_method,
    created_at: first.created_at,
    returns: returns.map((stored) => stored.record),
    refund: requestRefundTotal(returns.map((stored) => stored.record)),
    exchange_difference: requestExchangeDifference(returns.map((stored) => stored.record)),
  };
}
