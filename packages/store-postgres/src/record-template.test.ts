import { describe, expect, it } from "vitest";
import { fillTemplate, RECORD_MARK, recordTemplate } from "./record-template";

const record = { id: "ret_1", note: "a \u0002 mark, escaped", nested: { list: [1, "two", null] } };
const json = JSON.stringify(record);

/** What the template must stand for: the value's own JSON. */
function roundTrip(value: unknown): string {
  return fillTemplate(recordTemplate(value, record), json);
}

describe("recordTemplate", () => {
  it("cuts the record out of a response and of an event payload", () => {
    const response = { status: 200, body: record, headers: { etag: '"7"' } };
    const payload = { type: "return.closed", data: { return: record, transition: { seq: 7 } } };
    expect(recordTemplate(response, record)).toBe(
      `{"status":200,"body":${RECORD_MARK},"headers":{"etag":"\\"7\\""}}`,
    );
    expect(recordTemplate(payload, record)).toContain(`"return":${RECORD_MARK}`);
    expect(roundTrip(response)).toBe(JSON.stringify(response));
    expect(roundTrip(payload)).toBe(JSON.stringify(payload));
  });

  it("never holds the mark but where the record was: JSON escapes it inside strings", () => {
    expect(json).not.toContain(RECORD_MARK);
    expect(json).toContain("\\u0002");
    const text = recordTemplate({ body: record, note: "\u0002", copy: { ...record } }, record);
    expect(text.split(RECORD_MARK)).toHaveLength(2);
  });

  it("writes what JSON.stringify writes for every other shape", () => {
    const values: unknown[] = [
      { a: undefined, b: () => 1, c: Symbol("s"), d: 1 },
      {
        date: new Date(0),
        list: [record, undefined],
        n: null,
        nested: { deeper: { body: record } },
      },
      { withToJSON: { toJSON: () => ({ body: record }) } },
      { 2: "b", 1: "a", z: "z", y: record },
      [record],
      "text",
      42,
      null,
      record,
    ];
    for (const value of values) expect(roundTrip(value)).toBe(JSON.stringify(value));
  });

  it("shares the record wherever it appears within reach, and writes it whole beyond", () => {
    const twice = { a: record, b: { c: record } };
    expect(recordTemplate(twice, record).split(RECORD_MARK)).toHaveLength(3);
    const tooDeep = { a: { b: { c: record } } };
    expect(recordTemplate(tooDeep, record)).not.toContain(RECORD_MARK);
    expect(roundTrip(tooDeep)).toBe(JSON.stringify(tooDeep));
  });
});
