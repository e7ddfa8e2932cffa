/**
 * @module domain/machine — the one lifecycle machine of a return.
 *
 * This definition is the only place that knows which event applies in which state. The
 * service asks it whether a transition is allowed, the 409 body lists what it accepts, and
 * the HTTP layer derives `_templates` from it. It is used purely: no actor is ever started.
 */
import {
  type AnyMachineSnapshot,
  createActor,
  initialTransition,
  type SnapshotFrom,
  setup,
  transition,
} from "xstate";
import { deepFreeze } from "../util/deep-freeze";
import type { CallerKind } from "./principal";

export const RETURN_STATES = [
  "draft",
  "submitted",
  "approved",
  "in_transit",
  "received",
  "graded",
  "closed",
  "rejected",
  "flagged",
  "cancelled",
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

export const PORTAL_EVENTS = ["update", "submit", "cancel"] as const;
export const MERCHANT_EVENTS = [
  "approve",
  "reject",
  "flag",
  "unflag",
  "ship",
  "receive",
  "grade",
  "close",
] as const;
export type PortalEvent = (typeof PORTAL_EVENTS)[number];
export type MerchantEvent = (typeof MERCHANT_EVENTS)[number];
export type ReturnEvent = PortalEvent | MerchantEvent;

/** Which caller may send an event; the machine decides when. */
export const EVENT_CALLER: Record<ReturnEvent, CallerKind> = {
  update: "portal",
  submit: "portal",
  cancel: "portal",
  approve: "merchant",
  reject: "merchant",
  flag: "merchant",
  unflag: "merchant",
  ship: "merchant",
  receive: "merchant",
  grade: "merchant",
  close: "merchant",
};

export function isMerchantEvent(name: string): name is MerchantEvent {
  return (MERCHANT_EVENTS as readonly string[]).includes(name);
}

export function eventsOf(caller: CallerKind): readonly ReturnEvent[] {
  return caller === "portal" ? PORTAL_EVENTS : MERCHANT_EVENTS;
}

export const returnMachine = setup({
  types: {
    events: {} as { type: ReturnEvent },
  },
}).createMachine({
  id: "return",
  initial: "draft",
  states: {
    draft: {
      on: {
        update: { target: "draft" },
        submit: { target: "open.submitted" },
        cancel: { target: "cancelled" },
      },
    },
    // The states a return can be flagged from; the history state brings `unflag` back to
    // whichever of them it left.
    open: {
      initial: "submitted",
      on: { flag: { target: "flagged" } },
      states: {
        submitted: {
          on: {
            approve: { target: "approved" },
            reject: { target: "#return.rejected" },
            cancel: { target: "#return.cancelled" },
          },
        },
        approved: {
          on: {
            ship: { target: "in_transit" },
            cancel: { target: "#return.cancelled" },
          },
        },
        in_transit: { on: { receive: { target: "received" } } },
        received: { on: { grade: { target: "graded" } } },
        graded: { on: { close: { target: "#return.closed" } } },
        resume: { type: "history" },
      },
    },
    flagged: {
      on: {
        unflag: { target: "open.resume" },
        reject: { target: "rejected" },
      },
    },
    closed: { type: "final" },
    rejected: { type: "final" },
    cancelled: { type: "final" },
  },
});

export type ReturnSnapshot = SnapshotFrom<typeof returnMachine>;
/** JSON-safe form of a snapshot, as stores keep it. */
export type PersistedReturnSnapshot = ReturnType<typeof returnMachine.getPersistedSnapshot>;

export const TERMINAL_STATES: readonly ReturnState[] = RETURN_STATES.filter((state) =>
  isTerminal(stateNodeFor(state)),
);

function stateNodeFor(state: ReturnState) {
  const node = returnMachine.states[state] ?? returnMachine.states.open!.states[state];
  if (!node) throw new Error(`machine has no state ${state}`);
  return node;
}

function isTerminal(node: { type: string }): boolean {
  return node.type === "final";
}

let initialSnapshot: ReturnSnapshot | undefined;

/**
 * The snapshot every return starts from. Computed once and shared, like every snapshot this
 * module hands out: treat it as a value, never change it.
 */
export function initialReturnSnapshot(): ReturnSnapshot {
  initialSnapshot ??= initialTransition(returnMachine)[0];
  return initialSnapshot;
}

/** The flat state name of a snapshot (`{ open: "approved" }` → `approved`). */
export function stateOf(snapshot: AnyMachineSnapshot): ReturnState {
  const value = snapshot.value as string | Record<string, string>;
  return (typeof value === "string" ? value : Object.values(value)[0]) as ReturnState;
}

/*
 * The machine holds no data of its own (empty context, no children): a snapshot is wholly
 * determined by its persisted JSON, of which there are a few dozen (state × where a flag
 * returns to). Rebuilding one costs an xstate actor and a transition another, together about
 * a third of a write's CPU, so both are computed once per distinct snapshot and shared; the
 * shared snapshots are treated as values and never changed.
 */

/** Far more than the machine's distinct snapshots; only a bound against corrupt input. */
const MEMO_LIMIT = 1024;
/** Persisted JSON text → its live snapshot. */
const liveByText = new Map<string, ReturnSnapshot>();
/** Live snapshot → its persisted form (frozen) and that form's JSON text. */
const persistedOfLive = new WeakMap<ReturnSnapshot, { persisted: object; text: string }>();
/** `${persisted JSON}\n${event}` → the transition's result. */
const transitionsByKey = new Map<string, TransitionResult>();

function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size < MEMO_LIMIT) memo.set(key, value);
}

