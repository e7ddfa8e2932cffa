/**
 * @module returns/write-path — how a change reaches the store: compute the next version
 * from the machine, commit it with its events and the request's key in one store call, and
 * retry on a lost version race.
 *
 * A key another request recorded first is an ordinary outcome (`key-taken`), handed back to
 * the idempotency engine as a value; refusals a client must see are `ProblemError`s.
 */

import type { CarrierSettings } from "../carriers/carrier-options";
import { historyLimitProblem } from "../domain/history-limit";
import {
  allowedEventsIn,
  applyReturnEvent,
  persistReturnSnapshot,
  type ReturnEvent,
  restoreReturnSnapshot,
} from "../domain/machine";
import type { Actor, Principal } from "../domain/principal";
import { isProblemError, problems } from "../domain/problems";
import type { ReasonCatalogue } from "../domain/reasons";
import type { RefundPolicy } from "../domain/refunds";
import type { HistoryEntry, ReturnData } from "../domain/schemas";
import type { ReportError } from "../observability/logging/failures";
import { traceCommit } from "../observability/telemetry/operation-span";
import { currentTraceparent } from "../observability/telemetry/trace-context";
import type { RecentRecords } from "../store/recent-records";
import { responseToStore } from "../store/stored-response";
import type {
  CommitResult,
  IdempotencyRecordView,
  IdempotentResponse,
  LineAllowance,
  ReturnCommit,
  ReturnsCommitResult,
  ReturnsStore,
  StoredReturn,
  TimerChanges,
} from "../store/types";
import { deepFreeze } from "../util/deep-freeze";
import { etagMatches } from "../util/etag";
import { type EventOrigin, eventOrigin } from "./event-origin";
import { type FitSignal, publishRecorded, publishTransitions, type RecordedEvent } from "./events";
import { exchangeAfterTransition, STANDARD_RELEASE } from "./exchange-release";
import { settledExchange } from "./exchange-settlement";
import type { IdempotencyKeyUse } from "./idempotency/engine";
import { withExchangeChoice } from "./orders/exchange-choice";
import { type CheckedReturn, type ReturnRules, requestOf } from "./orders/return-rules";
import type { ExchangeReleaseSettings } from "./orders/types";
import { parcelTimers, withTimers } from "./parcels/parcel-timers";
import { type ReturnReader, withOrderLine } from "./reader";
import {
  applyEventBody,
  type EventBody,
  HistoryBuilder,
  moveTo,
  nextVersion,
} from "./record-changes";
import { refundOf } from "./refund";
import { type ReturnWrite, shareWithSiblings } from "./requests/request-share-changes";
import type { AutoApprove, FitSignalHook, OperationContext } from "./types";

/** How many times a write re-reads and retries after losing a version race. */
const MAX_COMMIT_ATTEMPTS = 8;

export interface WritePathDeps {
  store: ReturnsStore;
  recent: RecentRecords | null;
  reader: ReturnReader;
  catalogue: ReasonCatalogue;
  now: () => number;
  maxHistoryEntries: number;
  /** The host's rule that approves a return at submit (the service's `policy.autoApprove`). */
  autoApprove?: AutoApprove;
  onFitSignal?: FitSignalHook;
  /** The checks against the shop's order (and catalog) on create, update and submit. */
  rules: ReturnRules;
  /** The shop's refund policy (the service's `policy.refund`), defaults filled in. */
  refundPolicy: RefundPolicy;
  /** When exchanges are released (the `exchanges` option); absent: like for like, standard. */
  exchanges?: ExchangeReleaseSettings | null;
  reportError: ReportError;
  /** The response a write of `record` answers with (and stores for its key). */
  respond: (record: ReturnData, status: number) => IdempotentResponse;
  /** The `carriers` option's settings: an approval sets the label job's timer when it buys labels. */
  carriers?: CarrierSettings | null;
}

/**
 * What a commit did: landed, found its key recorded first, lost a race for the return (or,
 * `sibling`, for a sibling it wrote: the return itself may still be as it was read), or, firing
 * a timer, found it gone (fired, cleared or set again since it was claimed).
 */
type CommitOutcome =
  | { kind: "committed" }
  | { kind: "key-taken"; record: IdempotencyRecordView }
  | { kind: "race"; current?: StoredReturn; sibling?: true }
  | { kind: "timer-gone" };

