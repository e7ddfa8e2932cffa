/**
 * @module privacy/erasure-job — an erasure as a durable job: a timer that belongs to no return
 * (`store.setJobTimer`), whose key holds the target, the pseudonym, the reason and who asked,
 * for as long as the job runs. The scheduler claims it like any timer; firing it erases the
 * target's returns a batch at a time (one store call each), forgets the idempotency records
 * that name the customer, publishes `customer.erased`, and removes the timer: after that no
 * mapping from the erased id to the pseudonym exists anywhere.
 *
 * Every step is idempotent, so a process that dies mid-way loses nothing: the timer's lease
 * runs out and the next scheduler fires it again, carrying on where the batches stopped.
 */
import type { Actor } from "../domain/principal";
import type { HistoryEntry } from "../domain/schemas";
import { publishAboutCustomer } from "../returns/events";
import type {
  ErasureTarget,
  ReturnErasure,
  ReturnsStore,
  StoredReturn,
  Timer,
} from "../store/types";
import {
  eraseRecord,
  newPseudonym,
  PSEUDONYM_PREFIX,
  personalStrings,
  scrubberFor,
} from "./personal-fields";

/** The timer name every erasure job is set under. */
const ERASURE_TIMER = "privacy_erasure";

/** Returns erased per store call. */
const ERASURE_BATCH = 50;

export interface ErasureJob {
  /** A customer's returns, an order's, or one return (the retention rule's). */
  scope: "customer" | "order" | "return";
  /** The customer's, the order's or the return's id. */
  target: string;
  /**
   * The customer id's replacement. Empty for one return's job: the job draws it when it erases
   * the return, and reads it back from the erased record if it runs again, so a job set twice
   * under one key is one job.
   */
  pseudonym: string;
  reason: string;
  requestedBy: { kind: Actor["kind"]; id: string };
}

/** The timer's `return_id`: the job itself, as JSON (no return id starts with `[`). */
export function jobTimer(job: ErasureJob, dueAt: number): Timer {
  const { scope, target, pseudonym, reason, requestedBy } = job;
  const key = JSON.stringify(["erasure", scope, target, pseudonym, reason, requestedBy]);
  return { return_id: key, name: ERASURE_TIMER, due_at: dueAt };
}

export function isErasureTimer(timer: Timer): boolean {
  return timer.name === ERASURE_TIMER;
}

function jobOf(timer: Timer): ErasureJob {
  const [, scope, target, pseudonym, reason, requestedBy] = JSON.parse(timer.return_id);
  return { scope, target, pseudonym, reason, requestedBy };
}

/** Which returns the job takes. */
export function erasureTarget(scope: ErasureJob["scope"], target: string): ErasureTarget {
  if (scope === "customer") return { customer_id: target };
  return scope === "order" ? { order_id: target } : { return_id: target };
}

/**
 * One return's erasure: tombstones, the pseudonym, and a history entry saying who asked.
 * `siblings`: the personal strings of the target's returns not erased yet, cut out of copies.
 */
function erasureOf(
  stored: StoredReturn,
  job: ErasureJob,
  at: string,
  siblings: readonly string[],
): ReturnErasure {
  const { record } = stored;
  const erased = eraseRecord(record, job.pseudonym);
  const entry: HistoryEntry = {
    seq: record.history.length + 1,
    event: "erase",
    from: record.state,
    to: record.state,
    at,
    actor: { kind: "privacy", id: "erasure", on_behalf_of: job.requestedBy },
  };
  const next = {
    record: {
      ...erased,
      version: record.version + 1,
      updated_at: at,
      history: [...erased.history, entry],
    },
    snapshot: stored.snapshot,
  };
  const scrub = scrubberFor(record, job.pseudonym, siblings);
  const needles = [JSON.stringify(record.customer_id), JSON.stringify(record.id)];
  return { next, json: scrub.json, text: scrub.text, needles };
}

/** What identifies a customer's idempotency records: their id in a key, an answer or a path. */
function customerNeedles(customerId: string): string[] {
  return [JSON.stringify(customerId), `/${encodeURIComponent(customerId)}/`];
}

interface ErasureJobDeps {
  store: ReturnsStore;
  now: () => number;
}

/** Fires an erasure job to the end; "fired" once its timer is removed by this call. */
export async function runErasureJob(deps: ErasureJobDeps, timer: Timer): Promise<"fired" | "gone"> {
  const { store, now } = deps;
  const job = await withPseudonym(store, jobOf(timer));
  const target = erasureTarget(job.scope, job.target);
  // Read once per run, before any batch: a batch erases the very strings the later ones cut.
  const siblings = await unerasedStrings(store, target);
  for (;;) {
    const at = new Date(now()).toISOString();
    const ids = await store.eraseReturns({
      target,
      erasedPrefix: PSEUDONYM_PREFIX,
      limit: ERASURE_BATCH,
      erase: (stored) => erasureOf(stored, job, at, siblings),
    });
    if (ids.length === 0) break;
  }
  if (job.scope === "customer") await store.forgetIdempotencyRecords(customerNeedles(job.target));
  const returnIds = await erasedIds(store, job.pseudonym);
  if (returnIds.length > 0) await publishErased(store, job, returnIds, now());
  return (await store.clearJobTimer(timer)) ? "fired" : "gone";
}

/**
 * The personal strings of every return of `target` not erased yet: a copy kept beside one
 * return (a receiver's error text) may quote another's note or address.
 */
async function unerasedStrings(store: ReturnsStore, target: ErasureTarget): Promise<string[]> {
  const strings = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await store.listReturns({
      ...target,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    for (const { record } of page.data)
      if (!record.customer_id.startsWith(PSEUDONYM_PREFIX))
        for (const text of personalStrings(record)) strings.add(text);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return [...strings];
}

/** A one-return job's pseudonym: the one its return got already, or a new one. */
async function withPseudonym(store: ReturnsStore, job: ErasureJob): Promise<ErasureJob> {
  if (job.pseudonym !== "") return job;
  const stored = await store.getReturn(job.target);
  const erased = stored?.record.customer_id.startsWith(PSEUDONYM_PREFIX);
  return { ...job, pseudonym: erased ? stored!.record.customer_id : newPseudonym() };
}

/** The ids of every return the pseudonym names: the job's, whatever batch erased them. */
async function erasedIds(store: ReturnsStore, pseudonym: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listReturns({
      customer_id: pseudonym,
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    ids.push(...page.data.map((stored) => stored.record.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return ids;
}

async function publishErased(
  store: ReturnsStore,
  job: ErasureJob,
  returnIds: string[],
  now: number,
): Promise<void> {
  const data = {
    scope: job.scope,
    reason: job.reason,
    return_ids: returnIds,
    returns_erased: returnIds.length,
  };
  const at = new Date(now).toISOString();
  const events = publishAboutCustomer(job.pseudonym, [{ type: "customer.erased", data }], at);
  const result = await store.commitMany({ changes: [], events });
  if (!result.ok) throw new Error(`customer.erased of ${job.pseudonym}: ${result.reason}`);
}
