/**
 * @module returns/timer-firing — what firing a return's timer commits. The handler registered
 * for the timer's name sees the latest version and answers what to record (the return as it
 * leaves it, its events, timers to set or clear), or null for nothing to do. The answer is
 * committed like any recording (`returns/write-path.ts:commitChange`: the version check, the
 * recent records) together with `timers.fire`, which the store refuses once the timer is gone:
 * so of every process that claims the same timer, exactly one firing commits.
 */
import type { ReturnData } from "../domain/schemas";
import type { Timer, TimerChanges } from "../store/types";
import type { RecordedEvent } from "./events";
import { withOrderLine } from "./reader";
import { nextVersion } from "./record-changes";
import type { ReturnWrite } from "./requests/request-share-changes";
import { commitChange, timestamp, type WritePathDeps } from "./write-path";

/** How many times a firing re-reads and retries after losing a version race. */
const MAX_FIRING_ATTEMPTS = 8;

/** What a firing records on its return: as `recordOnReturn`'s recordings, and timers. */
export interface TimerFiring {
  /**
   * The return as the firing leaves it (fields of its own set); its version, `updated_at` and
   * history are the service's: the history gains no entry.
   */
  record: ReturnData;
  events: RecordedEvent[];
  /** Timers to set or clear with it: setting the fired timer's name again sets its next time. */
  timers?: Omit<TimerChanges, "fire">;
  /**
   * Other returns written in the same commit, all or none (the returns of one parcel): each
   * as read and as the firing leaves it, with its own events and timers. A sibling that
   * changed since it was read refuses the commit, and the firing is worked out again.
   */
  siblings?: readonly ReturnWrite[];
}

/**
 * Decides what firing `timer` records on the return `current` (its latest version), at `at`
 * (the new version's `updated_at`): null when there is nothing to do. It MAY be called again
 * for one timer (after a lost version race, or a retry after it threw); only one answer commits.
 */
export type TimerHandler = (
  current: ReturnData,
  timer: Timer,
  at: string,
  settings: FiringSettings,
) => TimerFiring | null | Promise<TimerFiring | null>;

/** The shop's settings a handler decides by. */
export type FiringSettings = Pick<WritePathDeps, "refundPolicy" | "exchanges">;

/** The handlers by timer name: core code registers them, one per kind of deadline. */
export type TimerHandlers = ReadonlyMap<string, TimerHandler>;

/**
 * What firing a timer did: committed its handler's answer (`fired`), found nothing to do and
 * removed the timer (`nothing`), or found the timer already fired, cleared or set again
 * (`gone`: another firing, or a change of the return, came first).
 */
export type FiringOutcome = "fired" | "nothing" | "gone";

/**
 * Fires `timer` with its handler and commits the answer. Throws when no handler is registered
 * for its name, when the return is missing, or when the handler throws: the timer then stays,
 * claimed again once its lease runs out.
 */
export async function fireTimer(
  deps: WritePathDeps,
  handlers: TimerHandlers,
  timer: Timer,
): Promise<FiringOutcome> {
  const handler = handlers.get(timer.name);
  if (!handler) throw new Error(`no handler for timer ${timer.name} of ${timer.return_id}`);
  const fire = { name: timer.name, due_at: timer.due_at };
  for (let attempt = 1; attempt <= MAX_FIRING_ATTEMPTS; attempt++) {
    const stored = await deps.store.getReturn(timer.return_id);
    if (!stored) throw new Error(`timer ${timer.name} of a missing return ${timer.return_id}`);
    // As every write reads it: a record of an earlier release filled in (`withOrderLine`).
    const current = withOrderLine(stored);
    const at = timestamp(deps.now);
    const firing = await handler(current.record, timer, at, deps);
    if (!firing) {
      const version = current.record.version;
      if (await deps.store.dropTimer({ ...timer, version })) return "nothing";
      if (!(await isSet(deps, timer))) return "gone";
      continue;
    }
    const next = nextVersion(firing.record, current.record.version + 1, at, current.record.history);
    const outcome = await commitChange(deps, {
      current,
      next: { record: next, snapshot: current.snapshot },
      entries: [],
      recorded: firing.events,
      timers: { ...firing.timers, fire },
      ...(firing.siblings ? { siblings: firing.siblings } : {}),
      status: 200,
      key: null,
      origin: { requestId: undefined, traceparent: undefined },
    });
    if (outcome.kind === "committed") return "fired";
    if (outcome.kind === "timer-gone") return "gone";
  }
  throw new Error(`timer ${timer.name} of ${timer.return_id}: the return kept changing`);
}

/** Whether the return still has `timer` at its due time. */
async function isSet(deps: WritePathDeps, timer: Timer): Promise<boolean> {
  const timers = await deps.store.listTimers(timer.return_id);
  return timers.some(({ name, due_at }) => name === timer.name && due_at === timer.due_at);
}
