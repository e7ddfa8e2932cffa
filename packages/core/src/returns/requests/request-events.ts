/**
 * @module returns/requests/request-events — an event sent to a whole return request: a customer
 * submits every draft, the back office ships every approved return in one parcel. Each
 * return goes through the machine as on its own; all commit together, or none.
 */
import { allowedEventsIn, EVENT_CALLER, statesAccepting } from "../../domain/machine";
import { assertScope } from "../../domain/principal";
import { problems, type RefusedLine } from "../../domain/problems";
import { ShipReturnRequestSchema, SubmitReturnRequestSchema } from "../../domain/schemas";
import type { IdempotentResponse, StoredReturn } from "../../store/types";
import type { IdempotentOutcome, WriteOutcome } from "../idempotency/engine";
import { parseInput } from "../parse-input";
import type { EventBody } from "../record-changes";
import type { OperationContext, RequestEvent } from "../types";
import { computeTransition } from "../write-path";
import { commitRequestChanges, type RequestChange, refusedLine } from "./request-commit";
import { loadRequestReturns, requestOf } from "./request-reader";
import { shareAmongRequest } from "./request-share-changes";
import type { RequestWriteDeps } from "./types";

/** How many times a request event re-reads and retries after losing a version race. */
const MAX_COMMIT_ATTEMPTS = 8;

const BODY_SCHEMAS = { submit: SubmitReturnRequestSchema, ship: ShipReturnRequestSchema };

/** Validates `rawBody`, then applies `event` to every return of request `id` it applies to. */
export async function sendRequestEvent(
  deps: RequestWriteDeps,
  id: string,
  event: RequestEvent,
  rawBody: unknown,
  ctx: OperationContext,
): Promise<IdempotentOutcome> {
  assertScope(ctx.principal, EVENT_CALLER[event], "write");
  const body = parseInput(BODY_SCHEMAS[event], rawBody ?? {}, "body") as EventBody;
  await deps.ready();
  return deps.idempotency.run(
    {
      principal: ctx.principal,
      ...deps.requestTargets.event(event, id),
      key: ctx.idempotencyKey,
      body: rawBody ?? {},
    },
    async (key): Promise<WriteOutcome> => {
      for (let attempt = 1; attempt <= MAX_COMMIT_ATTEMPTS; attempt++) {
        const returns = await loadRequestReturns(deps.store, id, ctx.principal);
        const changes = withShares(
          deps,
          returns,
          await requestChanges(deps, id, event, returns, body, ctx),
          ctx,
        );
        const after = returns.map(
          (stored) => changes.find((change) => change.current === stored)?.next ?? stored,
        );
        const response: IdempotentResponse = {
          status: 200,
          body: requestOf(id, after),
          headers: {},
        };
        const outcome = await commitRequestChanges(deps, id, changes, key, response);
        if (outcome.kind === "key-taken") return outcome;
        if (outcome.kind === "committed") return { kind: "response", response };
      }
      throw problems.concurrentUpdate(id);
    },
  );
}

/**
 * `changes` with the shares they move worked out again, and a change for each other open
 * return of the request (its new share, no history entry, no event): see `shareAmongRequest`.
 */
function withShares(
  deps: RequestWriteDeps,
  returns: readonly StoredReturn[],
  changes: readonly RequestChange[],
  ctx: OperationContext,
): RequestChange[] {
  const { nexts, siblings } = shareAmongRequest(deps.refundPolicy, returns, changes);
  const shared = changes.map((change, index) => ({ ...change, next: nexts[index]! }));
  return shared.concat(
    siblings.map((sibling) => ({
      ...sibling,
      index: returns.indexOf(sibling.current),
      entries: [],
      origin: ctx,
    })),
  );
}

/** The change of every return `event` applies to, or the refusal naming each that fails. */
async function requestChanges(
  deps: RequestWriteDeps,
  id: string,
  event: RequestEvent,
  returns: readonly StoredReturn[],
  body: EventBody,
  ctx: OperationContext,
): Promise<RequestChange[]> {
  // If-Match names one return's version: it has no meaning for a request.
  const context: OperationContext = { ...ctx, ifMatch: undefined };
  // Every return of a request is of its one order: read once for all of them.
  const rules = deps.rules.forRequest(returns[0]!.record.order_id, ctx.principal);
  const withRules = { ...deps, rules: { ...deps.rules, ...rules } };
  const changes: RequestChange[] = [];
  const refused: RefusedLine[] = [];
  for (const [index, current] of returns.entries()) {
    // The machine says which returns the event applies to; the others are left as they are.
    if (!allowedEventsIn(current.record.state).includes(event)) continue;
    try {
      const { next, added, allowance, recorded, timers } = await computeTransition(
        withRules,
        current,
        event,
        context,
        body,
      );
      changes.push({
        index,
        current,
        next,
        entries: added,
        allowance,
        origin: ctx,
        recorded,
        timers,
      });
    } catch (error) {
      const line = refusedLine(error, index, current.record.id);
      if (!line) throw error;
      refused.push(line);
    }
  }
  if (refused.length) throw problems.returnRequestRefused(refused, rules.returnableLines());
  if (changes.length === 0) {
    throw problems.returnRequestNothingToDo(id, event, statesAccepting(event).join(" or "));
  }
  return changes;
}
