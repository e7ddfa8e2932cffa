/**
 * @module domain/history-limit — how long a return's history may grow, and which events the limit
 * refuses.
 *
 * Only two events can repeat without the return moving forward: `update` (a draft edited
 * again) and `flag` (with its `unflag`, a merchant's loop). Everything else only moves a
 * return towards a terminal state, so it can add only a few entries in all (`FORWARD_ROOM`,
 * computed from the machine). The limit therefore refuses just those two, early enough
 * that the rest of any lifecycle still fits:
 *
 * - `update` once the history holds half the limit: a customer editing a draft can never
 *   use up the room a merchant needs to flag it later;
 * - `flag` once the flag, its `unflag` and the rest of the lifecycle would no longer fit.
 *
 * No other event is ever refused for length, and so no history grows past the limit.
 */
import {
  allowedEventsIn,
  applyReturnEvent,
  initialReturnSnapshot,
  persistReturnSnapshot,
  type ReturnEvent,
  type ReturnSnapshot,
  stateOf,
} from "./machine";
import { type ProblemError, problems } from "./problems";

/**
 * 99 edits of a draft, and dozens of flag rounds after it, are far beyond what a real return
 * sees; and the record, which every response and webhook body carries whole, stays small.
 */
export const DEFAULT_MAX_HISTORY_ENTRIES = 200;

/** The events that can repeat for ever; the limit refuses only these. */
const REPEATABLE: ReadonlySet<ReturnEvent> = new Set(["update", "flag"]);

/**
 * The most entries any return can still gain without `update` or `flag`: the longest walk
 * of the machine from any snapshot a return can be in (a draft's submit, approve, ship,
 * receive, grade, close; a flagged return's unflag and what follows). Without the two
 * repeatable events the machine has no cycle, so every walk ends.
 */
const FORWARD_ROOM = longestForwardRun();

/**
 * The smallest limit accepted: a full draft (half the limit) still has room to be submitted,
 * flagged once and taken through the rest of its lifecycle.
 */
export const MIN_MAX_HISTORY_ENTRIES = 2 * (FORWARD_ROOM + 2);

/**
 * Why `event` may not be recorded on a history of `length` entries under limit `max`, or
 * null when it may. Asked only once the machine accepted the event.
 */
export function historyLimitProblem(
  event: ReturnEvent,
  length: number,
  max: number,
): ProblemError | null {
  if (event === "update" && length + 1 > Math.floor(max / 2)) {
    return problems.historyLimitReached(event, length, max);
  }
  if (event === "flag" && length + 1 + FORWARD_ROOM > max) {
    return problems.historyLimitReached(event, length, max);
  }
  return null;
}

function longestForwardRun(): number {
  const memo = new Map<string, number>();
  const longestFrom = (snapshot: ReturnSnapshot): number => {
    const key = JSON.stringify(persistReturnSnapshot(snapshot));
    const known = memo.get(key);
    if (known !== undefined) return known;
    let longest = 0;
    for (const event of allowedEventsIn(stateOf(snapshot))) {
      if (REPEATABLE.has(event)) continue;
      const step = applyReturnEvent(snapshot, event);
      if (step.ok) longest = Math.max(longest, 1 + longestFrom(step.snapshot));
    }
    memo.set(key, longest);
    return longest;
  };
  let longest = 0;
  for (const snapshot of reachableSnapshots()) longest = Math.max(longest, longestFrom(snapshot));
  return longest;
}

/** Every distinct snapshot a return can reach from a new draft (a few dozen). */
function reachableSnapshots(): ReturnSnapshot[] {
  const found = new Map<string, ReturnSnapshot>();
  const queue = [initialReturnSnapshot()];
  while (queue.length > 0) {
    const snapshot = queue.shift()!;
    const key = JSON.stringify(persistReturnSnapshot(snapshot));
    if (found.has(key)) continue;
    found.set(key, snapshot);
    for (const event of allowedEventsIn(stateOf(snapshot))) {
      const step = applyReturnEvent(snapshot, event);
      if (step.ok) queue.push(step.snapshot);
    }
  }
  return [...found.values()];
}
