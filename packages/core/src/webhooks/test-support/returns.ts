/**
 * @module webhooks/test-support/returns — commits returns straight into a store, the way
 * the service does (machine → record → outbox events in one commit), so dispatcher tests
 * have real events to deliver without depending on the service.
 */
import { newReturnId } from "../../ids";
import {
  applyReturnEvent,
  initialReturnSnapshot,
  persistReturnSnapshot,
  type ReturnEvent,
  restoreReturnSnapshot,
} from "../../machine";
import { createReasonCatalogue } from "../../reasons";
import type { HistoryEntry, ReturnData } from "../../schemas";
import type { OutboxEvent, ReturnsStore } from "../../store/types";
import { publishTransitions } from "../events";

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

export interface CommitOptions {
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
  const at = new Date(options.at ?? Date.now()).toISOString();
  const id = newReturnId();
  const entry: HistoryEntry = {
    seq: 1,
    event: "create",
    from: null,
    to: "draft",
    at,
    actor: { kind: "portal", id: "cus_1" },
  };
  const record: ReturnData = {
    id,
    object: "return",
    order_id: "ord_1",
    line: { sku: "SKU-1", quantity: 1, size: "M" },
    reason: options.reason ?? "CHANGED_MIND",
    resolution: "REFUND",
    exchange_size: null,
    state: "draft",
    flagged_from: null,
    grade: null,
    shipment: null,
    customer_id: "cus_1",
    version: 1,
    created_at: at,
    updated_at: at,
    history: [entry],
  };
  const { events } = publishTransitions(record, [entry], catalogue);
  const result = await store.commit({
    next: { record, snapshot: persistReturnSnapshot(initialReturnSnapshot()) },
    expectedVersion: null,
    events,
  });
  if (!result.ok) throw new Error(`fixture create failed: ${result.reason}`);
  return { id, events: result.events };
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
  const applied = applyReturnEvent(restoreReturnSnapshot(stored.snapshot), event);
  if (!applied.ok) throw new Error(`fixture: ${event} not allowed in ${applied.state}`);
  const previous = stored.record;
  const at = new Date(options.at ?? Date.now()).toISOString();
  const entry: HistoryEntry = {
    seq: previous.history.length + 1,
    event,
    from: applied.from,
    to: applied.to,
    at,
    actor: {
      kind: event === "submit" || event === "cancel" || event === "update" ? "portal" : "merchant",
      id: "actor_1",
    },
  };
  const record: ReturnData = {
    ...previous,
    state: applied.to,
    flagged_from:
      event === "flag" ? applied.from : event === "unflag" ? null : previous.flagged_from,
    grade: event === "grade" ? { condition: "USED", disposition: "RESTOCK" } : previous.grade,
    shipment: event === "ship" ? { carrier: "UPS", tracking_number: "1Z" } : previous.shipment,
    version: previous.version + 1,
    updated_at: at,
    history: [...previous.history, entry],
  };
  const { events } = publishTransitions(record, [entry], catalogue);
  const result = await store.commit({
    next: { record, snapshot: persistReturnSnapshot(applied.snapshot) },
    expectedVersion: previous.version,
    events,
  });
  if (!result.ok) throw new Error(`fixture ${event} failed: ${result.reason}`);
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
