/**
 * @module privacy/customer-export — a customer's data export read from any store through its
 * ordinary reads (`listReturns` by customer, then by request), a page of returns at a time, and
 * the pages joined into one document. The HTTP route, the service and the CLI share it, so a
 * page and a whole export have one shape everywhere.
 *
 * A customer the store knows nothing of gets an empty export, not a 404: a store cannot tell
 * an unknown customer from one with no returns.
 */
import { LIST_LIMIT_MAX } from "../domain/schemas";
import { withOrderLine } from "../returns/reader";
import { listRequestReturns, requestOf } from "../returns/requests/request-reader";
import type { ReturnsStore } from "../store/types";
import {
  CUSTOMER_EXPORT_SCHEMA,
  type CustomerExport,
  type CustomerExportPage,
  type CustomerExportRequest,
} from "./customer-export-schemas";

type ExportStore = Pick<ReturnsStore, "listReturns">;

/**
 * One page of `customerId`'s export: up to `limit` returns after `cursor` (the last return id
 * of the page before), newest first, and the return requests they belong to. The caller has
 * checked the id, limit and cursor.
 */
export async function customerExportPage(
  store: ExportStore,
  customerId: string,
  page: { limit: number; cursor?: string | undefined },
  now: number,
): Promise<CustomerExportPage> {
  const found = await store.listReturns({
    customer_id: customerId,
    limit: page.limit,
    ...(page.cursor === undefined ? {} : { cursor: page.cursor }),
  });
  const returns = found.data.map((stored) => withOrderLine(stored).record);
  const requestIds = new Set(returns.flatMap((record) => record.request_id ?? []));
  const return_requests: CustomerExportRequest[] = [];
  for (const id of requestIds) {
    // The request's other lines may sit on other pages: its totals need every one of them.
    const lines = await listRequestReturns(store, { customer_id: customerId, request_id: id });
    const { returns: _inReturns, ...request } = requestOf(id, lines);
    return_requests.push({ ...request, return_ids: lines.map((stored) => stored.record.id) });
  }
  return {
    schema: CUSTOMER_EXPORT_SCHEMA,
    customer_id: customerId,
    exported_at: new Date(now).toISOString(),
    returns,
    return_requests,
    next_cursor: found.next_cursor,
  };
}

/**
 * The pages of one export, in the order read, as one document: every return once, every
 * request once (as the latest page read it), `exported_at` of the first page.
 */
export function joinCustomerExportPages(
  pages: readonly Omit<CustomerExportPage, "next_cursor">[],
): CustomerExport {
  const first = pages[0];
  if (!first) throw new RangeError("joinCustomerExportPages: no page to join");
  const returns = new Map<string, CustomerExport["returns"][number]>();
  const requests = new Map<string, CustomerExportRequest>();
  for (const page of pages) {
    if (page.schema !== first.schema || page.customer_id !== first.customer_id) {
      throw new RangeError("joinCustomerExportPages: pages of different exports");
    }
    for (const record of page.returns) if (!returns.has(record.id)) returns.set(record.id, record);
    for (const request of page.return_requests) requests.set(request.id, request);
  }
  return {
    schema: first.schema,
    customer_id: first.customer_id,
    exported_at: first.exported_at,
    returns: [...returns.values()],
    return_requests: [...requests.values()],
  };
}

/**
 * `customerId`'s whole export: every page of `pageSize` returns (the HTTP maximum by default)
 * read and joined. It holds the whole export in memory, as the one document it answers.
 */
export async function readCustomerExport(
  store: ExportStore,
  customerId: string,
  options: { now: () => number; pageSize?: number },
): Promise<CustomerExport> {
  const limit = options.pageSize ?? LIST_LIMIT_MAX;
  const pages: CustomerExportPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await customerExportPage(store, customerId, { limit, cursor }, options.now());
    pages.push(page);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return joinCustomerExportPages(pages);
}
