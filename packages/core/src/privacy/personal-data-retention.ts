/**
 * @module privacy/personal-data-retention — `retention.personalDataDays`: a return finished
 * (closed, cancelled or rejected) longer ago than that has its personal fields erased, by an
 * erasure job of its own (scope `return`) that the scheduler runs. Off unless set.
 *
 * The service's retention run sweeps the finished returns a page at a time, carrying on where
 * its last run stopped, so each run does a bounded share of the work and every return is seen
 * again at the next pass. A job is keyed by its return alone: set again before it ran, it is
 * still one job.
 */
import { TERMINAL_STATES } from "../domain/machine";
import type { ReturnsStore } from "../store/types";
import { jobTimer } from "./erasure-job";
import { PSEUDONYM_PREFIX } from "./personal-fields";

const DAY_MS = 86_400_000;
/** Who the history names as asking: the shop's retention rule, not a person. */
const RETENTION = { kind: "policy", id: "retention" } as const;

interface RetentionSweepParts {
  store: ReturnsStore;
  now: () => number;
  days: number;
  /** Called once jobs were set: the scheduler runs them now. */
  jobsSet: () => void;
}

/** A sweep whose `run(limit)` looks at up to `limit` finished returns and sets their jobs. */
export function createPersonalDataSweep(parts: RetentionSweepParts) {
  const { store, now, days } = parts;
  const reason = `retention: finished more than ${days} days ago`;
  // Where each state's walk stands between runs (this process's only: a restart walks anew).
  const cursors = new Map<string, string | undefined>();
  let state = 0;

  return async function run(limit: number): Promise<number> {
    const cutoff = now() - days * DAY_MS;
    let seen = 0;
    let set = 0;
    for (let states = 0; states < TERMINAL_STATES.length && seen < limit; states++) {
      const current = TERMINAL_STATES[state]!;
      const cursor = cursors.get(current);
      const page = await store.listReturns({
        state: current,
        // Created before the cut-off: only those can have finished before it.
        created_to: new Date(cutoff).toISOString(),
        limit: Math.min(100, limit - seen),
        ...(cursor === undefined ? {} : { cursor }),
      });
      seen += page.data.length;
      for (const { record } of page.data) {
        if (record.customer_id.startsWith(PSEUDONYM_PREFIX)) continue;
        if (Date.parse(record.updated_at) > cutoff) continue;
        const job = { scope: "return" as const, target: record.id, pseudonym: "", reason };
        await store.setJobTimer(jobTimer({ ...job, requestedBy: RETENTION }, now()));
        set++;
      }
      cursors.set(current, page.next_cursor ?? undefined);
      // A walk at its end starts again next time; the next state's walk goes on now.
      if (page.next_cursor === null) state = (state + 1) % TERMINAL_STATES.length;
    }
    if (set > 0) parts.jobsSet();
    return set;
  };
}