export type TransitionOutcome =
  | { kind: "committed"; record: ReturnData }
  | { kind: "key-taken"; record: IdempotencyRecordView };

export function actorOf(principal: Principal): Actor {
  return { kind: principal.kind, id: principal.id };
}

export function timestamp(now: () => number): string {
  return new Date(now()).toISOString();
}

/** One change to commit: `next`, computed from `current` (null on create). */
export interface Change {
  current: StoredReturn | null;
  next: StoredReturn;
  /** The history entries `next` adds. */
  entries: HistoryEntry[];
  /** The status the write answers with (and its key stores). */
  status: number;
  key: IdempotencyKeyUse | null;
  /** The units of its order line the return may hold, checked by the store in the commit. */
  allowance?: LineAllowance;
  /** The request and trace the events are stamped with. */
  origin: EventOrigin;
  /** Other returns of its request written in the same commit: their shares moved. */
  siblings?: readonly ReturnWrite[];
  /** Events about the return that record no transition, published after `entries`' events. */
  recorded?: readonly RecordedEvent[];
  /** The return's timers set, cleared or fired with it (see `TimerChanges`). */
  timers?: TimerChanges;
}

/**
 * Commits `next` (computed from `current`) with its events, its siblings (all or none) and,
 * for a keyed request, the key and its response. A line allowance the store refuses is a 422
 * (another return took the units first).
 */
export async function commitChange(deps: WritePathDeps, change: Change): Promise<CommitOutcome> {
  const { next, status, key, allowance, siblings = [] } = change;
  let fitSignals: FitSignal[] = [];
  const result = await traceCommit<CommitResult | ReturnsCommitResult>(next.record.id, () => {
    const prepared = prepareChange(deps, change);
    fitSignals = prepared.fitSignals;
    // Kept without the history, which a replay takes back from the return (append-only).
    const idempotency = key
      ? { ...key, response: responseToStore(deps.respond(next.record, status)) }
      : undefined;
    if (siblings.length === 0) return deps.store.commit({ ...prepared.commit, idempotency });
    // Siblings went through no transition: no history entry, no event (see request-share-changes).
    const written = siblings.map(
      (sibling) => prepareChange(deps, { ...sibling, entries: [], origin: change.origin }).commit,
    );
    return deps.store.commitMany({ changes: [prepared.commit, ...written], idempotency });
  });
  if (result.ok) {
    const committed = [next, ...siblings.map((sibling) => sibling.next)];
    await afterCommit(deps, committed, fitSignals, change.origin.requestId ?? undefined);
    return { kind: "committed" };
  }
  if (result.reason === "idempotency_conflict") return { kind: "key-taken", record: result.record };
  if (result.reason === "timer_gone") return { kind: "timer-gone" };
  // The return is the first change of a `commitMany`; a refusal further on is a sibling's.
  if ("index" in result && (result.index ?? 0) > 0) return { kind: "race", sibling: true };
  if (result.reason === "quantity_exceeded" && allowance) {
    const { record } = next;
    throw problems.quantityExceedsReturnable({
      order_id: record.order_id,
      sku: record.line.sku,
      size: record.line.size,
      quantity: record.line.quantity,
      purchased: allowance.purchased,
      in_returns: result.inReturns,
      returnable_quantity: Math.max(0, allowance.purchased - result.inReturns),
    });
  }
  return {
    kind: "race",
    current: result.reason === "version_conflict" ? result.current : undefined,
  };
}

/** A change of one return as `commit` and `commitMany` take it, with the fit signals it publishes. */
interface PreparedChange {
  commit: Omit<ReturnCommit, "idempotency">;
  fitSignals: FitSignal[];
}

/** The commit of one change: call it inside the commit's span (see `traceCommit`). */
export function prepareChange(
  deps: WritePathDeps,
  change: Omit<Change, "status" | "key">,
): PreparedChange {
  const { current, next, entries, allowance } = change;
  // An approval (or a cancel after a label was bought) sets the parcel's timer in its commit.
  const timers = withTimers(
    change.timers,
    parcelTimers(deps.carriers, next.record, entries, deps.now()),
  );
  // Published inside the commit's span: each event carries the request's id and the commit
  // span's trace context when tracing, else the caller's.
  const origin = eventOrigin({
    requestId: change.origin.requestId,
    traceparent: currentTraceparent() ?? change.origin.traceparent,
  });
  const published = publishTransitions(next.record, entries, deps.catalogue, origin);
  const recorded = change.recorded ?? [];
  const events =
    recorded.length === 0
      ? published.events
      : [...published.events, ...publishRecorded(next.record, recorded, origin)];
  return {
    commit: {
      // The next version is frozen before the store sees it: the service remembers it (recent
      // records), and a store that keeps objects (the memory store) shares it instead of
      // copying. The rest is the store's to copy as it keeps it (serialised, or a frozen copy).
      next: deepFreeze(next),
      expectedVersion: current ? current.record.version : null,
      events,
      ...(allowance ? { lineAllowance: allowance } : {}),
      ...(timers ? { timers } : {}),
    },
    fitSignals: published.fitSignals,
  };
}