/** The persisted form of a live snapshot and its JSON text, computed once per snapshot. */
function persistedForm(snapshot: ReturnSnapshot): { persisted: object; text: string } {
  let known = persistedOfLive.get(snapshot);
  if (!known) {
    const persisted = deepFreeze(returnMachine.getPersistedSnapshot(snapshot) as object);
    known = { persisted, text: JSON.stringify(persisted) };
    persistedOfLive.set(snapshot, known);
    if (!liveByText.has(known.text)) remember(liveByText, known.text, snapshot);
  }
  return known;
}

/**
 * Restores a persisted snapshot, history included. The actor is never started, so no
 * action runs: this is only a way to rebuild the snapshot object.
 */
export function restoreReturnSnapshot(persisted: unknown): ReturnSnapshot {
  const text = JSON.stringify(persisted);
  let snapshot = liveByText.get(text);
  if (!snapshot) {
    snapshot = createActor(returnMachine, {
      snapshot: persisted as PersistedReturnSnapshot,
    }).getSnapshot();
    remember(liveByText, text, snapshot);
  }
  return snapshot;
}

/** The JSON-safe form of `snapshot`, frozen (the same object each time for one snapshot). */
export function persistReturnSnapshot(snapshot: ReturnSnapshot): PersistedReturnSnapshot {
  return persistedForm(snapshot).persisted as PersistedReturnSnapshot;
}

/** Events this caller may send now, in the catalogue's order. */
export function allowedEvents(snapshot: ReturnSnapshot, caller?: CallerKind): ReturnEvent[] {
  const candidates: readonly ReturnEvent[] = caller
    ? eventsOf(caller)
    : [...PORTAL_EVENTS, ...MERCHANT_EVENTS];
  return candidates.filter((type) => snapshot.can({ type }));
}

export type TransitionResult =
  | { ok: true; snapshot: ReturnSnapshot; from: ReturnState; to: ReturnState }
  | { ok: false; state: ReturnState };

/** Applies an event purely; `ok: false` when the machine does not accept it now. */
export function applyReturnEvent(snapshot: ReturnSnapshot, event: ReturnEvent): TransitionResult {
  const key = `${persistedForm(snapshot).text}\n${event}`;
  let result = transitionsByKey.get(key);
  if (!result) {
    const from = stateOf(snapshot);
    if (snapshot.can({ type: event })) {
      const [next] = transition(returnMachine, snapshot, { type: event });
      result = { ok: true, snapshot: next, from, to: stateOf(next) };
    } else {
      result = { ok: false, state: from };
    }
    remember(transitionsByKey, key, result);
  }
  return result;
}

/**
 * The machine's state value for a flat state name, found by walking the definition
 * (`approved` → `{ open: "approved" }`), so no second table of states exists.
 */
function stateValueFor(state: ReturnState): string | Record<string, string> {
  for (const [key, node] of Object.entries(returnMachine.states)) {
    if (key === state) return key;
    if (node.states[state]) return { [key]: state };
  }
  throw new Error(`machine has no state ${state}`);
}

const allowedCache = new Map<string, ReturnEvent[]>();

/**
 * Events a caller may send to a return in `state`. Which events apply depends on the state
 * alone (history only decides where `unflag` leads), so this needs no stored snapshot.
 */
export function allowedEventsIn(state: ReturnState, caller?: CallerKind): ReturnEvent[] {
  const cacheKey = `${state}:${caller ?? "*"}`;
  let allowed = allowedCache.get(cacheKey);
  if (!allowed) {
    const snapshot = returnMachine.resolveState({ value: stateValueFor(state), context: {} });
    allowed = allowedEvents(snapshot, caller);
    allowedCache.set(cacheKey, allowed);
  }
  return allowed;
}

/** The states in which the machine accepts `event`, in `RETURN_STATES`' order. */
export function statesAccepting(event: ReturnEvent): ReturnState[] {
  return RETURN_STATES.filter((state) => allowedEventsIn(state).includes(event));
}
