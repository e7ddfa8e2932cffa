/**
 * @module privacy/customer-export-operations — a customer's data export for the back office
 * (merchant read scope: no privacy scope exists, and the export shows nothing the back
 * office's reads of each return do not), whole or a page at a time.
 */
import { assertScope } from "../domain/principal";
import { CustomerIdSchema } from "../domain/schemas";
import { traceOperation } from "../observability/telemetry/operation-span";
import { parseInput } from "../returns/parse-input";
import type { OperationContext } from "../returns/types";
import type { ReturnsStore } from "../store/types";
import { customerExportPage, readCustomerExport } from "./customer-export";
import {
  type CustomerExport,
  type CustomerExportPage,
  type CustomerExportQueryInput,
  CustomerExportQuerySchema,
} from "./customer-export-schemas";

/** What the export route calls; a host calls them in-process too (merchant read scope). */
export interface CustomerExportOperations {
  /**
   * Every return of `customerId` with its history, refund, payouts and exchange, and the
   * return requests they belong to, as one document (`CustomerExportSchema`). A customer
   * with no returns gets an empty export. 400 for an id no customer can have.
   */
  exportCustomer(customerId: string, ctx: OperationContext): Promise<CustomerExport>;
  /** One page of that export (`limit` returns after `cursor`), as `GET …/export` answers it. */
  exportCustomerPage(
    customerId: string,
    query: CustomerExportQueryInput | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<CustomerExportPage>;
}

interface CustomerExportSetup {
  store: Pick<ReturnsStore, "listReturns">;
  now: () => number;
  /** Resolves once the store is set up. */
  ready: () => Promise<void>;
}

export function createCustomerExportOperations(
  setup: CustomerExportSetup,
): CustomerExportOperations {
  const { store, now, ready } = setup;

  /** The scope check, then the id (a path parameter over HTTP, checked as a query member). */
  function begin(customerId: string, ctx: OperationContext): void {
    assertScope(ctx.principal, "merchant", "read");
    parseInput(CustomerIdSchema, customerId, "query", "customer_id");
  }

  return {
    exportCustomer: (customerId, ctx) =>
      traceOperation("export_customer", { caller: ctx.principal.kind }, async () => {
        begin(customerId, ctx);
        await ready();
        return readCustomerExport(store, customerId, { now });
      }),
    exportCustomerPage: (customerId, query, ctx) =>
      traceOperation("export_customer_page", { caller: ctx.principal.kind }, async () => {
        begin(customerId, ctx);
        const asked = parseInput(CustomerExportQuerySchema, query, "query");
        await ready();
        return customerExportPage(store, customerId, asked, now());
      }),
  };
}
