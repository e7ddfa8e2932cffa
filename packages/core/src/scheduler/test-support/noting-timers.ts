/**
 * @module scheduler/test-support/noting-timers — a kind of timer for tests of the scheduler,
 * which no feature registers yet: firing `note` records the test event `return.noted` (with
 * the timer's name and due time) on its return. A return's timer is set the way a feature's
 * commit would set it: with a new version of the return. Free of test runners, so a process of
 * its own (store-postgres's multi-process cases) can run it.
 */
import type { TimerHandler, TimerHandlers } from "../../returns/timer-firing";
import type { ReturnsStore, TimerDue, WebhookEventType } from "../../store/types";

export const NOTED = "return.noted" as WebhookEventType;

/** Records `return.noted` about the timer fired; `before` runs first (a gate, a failure). */
export function notingHandler(before?: (call: number) => void | Promise<void>): TimerHandler {
  let calls = 0;
  return async (current, timer) => {
    await before?.(++calls);
    const data = { timer: timer.name, due_at: timer.due_at };
    return { record: current, events: [{ type: NOTED, data }] };
  };
}

/** The handlers a test service runs: `note` records, `noop` finds nothing to do. */
export function notingTimers(handler: TimerHandler = notingHandler()): TimerHandlers {
  return new Map([
    ["note", handler],
    ["noop", () => null],
  ]);
}

/** Sets `timer` on return `returnId` with a new version of it (no event); its new version. */
export async function setTimer(
  store: ReturnsStore,
  returnId: string,
  timer: TimerDue,
): Promise<number> {
  const stored = await store.getReturn(returnId);
  if (!stored) throw new Error(`fixture: no return ${returnId}`);
  const { record } = stored;
  const updated_at = new Date(Date.parse(record.updated_at) + 1).toISOString();
  const next = { ...stored, record: { ...record, version: record.version + 1, updated_at } };
  const result = await store.commit({
    next,
    expectedVersion: stored.record.version,
    events: [],
    timers: { set: [timer] },
  });
  if (!result.ok) throw new Error(`fixture: setting ${timer.name} refused: ${result.reason}`);
  return next.record.version;
}
