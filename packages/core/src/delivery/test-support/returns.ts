/**
 * @module delivery/test-support/returns — commits returns straight into a store, the way
 * the service does (machine → record → outbox events in one commit), so dispatcher tests
 * have real events to deliver without depending on the service.
 */

import { advanceStoredReturn, makeStoredReturn } from "@returnkit/testing";
import type { ReturnEvent } from "../../domain/machine";
import { createReasonCatalogue } from "../../domain/reasons";
import type { ReturnData } from "../../domain/schemas";
import { publishTransitions } from "../../returns/events";
import type { OutboxEvent, ReturnsStore, StoredReturn } from "../../store/types";

const catalogue = createReasonCatalogue();

/** A clock the test moves by hand. */
export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

interface CommitOptions {
  /** Epoch ms of the transition; defaults to the real time. */
  at?: number;
  /** A fit reason (e.g. `TOO_SMALL`) also publishes `return.fit_signal` at received/graded/closed. */
  reason?: string;
}

/** Creates a draft return; resolves with its id and the `return.created` event. */
export async function commitNewReturn(
  store: ReturnsStore,
  options: CommitOptions = {},
): Promise<{ id: string; events: OutboxEvent[] }> {
  const draft = makeStoredReturn({ at: options.at ?? Date.now() });
  const record: ReturnData = { ...draft.record, reason: options.reason ?? "CHANGED_MIND" };
  return { id: record.id, events: await commitPublished(store, { ...draft, record }, null) };
}

/** Sends one machine event to a return; resolves with the events the commit published. */
export async function commitReturnEvent(
  store: ReturnsStore,
  id: string,
  event: ReturnEvent,
  options: Pick<CommitOptions, "at"> = {},
): Promise<OutboxEvent[]> {
  const stored = await store.getReturn(id);
  if (!stored) throw new Error(`fixture: no return ${id}`);
  const next = advanceStoredReturn(stored, event, options.at ?? Date.now());
  // The event bodies the service would store, so payloads look like real ones.
  if (event === "grade")
    next.record.grade = {
      condition: "USED",
      disposition: "RESTOCK",
      accepted_quantity: next.record.line.quantity,
    };
  if (event === "ship") next.record.shipment = { carrier: "UPS", tracking_number: "1Z" };
  return commitPublished(store, next, stored.record.version);
}

/** Commits `next` with the events its latest history entry publishes. */
async function commitPublished(
  store: ReturnsStore,
  next: StoredReturn,
  expectedVersion: number | null,
): Promise<OutboxEvent[]> {
  const entry = next.record.history.at(-1)!;
  const { events } = publishTransitions(next.record, [entry], catalogue);
  const result = await store.commit({ next, expectedVersion, events });
  if (!result.ok) throw new Error(`fixture ${entry.event} failed: ${result.reason}`);
  return result.events;
}

/** Creates a return and walks it through `steps`; resolves with every event in commit order. */
export async function commitLifecycle(
  store: ReturnsStore,
  steps: readonly ReturnEvent[],
  options: CommitOptions = {},
): Promise<{ id: string; events: OutboxEvent[] }> {
  const created = await commitNewReturn(store, options);
  const events = [...created.events];
  for (const step of steps)
    events.push(...(await commitReturnEvent(store, created.id, step, options)));
  return { id: created.id, events };
}
