import { describe, expect, it } from "vitest";
import { deepFreeze, frozenCopy } from "./deep-freeze";

describe("frozenCopy", () => {
  it("copies, so the caller's later changes cannot reach the copy", () => {
    const source = { a: "x", list: [{ n: 1 }], nested: { b: null as string | null } };
    const copy = frozenCopy(source);
    source.a = "changed";
    source.list.push({ n: 2 });
    source.list[0]!.n = 9;
    source.nested.b = "changed";
    expect(copy).toEqual({ a: "x", list: [{ n: 1 }], nested: { b: null } });
    expect(copy.list).not.toBe(source.list);
  });

  it("freezes the copy all the way down", () => {
    const copy = frozenCopy({ list: [{ n: 1 }], nested: { b: "y" } });
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.list)).toBe(true);
    expect(Object.isFrozen(copy.list[0])).toBe(true);
    expect(Object.isFrozen(copy.nested)).toBe(true);
  });

  it("keeps an object reached twice one object, as a record its events and response share", () => {
    const record = { id: "ret_1", history: [{ seq: 1 }] };
    const copy = frozenCopy({ next: { record }, events: [{ payload: { return: record } }] });
    expect(copy.events[0]!.payload.return).toBe(copy.next.record);
    expect(copy.next.record).not.toBe(record);
  });

  it("shares parts already deeply frozen, and copies parts someone else froze shallowly", () => {
    const entry = deepFreeze({ seq: 1, at: "2026-11-21T10:00:00.000Z" });
    const shallow = Object.freeze({ inner: { n: 1 } });
    const copy = frozenCopy({ history: [entry], shallow });
    expect(copy.history[0]).toBe(entry);
    expect(copy.shallow).not.toBe(shallow);
    shallow.inner.n = 2;
    expect(copy.shallow.inner.n).toBe(1);
    // A copy is itself deeply frozen, so the next version's copy shares it.
    expect(frozenCopy({ again: copy.shallow }).again).toBe(copy.shallow);
  });

  it("copies a frozen part that reaches a mutable one deep down, and shares its frozen siblings", () => {
    const settled = deepFreeze({ seq: 1 });
    const mutable = { n: 1 };
    const outer = Object.freeze({
      settled,
      inner: Object.freeze({ list: Object.freeze([mutable]) }),
    });
    const copy = frozenCopy({ outer });
    mutable.n = 2;
    expect(copy.outer).not.toBe(outer);
    expect(copy.outer.settled).toBe(settled);
    expect(copy.outer.inner.list[0]).toEqual({ n: 1 });
    expect(Object.isFrozen(copy.outer.inner.list[0])).toBe(true);
  });

  it("shares a value frozen all the way down whole, without copying any of it", () => {
    const record = deepFreeze({ id: "ret_1", line: { sku: "A" }, history: [{ seq: 1 }] });
    const commit = deepFreeze({ next: { record }, events: [{ payload: { return: record } }] });
    expect(frozenCopy(commit)).toBe(commit);
  });

  it("clones what is not a plain object or array", () => {
    const at = new Date(0);
    const copy = frozenCopy({ at });
    at.setTime(5);
    expect(copy.at).not.toBe(at);
    expect(copy.at.getTime()).toBe(0);
  });
});
