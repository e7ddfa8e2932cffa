/**
 * @module returns/requests/request-commit — how a return request's changes reach the store: every
 * return of it in one `commitMany` with the request's key, all or none.
 */
import { isProblemError, problems, type RefusedLine } from "../../domain/problems";
import { traceCommit } from "../../observability/telemetry/operation-span";
import type { IdempotencyRecordView, IdempotentResponse, RmaClaim } from "../../store/types";
import type { FitSignal } from "../events";
import type { IdempotencyKeyUse } from "../idempotency/engine";
import { afterCommit, type Change, prepareChange, type WritePathDeps } from "../write-path";

/** One return's change in a request: `index` is the return's place in the request. */
export interface RequestChange extends Omit<Change, "status" | "key"> {
  index: number;
}

type RequestCommitOutcome =
  | { kind: "committed" }
  | { kind: "key-taken"; record: IdempotencyRecordView }
  | { kind: "rma-taken" }
  | { kind: "race" };

/**
 * Commits every change at once with the key and `response`. A line allowance the store
 * refuses is the request's refusal naming that line (another return took the units first).
 */
export async function commitRequestChanges(
  deps: WritePathDeps,
  requestId: string,
  changes: readonly RequestChange[],
  key: IdempotencyKeyUse | null,
  response: IdempotentResponse,
  rma?: RmaClaim,
): Promise<RequestCommitOutcome> {
  let fitSignals: FitSignal[] = [];
  const result = await traceCommit(requestId, () => {
    const prepared = changes.map((change) => prepareChange(deps, change));
    fitSignals = prepared.flatMap((one) => one.fitSignals);
    return deps.store.commitMany({
      changes: prepared.map((one) => one.commit),
      idempotency: key ? { ...key, response } : undefined,
      ...(rma ? { rma } : {}),
    });
  });
  if (result.ok) {
    await afterCommit(
      deps,
      changes.map((change) => change.next),
      fitSignals,
      changes[0]?.origin.requestId ?? undefined,
    );
    return { kind: "committed" };
  }
  if (result.reason === "idempotency_conflict") return { kind: "key-taken", record: result.record };
  if (result.reason === "rma_taken") return { kind: "rma-taken" };
  const refused = result.index === undefined ? undefined : changes[result.index];
  if (result.reason === "quantity_exceeded" && refused?.allowance) {
    const { record } = refused.next;
    const { purchased } = refused.allowance;
    const problem = problems.quantityExceedsReturnable({
      order_id: record.order_id,
      sku: record.line.sku,
      size: record.line.size,
      quantity: record.line.quantity,
      purchased,
      in_returns: result.inReturns,
      returnable_quantity: Math.max(0, purchased - result.inReturns),
    });
    throw problems.returnRequestRefused([{ index: refused.index, ...problem.toJSON() }]);
  }
  return { kind: "race" };
}

/**
 * Statuses of the refusals one line can get (its body, its state, the order's rules); a 404
 * (the order), a 5xx (the order system) or anything else is the whole request's.
 */
const LINE_STATUSES: ReadonlySet<number> = new Set([400, 409, 422]);

/** `error` as the refusal of line `index`, or undefined when it is not a line's. */
export function refusedLine(
  error: unknown,
  index: number,
  returnId?: string,
): RefusedLine | undefined {
  if (!isProblemError(error) || !LINE_STATUSES.has(error.status)) return undefined;
  return { index, ...(returnId ? { return_id: returnId } : {}), ...error.toJSON() };
}
