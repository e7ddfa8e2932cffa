/**
 * @module privacy/erasure-operations — erasing a customer's (or an order's) personal data on
 * the back office's request (merchant write scope): the request commits a job
 * (`privacy/erasure-job.ts`) and answers 202 at once; the job erases in batches.
 */
import { assertScope } from "../domain/principal";
import {
  CustomerIdSchema,
  type Erasure,
  type ErasureRequest,
  ErasureRequestSchema,
} from "../domain/schemas";
import { traceOperation } from "../observability/telemetry/operation-span";
import type { IdempotencyEngine } from "../returns/idempotency/engine";
import { parseInput } from "../returns/parse-input";
import type { OperationContext } from "../returns/types";
import type { ReturnsStore } from "../store/types";
import { type ErasureJob, erasureTarget, jobTimer } from "./erasure-job";
import { newPseudonym, PSEUDONYM_PREFIX } from "./personal-fields";

/** What a staff member may erase: a customer's returns or an order's. */
type Scope = Exclude<ErasureJob["scope"], "return">;

/** An erasure request's answer as HTTP sends it. */
export interface ErasureAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  replayed: boolean;
}

/** What the erasure routes call; a host calls the first two in-process too. */
export interface ErasureOperations {
  /**
   * Erases every personal field of `customerId`'s returns (and everything copied from them),
   * replacing their id by a random pseudonym of which no mapping is kept. Answers at once,
   * `pending` while a job does it in batches; `customer.erased` is sent when it is done.
   */
  eraseCustomer(customerId: string, body: ErasureRequest, ctx: OperationContext): Promise<Erasure>;
  /** The same for the returns of one order (Shopify's `orders_to_redact`). */
  eraseOrder(orderId: string, body: ErasureRequest, ctx: OperationContext): Promise<Erasure>;
  /** Where the erasure of a customer or order stands (merchant read scope). */
  getErasure(scope: Scope, id: string, ctx: OperationContext): Promise<Erasure>;
  /** `eraseCustomer`/`eraseOrder` once per Idempotency-Key, as the routes call them. */
  requestErasure(
    scope: Scope,
    id: string,
    body: unknown,
    target: { method: string; path: string },
    ctx: OperationContext,
  ): Promise<ErasureAnswer>;
}

interface ErasureSetup {
  store: ReturnsStore;
  /** Called once a job is set: the scheduler starts it now rather than at its next poll. */
  jobSet: () => void;
  idempotency: IdempotencyEngine;
  now: () => number;
  ready: () => Promise<void>;
}

export function createErasureOperations(setup: ErasureSetup): ErasureOperations {
  const { store, now, ready } = setup;

  function checkId(scope: Scope, id: string): void {
    const name = scope === "customer" ? "customer_id" : "order_id";
    parseInput(CustomerIdSchema, id, "query", name);
  }

  async function status(scope: Scope, id: string): Promise<Erasure> {
    const target = erasureTarget(scope, id);
    const page = await store.listReturns({ ...target, limit: 100 });
    const left = page.data.some((one) => !one.record.customer_id.startsWith(PSEUDONYM_PREFIX));
    const more = scope === "order" && page.next_cursor !== null;
    return { object: "erasure", scope, status: left || more ? "pending" : "completed" };
  }

  async function erase(scope: Scope, id: string, body: unknown, ctx: OperationContext) {
    assertScope(ctx.principal, "merchant", "write");
    checkId(scope, id);
    const { reason } = parseInput(ErasureRequestSchema, body, "body");
    await ready();
    const { kind, id: staff } = ctx.principal;
    const job = {
      scope,
      target: id,
      pseudonym: newPseudonym(),
      reason,
      requestedBy: { kind, id: staff },
    };
    await store.setJobTimer(jobTimer(job, now()));
    setup.jobSet();
    return { object: "erasure", scope, status: "pending" } satisfies Erasure;
  }

  return {
    eraseCustomer: (customerId, body, ctx) =>
      traceOperation("erase_customer", { caller: ctx.principal.kind }, () =>
        erase("customer", customerId, body, ctx),
      ),
    eraseOrder: (orderId, body, ctx) =>
      traceOperation("erase_order", { caller: ctx.principal.kind }, () =>
        erase("order", orderId, body, ctx),
      ),
    getErasure: (scope, id, ctx) =>
      traceOperation("get_erasure", { caller: ctx.principal.kind }, async () => {
        assertScope(ctx.principal, "merchant", "read");
        checkId(scope, id);
        await ready();
        return status(scope, id);
      }),
    async requestErasure(scope, id, body, target, ctx) {
      assertScope(ctx.principal, "merchant", "write");
      const outcome = await setup.idempotency.runRecorded(
        { principal: ctx.principal, ...target, key: ctx.idempotencyKey, body },
        async () => ({ status: 202, body: await erase(scope, id, body, ctx), headers: {} }),
      );
      return { ...outcome.response, replayed: outcome.replayed };
    },
  };
}
