import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allowedEvents,
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  MERCHANT_EVENTS,
  PORTAL_EVENTS,
  persistReturnSnapshot,
  RETURN_STATES,
  type ReturnEvent,
  type ReturnState,
  restoreReturnSnapshot,
  stateOf,
  statesAccepting,
  TERMINAL_STATES,
} from "./machine";

const ALL_EVENTS: ReturnEvent[] = [...PORTAL_EVENTS, ...MERCHANT_EVENTS];

/**
 * The lifecycle table, written out once here as the oracle the machine is checked against. Flag and
 * unflag are handled separately because unflag's target depends on history.
 */
const SPEC_TABLE: Record<Exclude<ReturnEvent, "flag" | "unflag">, [ReturnState[], ReturnState]> = {
  update: [["draft"], "draft"],
  submit: [["draft"], "submitted"],
  cancel: [["draft", "submitted", "approved"], "cancelled"],
  approve: [["submitted"], "approved"],
  reject: [["submitted", "flagged"], "rejected"],
  ship: [["approved"], "in_transit"],
  receive: [["in_transit"], "received"],
  grade: [["received"], "graded"],
  close: [["graded"], "closed"],
};
const FLAGGABLE: ReturnState[] = ["submitted", "approved", "in_transit", "received", "graded"];

function specAllows(state: ReturnState, event: ReturnEvent): boolean {
  if (event === "flag") return FLAGGABLE.includes(state);
  if (event === "unflag") return state === "flagged";
  return SPEC_TABLE[event][0].includes(state);
}

describe("returnMachine", () => {
  it("machine - starts in draft and knows the three terminal states", () => {
    expect(stateOf(initialReturnSnapshot())).toBe("draft");
    expect([...TERMINAL_STATES].sort()).toEqual(["cancelled", "closed", "rejected"]);
  });

  it("machine - the initial snapshot and its persisted form are computed once and shared", () => {
    const first = initialReturnSnapshot();
    expect(initialReturnSnapshot()).toBe(first);
    const persisted = persistReturnSnapshot(first);
    expect(persistReturnSnapshot(initialReturnSnapshot())).toBe(persisted);
    expect(Object.isFrozen(persisted)).toBe(true);
    expect(stateOf(restoreReturnSnapshot(structuredClone(persisted)))).toBe("draft");
  });

  it("machine - allowedEventsIn matches the lifecycle table for every state and caller", () => {
    for (const state of RETURN_STATES) {
      for (const caller of ["portal", "merchant"] as const) {
        const expected = ALL_EVENTS.filter(
          (e) => EVENT_CALLER[e] === caller && specAllows(state, e),
        );
        expect(allowedEventsIn(state, caller), `${caller} in ${state}`).toEqual(expected);
      }
    }
  });

  it("machine - statesAccepting names every state the lifecycle table applies an event in", () => {
    for (const event of ALL_EVENTS) {
      const expected = RETURN_STATES.filter((state) => specAllows(state, event));
      expect(statesAccepting(event), event).toEqual(expected);
    }
  });

  it("machine - flag then unflag returns to each state it was flagged from, through JSON persistence", () => {
    for (const from of FLAGGABLE) {
      let snapshot = initialReturnSnapshot();
      const path: ReturnEvent[] = ["submit", "approve", "ship", "receive", "grade"];
      for (const event of path.slice(0, FLAGGABLE.indexOf(from) + 1)) {
        const step = applyReturnEvent(snapshot, event);
        if (!step.ok) throw new Error(`${event} refused`);
        snapshot = step.snapshot;
      }
      const flagged = applyReturnEvent(snapshot, "flag");
      expect(flagged.ok && flagged.to).toBe("flagged");
      if (!flagged.ok) return;
      const json = JSON.parse(JSON.stringify(persistReturnSnapshot(flagged.snapshot)));
      const restored = restoreReturnSnapshot(json);
      expect(stateOf(restored)).toBe("flagged");
      const back = applyReturnEvent(restored, "unflag");
      expect(back.ok && back.to).toBe(from);
    }
  });

  it("machine - property: random event sequences never leave the lifecycle table", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALL_EVENTS), { maxLength: 40 }), (events) => {
        let snapshot = initialReturnSnapshot();
        let flaggedFrom: ReturnState | null = null;
        for (const event of events) {
          const state = stateOf(snapshot);
          // What the machine accepts is exactly what allowedEvents lists, and what the table allows.
          expect(allowedEvents(snapshot)).toEqual(ALL_EVENTS.filter((e) => specAllows(state, e)));
          expect(allowedEventsIn(state)).toEqual(allowedEvents(snapshot));
          const result = applyReturnEvent(snapshot, event);
          expect(result.ok).toBe(specAllows(state, event));
          if (!result.ok) continue;
          const expectedTo =
            event === "flag" ? "flagged" : event === "unflag" ? flaggedFrom! : SPEC_TABLE[event][1];
          expect(result.to).toBe(expectedTo);
          if (event === "flag") flaggedFrom = state;
          // Persist and restore at every step, as a store would; every other step through a
          // copy whose keys come in another order, which the memo has not seen, so the
          // snapshot is rebuilt from JSON rather than found.
          const persisted = JSON.parse(JSON.stringify(persistReturnSnapshot(result.snapshot)));
          snapshot = restoreReturnSnapshot(
            events.indexOf(event) % 2 === 0 ? reordered(persisted) : persisted,
          );
          expect(stateOf(snapshot)).toBe(expectedTo);
        }
        if (TERMINAL_STATES.includes(stateOf(snapshot)))
          expect(allowedEvents(snapshot)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("machine - a snapshot is computed once per persisted form, shared, and rebuilt alike from any copy", () => {
    const submitted = applyReturnEvent(initialReturnSnapshot(), "submit");
    if (!submitted.ok) throw new Error("submit refused");
    const persisted = persistReturnSnapshot(submitted.snapshot);
    expect(Object.isFrozen(persisted)).toBe(true);
    expect(persistReturnSnapshot(submitted.snapshot)).toBe(persisted);
    // What a store reads back is the same state: the same shared snapshot.
    expect(restoreReturnSnapshot(JSON.parse(JSON.stringify(persisted)))).toBe(submitted.snapshot);
    expect(applyReturnEvent(submitted.snapshot, "approve")).toBe(
      applyReturnEvent(submitted.snapshot, "approve"),
    );
    // A copy the memo has not seen is rebuilt from JSON, and behaves the same.
    const rebuilt = restoreReturnSnapshot(reordered(JSON.parse(JSON.stringify(persisted))));
    expect(rebuilt).not.toBe(submitted.snapshot);
    expect(stateOf(rebuilt)).toBe("submitted");
    expect(allowedEvents(rebuilt)).toEqual(allowedEvents(submitted.snapshot));
    expect(applyReturnEvent(rebuilt, "approve")).toMatchObject({ ok: true, to: "approved" });
  });
});

/** The same persisted snapshot with its keys in reverse order: equal JSON, other text. */
function reordered(persisted: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(persisted).reverse());
}
