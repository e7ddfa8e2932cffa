/**
 * @module client/staff/customer-export — a customer's data export read whole: every page the
 * API gives (following each page's `_links.next`), joined as core's `joinCustomerExportPages`
 * joins them (the bundle cannot import core), and offered to staff as one JSON file.
 */
import type { Api } from "../api";
import { apiPaths } from "../api-paths";
import type { CustomerExportPage } from "../api-schemas";

/** The export as one document: a page's members without the paging. */
export type CustomerExport = Omit<CustomerExportPage, "next_cursor" | "_links">;

/** The largest page the API gives: the fewest calls for a customer of many returns. */
const PAGE_SIZE = 100;

/** Every page of `customerId`'s export, read in order, as one document. */
export async function readCustomerExport(api: Api, customerId: string): Promise<CustomerExport> {
  const pages: CustomerExportPage[] = [];
  let next: string | undefined = apiPaths.customerExport(customerId, { limit: PAGE_SIZE });
  while (next) {
    const page: CustomerExportPage = await api.get<CustomerExportPage>(next);
    pages.push(page);
    next = page._links.next?.href;
  }
  return joinExportPages(pages);
}

/**
 * The pages as one document: every return once (as the first page holding it has it), every
 * request once (as the latest page has it: a request whose returns span pages is on each),
 * `exported_at` of the first page.
 */
export function joinExportPages(pages: readonly CustomerExportPage[]): CustomerExport {
  const [first] = pages;
  if (!first) throw new RangeError("joinExportPages: no page to join");
  const returns = new Map<string, CustomerExport["returns"][number]>();
  const requests = new Map<string, CustomerExport["return_requests"][number]>();
  for (const page of pages) {
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

/** The file name a customer's export is saved under. */
export function exportFileName(customerId: string): string {
  return `customer-${customerId.replaceAll(/[^\w.-]+/g, "_")}-export.json`;
}

/** Offers `exported` as a JSON file to save (the browser's download). */
export function saveAsFile(exported: CustomerExport, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(exported, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser: the URL may go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