/** After a commit landed: remember the versions and tell the host of fit signals. */
export async function afterCommit(
  deps: WritePathDeps,
  committed: readonly StoredReturn[],
  fitSignals: FitSignal[],
  requestId: string | undefined,
): Promise<void> {
  for (const next of committed) deps.recent?.set(next.record.id, next);
  await notifyFitSignals(deps, fitSignals, requestId);
}

/** Applies `event` to the latest version, retrying on version races unless If-Match pins one. */
export async function transition(
  deps: WritePathDeps,
  id: string,
  event: ReturnEvent,
  ctx: OperationContext,
  key: IdempotencyKeyUse | null,
  body: EventBody,
): Promise<TransitionOutcome> {
  let { stored: current, fromCache } = await deps.reader.loadForWrite(id, ctx.principal, false);
  for (let attempt = 1; ; attempt++) {
    let computed: ComputedTransition;
    try {
      computed = await computeTransition(deps, current, event, ctx, body);
    } catch (error) {
      // A refusal computed from a remembered version may be stale: decide on a fresh read.
      if (!(fromCache && isProblemError(error))) throw error;
      ({ stored: current, fromCache } = await deps.reader.loadForWrite(id, ctx.principal, true));
      continue;
    }
    // A change that moves its request's shares writes its open siblings with it.
    const { next, added, allowance, recorded, timers } = computed;
    const shared = await shareWithSiblings(deps, { current, next }, ctx.principal);
    const outcome = await commitChange(deps, {
      current,
      next: shared.next,
      siblings: shared.siblings,
      entries: added,
      status: 200,
      key,
      allowance,
      origin: ctx,
      recorded,
      timers,
    });
    if (outcome.kind === "committed") return { kind: "committed", record: shared.next.record };
    if (outcome.kind === "key-taken") return outcome;
    // Only a firing (`returns/timer-firing.ts`) names a timer the store could find gone.
    if (outcome.kind === "timer-gone") throw new Error(`commit of ${id} refused: timer_gone`);
    if (outcome.sibling) {
      // A sibling moved on, not this return: If-Match still holds; work it out again.
      if (attempt >= MAX_COMMIT_ATTEMPTS) throw problems.concurrentUpdate(id);
      ({ stored: current, fromCache } = await deps.reader.loadForWrite(id, ctx.principal, true));
      continue;
    }
    const latest = outcome.current
      ? withOrderLine(outcome.current)
      : await deps.reader.load(id, ctx.principal);
    deps.recent?.set(id, latest);
    if (ctx.ifMatch !== undefined) {
      throw problems.preconditionFailed(String(ctx.ifMatch), latest.record.version);
    }
    if (attempt >= MAX_COMMIT_ATTEMPTS) throw problems.concurrentUpdate(id);
    current = latest;
    fromCache = false;
  }
}

/** A transition's next version, with what it records beside its history entries. */
interface ComputedTransition {
  next: StoredReturn;
  added: HistoryEntry[];
  allowance?: LineAllowance;
  /** Events of the exchange's release (`./exchange-release`), after the transition's own. */
  recorded: RecordedEvent[];
  /** The exchange's timers, set or cleared with the transition; absent when none change. */
  timers?: Omit<TimerChanges, "fire">;
}

/**
 * The next version of `current` after `event` (and an auto-approval), with what the exchange's
 * release records, or the problem why not.
 */
