import { describe, expect, it } from "vitest";
import { deepFreeze } from "../../util/deep-freeze";
import type { OutboxEventInput } from "../types";
import { HeldEvents } from "./held-events";

const at = "2026-11-21T10:00:00.000Z";
const record = deepFreeze({ id: "ret_1", state: "draft" });
const transition = deepFreeze({ seq: 1, event: "create", from: null, to: "draft", at });

function eventInput(id: string, data: Record<string, unknown>): OutboxEventInput {
  return deepFreeze({
    id,
    return_id: "ret_1",
    seq: 1,
    type: "return.created",
    payload: { type: "return.created", timestamp: at, data },
    created_at: at,
  });
}

describe("HeldEvents", () => {
  it("held events - read back equal to what was appended, wrapped or not", () => {
    const events = new HeldEvents();
    const plain = eventInput("evt_1", { return: record, transition });
    const withSignal = eventInput("evt_2", {
      signal: { stage: "received" },
      return: record,
      transition,
    });
    const fromRequest = {
      ...eventInput("evt_3", { return: record, transition }),
      request_id: "req_1",
    };
    events.add(plain, 1);
    events.add(withSignal, 2);
    events.add(fromRequest, 3);
    const unstamped = {
      request_id: null,
      traceparent: null,
      subject: { kind: "return", id: "ret_1" },
    };
    expect(events.ofReturn("ret_1")).toEqual([
      { ...plain, ...unstamped, position: 1 },
      { ...withSignal, ...unstamped, position: 2 },
      { ...fromRequest, traceparent: null, subject: unstamped.subject, position: 3 },
    ]);
    expect(events.get("evt_1")?.payload.data.return).toBe(record);
    expect(Object.isFrozen(events.get("evt_1")?.payload)).toBe(true);
  });

  it("held events - a removed event is gone from its return and by id", () => {
    const events = new HeldEvents();
    events.add(eventInput("evt_1", { return: record, transition }), 1);
    events.add(eventInput("evt_2", { return: record, transition }), 2);
    events.remove("evt_1");
    expect(events.get("evt_1")).toBeUndefined();
    expect(events.ofReturn("ret_1").map((event) => event.id)).toEqual(["evt_2"]);
    events.remove("evt_2");
    expect(events.ofReturn("ret_1")).toEqual([]);
    expect([...events.all()]).toEqual([]);
  });

  it("held events - an event about a customer is held by id and under no return", () => {
    const events = new HeldEvents();
    const about: OutboxEventInput = deepFreeze({
      ...eventInput("evt_1", { customer_id: "cus_7" }),
      return_id: null,
      subject: { kind: "customer", id: "cus_7" },
      seq: null,
    });
    events.add(about, 1);
    expect(events.get("evt_1")).toMatchObject({
      return_id: null,
      subject: about.subject,
      seq: null,
    });
    expect(events.ofReturn("cus_7")).toEqual([]);
    events.remove("evt_1");
    expect([...events.all()]).toEqual([]);
  });

  it("held events - an event whose return and subject disagree is refused", () => {
    const events = new HeldEvents();
    const wrong = { ...eventInput("evt_1", {}), subject: { kind: "customer" as const, id: "c" } };
    expect(() => events.add(wrong, 1)).toThrow(TypeError);
    expect(() => events.add({ ...eventInput("evt_2", {}), return_id: null }, 2)).toThrow(TypeError);
  });
});
