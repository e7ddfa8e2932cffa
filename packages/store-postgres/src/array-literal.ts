/**
 * @module array-literal — PostgreSQL array literals (`{"a","b",NULL}`) for the commit's
 * column parameters, written the cheap way.
 *
 * `pg` turns a JavaScript array into a literal itself, but one element at a time: two
 * regular-expression replaces per element and a string grown by `+`. For a batch's two
 * dozen columns that was the largest single source of garbage a commit made in Node (about
 * a sixth of what it allocated). This writes the same literal with one test per element
 * and a single `join`. A string parameter reaches the server as it is.
 */

/** Elements that need a backslash inside a double-quoted array element. */
const NEEDS_ESCAPE = /["\\]/;

/** `{"…","…",NULL}`: every element quoted, so no value can read as NULL, a comma or a brace. */
export function textArrayLiteral(values: ReadonlyArray<string | null>): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = "NULL";
    else parts[i] = `"${NEEDS_ESCAPE.test(value) ? value.replace(/["\\]/g, "\\$&") : value}"`;
  }
  return `{${parts.join(",")}}`;
}

/** `{1,2,NULL}` for integers (and epoch ms, which stay integers far below 2^53). */
export function numberArrayLiteral(values: ReadonlyArray<number | null>): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = "NULL";
    else if (Number.isSafeInteger(value)) parts[i] = String(value);
    else throw new RangeError(`not an integer a column can hold: ${value}`);
  }
  return `{${parts.join(",")}}`;
}