export async function computeTransition(
  deps: WritePathDeps,
  current: StoredReturn,
  event: ReturnEvent,
  ctx: OperationContext,
  body: EventBody,
): Promise<ComputedTransition> {
  if (ctx.ifMatch !== undefined && !etagMatches(ctx.ifMatch, current.record.version)) {
    throw problems.preconditionFailed(String(ctx.ifMatch), current.record.version);
  }
  const applied = applyReturnEvent(restoreReturnSnapshot(current.snapshot), event);
  if (!applied.ok) {
    throw problems.invalidTransition(
      event,
      applied.state,
      allowedEventsIn(applied.state, ctx.principal.kind),
    );
  }
  const full = historyLimitProblem(event, current.record.history.length, deps.maxHistoryEntries);
  if (full) throw full;
  const at = timestamp(deps.now);
  const history = new HistoryBuilder(current.record.history, at);
  history.add(event, applied.from, applied.to, actorOf(ctx.principal), body);
  let record = moveTo(applyEventBody(current.record, event, body), applied.from, applied.to);
  let snapshot = applied.snapshot;
  const checked = await checkAgainstOrder(deps, event, current.record, record, ctx.principal);
  if (checked.orderLine) record = { ...record, order_line: checked.orderLine };
  // Every version carries its refund, worked out from this version (the host's rule sees it).
  record = settled(deps, withExchangeChoice(record, checked.exchange));

  if (event === "submit" && deps.autoApprove) {
    if (await deps.autoApprove({ ...record, history: history.all() })) {
      const approved = applyReturnEvent(snapshot, "approve");
      const recheck = approved.ok ? await autoApprovalCheck(deps, record) : null;
      if (approved.ok && recheck) {
        history.add(
          "approve",
          approved.from,
          approved.to,
          { kind: "policy", id: "autoApprove" },
          {},
        );
        record = moveTo(
          settled(deps, withExchangeChoice(record, recheck.exchange)),
          approved.from,
          approved.to,
        );
        snapshot = approved.snapshot;
      }
    }
  }

  // The exchange's release follows the events applied, in this same commit.
  const events = history.added.map((entry) => entry.event as ReturnEvent);
  const release = exchangeAfterTransition(record, events, at, releaseSettings(deps));
  const next: StoredReturn = {
    record: nextVersion(release.record, current.record.version + 1, at, history.all()),
    snapshot: persistReturnSnapshot(snapshot),
  };
  return {
    next,
    added: history.added,
    allowance: checked.allowance,
    recorded: release.events,
    ...(release.timers.set || release.timers.clear ? { timers: release.timers } : {}),
  };
}

/** The release settings: the `exchanges` option's, or a like-for-like shop's. */
export function releaseSettings(deps: Pick<WritePathDeps, "exchanges">): ExchangeReleaseSettings {
  return deps.exchanges ?? STANDARD_RELEASE;
}

/** The record with its exchange's difference and its refund worked out for this version. */
function settled(deps: WritePathDeps, record: ReturnData): ReturnData {
  const withExchange = { ...record, exchange: settledExchange(record, deps.refundPolicy) };
  return { ...withExchange, refund: refundOf(withExchange, deps.refundPolicy) };
}

/**
 * An approval at submit checks what an approval checks; an exchange whose item is gone is
 * left submitted (null) for staff to decide, rather than refusing the customer's submit.
 */
async function autoApprovalCheck(
  deps: WritePathDeps,
  record: ReturnData,
): Promise<CheckedReturn | null> {
  try {
    return await deps.rules.checkApproval(record);
  } catch (error) {
    if (isProblemError(error) && error.status === 409) return null;
    throw error;
  }
}

/**
 * An update is checked like a create; a submit, for window and final sale again; an approval,
 * for the item an exchange goes to.
 */
function checkAgainstOrder(
  deps: WritePathDeps,
  event: ReturnEvent,
  current: ReturnData,
  next: ReturnData,
  principal: Principal,
): Promise<CheckedReturn> {
  if (event === "update") return deps.rules.checkRequest(requestOf(next), principal, current);
  if (event === "submit") return deps.rules.checkSubmit(next, principal);
  if (event === "approve") return deps.rules.checkApproval(next);
  return Promise.resolve({});
}

async function notifyFitSignals(
  deps: WritePathDeps,
  signals: FitSignal[],
  requestId: string | undefined,
) {
  if (!deps.onFitSignal) return;
  for (const signal of signals) {
    try {
      await deps.onFitSignal(signal);
    } catch (error) {
      deps.reportError(
        error,
        { source: "hook", operation: "onFitSignal", requestId, returnId: signal.return_id },
        "onFitSignal hook failed",
      );
    }
  }
}
