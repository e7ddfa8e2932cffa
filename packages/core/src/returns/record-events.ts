/**
 * @module returns/record-events — how the service commits what it records without a lifecycle
 * transition, with the events that publish it: about a return (a payout recorded, a label
 * created) or about a customer (an erasure). Internal: the operations that record such things
 * call these, so every one is stored, ordered and delivered alike.
 *
 * A return's events go in a commit of a new version of that return, checked against the
 * version it was computed from like any transition: so they take their place in the return's
 * queue (after `return.graded`, before `return.closed`), never beside it. A customer's events
 * are committed on their own, ordered with that customer's other events.
 */
import { problems } from "../domain/problems";
import type { ReturnData } from "../domain/schemas";
import type { OutboxEvent, StoredReturn, TimerChanges } from "../store/types";
import { etagMatches } from "../util/etag";
import type { EventOrigin } from "./event-origin";
import { eventOrigin } from "./event-origin";
import { publishAboutCustomer, type RecordedEvent } from "./events";
import type { IdempotencyKeyUse } from "./idempotency/engine";
import { nextVersion } from "./record-changes";
import type { OperationContext } from "./types";
import { commitChange, type TransitionOutcome, timestamp, type WritePathDeps } from "./write-path";

/** How many times a recording re-reads and retries after losing a version race. */
const MAX_RECORD_ATTEMPTS = 8;

/** What a recording changes on the return, and the events that publish it. */
export interface ReturnRecording {
  /**
   * The return as the recording leaves it (fields of its own set); its version, `updated_at`
   * and history are the service's: the history gains no entry.
   */
  record: ReturnData;
  events: RecordedEvent[];
  /** The return's timers set or cleared with it. */
  timers?: Omit<TimerChanges, "fire">;
}

/**
 * What `compute` is given: the latest version, and the time the new version will carry as its
 * `updated_at` (and its events as their timestamp).
 */
type ComputeRecording = (
  current: ReturnData,
  at: string,
) => ReturnRecording | null | Promise<ReturnRecording | null>;

/** A recording committed, found its key taken, or found nothing to record (the return as it is). */
type RecordingOutcome = TransitionOutcome | { kind: "unchanged"; record: ReturnData };

/**
 * Records something on return `id` with the events that publish it, in one commit: `compute`
 * sees the latest version and answers the recording, null when the return holds it already
 * (nothing is committed: `unchanged`), or throws the problem that refuses it (its answer for
 * the key). With a key, the commit records it with the return as the answer. A lost version
 * race reads again and calls `compute` again; If-Match pins the version (412).
 */
export async function recordOnReturn(
  deps: WritePathDeps,
  id: string,
  ctx: OperationContext,
  key: IdempotencyKeyUse | null,
  compute: ComputeRecording,
): Promise<RecordingOutcome> {
  let current = (await deps.reader.loadForWrite(id, ctx.principal, true)).stored;
  for (let attempt = 1; ; attempt++) {
    if (ctx.ifMatch !== undefined && !etagMatches(ctx.ifMatch, current.record.version)) {
      throw problems.preconditionFailed(String(ctx.ifMatch), current.record.version);
    }
    const next = await recorded(deps, current, compute);
    if (!next) return { kind: "unchanged", record: current.record };
    const outcome = await commitChange(deps, {
      current,
      next: next.stored,
      entries: [],
      recorded: next.events,
      ...(next.timers ? { timers: next.timers } : {}),
      status: 200,
      key,
      origin: ctx,
    });
    if (outcome.kind === "committed") return { kind: "committed", record: next.stored.record };
    if (outcome.kind === "key-taken") return outcome;
    if (attempt >= MAX_RECORD_ATTEMPTS) throw problems.concurrentUpdate(id);
    current = (await deps.reader.loadForWrite(id, ctx.principal, true)).stored;
  }
}

async function recorded(
  deps: WritePathDeps,
  current: StoredReturn,
  compute: ComputeRecording,
): Promise<{
  stored: StoredReturn;
  events: RecordedEvent[];
  timers: Omit<TimerChanges, "fire"> | undefined;
} | null> {
  const at = timestamp(deps.now);
  const recording = await compute(current.record, at);
  if (!recording) return null;
  const { record, events, timers } = recording;
  const version = current.record.version + 1;
  const next = nextVersion(record, version, at, current.record.history);
  return { stored: { record: next, snapshot: current.snapshot }, events, timers };
}

/**
 * Commits `events` about customer `customerId` on their own (no return changes), each
 * after every earlier event of that customer; answers them as stored.
 */
export async function recordAboutCustomer(
  deps: Pick<WritePathDeps, "store" | "now">,
  customerId: string,
  events: readonly RecordedEvent[],
  origin: EventOrigin,
): Promise<OutboxEvent[]> {
  const at = timestamp(deps.now);
  const appended = publishAboutCustomer(customerId, events, at, eventOrigin(origin));
  const result = await deps.store.commitMany({ changes: [], events: appended });
  // Nothing in such a commit can be refused: no version, no key, no allowance.
  if (!result.ok) throw new Error(`events about customer ${customerId} refused: ${result.reason}`);
  return result.appended;
}
