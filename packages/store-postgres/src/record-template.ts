/**
 * @module record-template — a value's JSON with one record cut out of it, so a commit can
 * write the record once and the response and payloads that hold it as templates
 * (migration 002).
 *
 * `RECORD_MARK` stands where the record was. JSON.stringify escapes every control
 * character, so it never writes U+0002 raw: in a template the mark can mean nothing else,
 * and putting the record back is a plain replace, here or in SQL (`replace(…, chr(2), …)`).
 */

export const RECORD_MARK = "\u0002";

/**
 * How deep into plain objects the record is looked for: a response holds it at `body`, an
 * event's payload at `data.return`. Deeper, or inside an array, it is simply written out,
 * which is still correct, only not shared. Each level searched costs a JSON.stringify call
 * per key instead of one for the whole object, so no deeper than the record is.
 */
const SEARCH_DEPTH = 2;

/**
 * JSON.stringify(value), except that wherever `record` itself (the same object) appears
 * in a plain object within SEARCH_DEPTH levels, the text holds RECORD_MARK instead.
 *
 * Plain objects are walked as JSON.stringify walks them (own enumerable keys in order;
 * undefined, functions and symbols left out); everything else, including whatever has a
 * `toJSON`, goes to JSON.stringify whole. Measured against the alternatives, for an event
 * payload holding a 1 KB record: writing the whole value and cutting the record's text out
 * costs 7–9 µs, a replacer function that swaps the record for a marker 1.8 µs, this 1.1 µs.
 */
export function recordTemplate(value: unknown, record: object): string {
  return walk(value, record, SEARCH_DEPTH) ?? "null";
}

function walk(value: unknown, record: object, depth: number): string | undefined {
  if (value === record) return RECORD_MARK;
  if (
    depth === 0 ||
    typeof value !== "object" ||
    value === null ||
    Array.isArray(value) ||
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    return JSON.stringify(value);
  }
  let text = "{";
  for (const key of Object.keys(value)) {
    const inner = walk((value as Record<string, unknown>)[key], record, depth - 1);
    if (inner === undefined) continue;
    if (text.length > 1) text += ",";
    text += `${JSON.stringify(key)}:${inner}`;
  }
  return `${text}}`;
}

/** The JSON a template stands for, given the record's JSON. */
export function fillTemplate(template: string, recordJson: string): string {
  return template.includes(RECORD_MARK) ? template.split(RECORD_MARK).join(recordJson) : template;
}
