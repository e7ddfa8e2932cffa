import { afterAll, describe, expect, it } from "vitest";
import { numberArrayLiteral, textArrayLiteral } from "./array-literal";
import { backends, query, STARTUP_TIMEOUT_MS, warmUp } from "./test-support";

const TRICKY = [
  "plain",
  "",
  "NULL",
  "null",
  'quote " inside',
  "back\\slash",
  '\\"both\\"',
  "comma, and {braces}",
  "  spaces  ",
  "tab\tnew\nline",
  "\u0001\u0002 control",
  "ünïcödé ✓ 🚚",
  "ret_01M81QEAZCQ9TGJ98JCAPCBXRJ",
  null,
];

describe("array literals", () => {
  it("match what pg would have sent, element for element", () => {
    expect(textArrayLiteral(["a", null, 'b"c'])).toBe('{"a",NULL,"b\\"c"}');
    expect(numberArrayLiteral([1, null, 1_764_000_000_000])).toBe("{1,NULL,1764000000000}");
    expect(textArrayLiteral([])).toBe("{}");
    expect(() => numberArrayLiteral([1.5])).toThrow(RangeError);
  });

  for (const backend of backends()) {
    describe.skipIf(backend.skip)(`on ${backend.name}`, () => {
      afterAll(() => backend.closeAll());

      it(
        "read back on the server as the very values sent",
        async () => {
          await warmUp(backend);
          const db = backend.connect();
          const { rows } = await query<{ value: string | null; n: number }>(
            db,
            "SELECT value, n FROM unnest($1::text[]) WITH ORDINALITY AS u(value, n) ORDER BY n",
            [textArrayLiteral(TRICKY)],
          );
          expect(rows.map((row) => row.value)).toEqual(TRICKY);
          const numbers = [0, -1, 42, null, Number.MAX_SAFE_INTEGER];
          const ints = await query<{ value: string | number | null }>(
            db,
            "SELECT value FROM unnest($1::bigint[]) AS u(value)",
            [numberArrayLiteral(numbers)],
          );
          expect(ints.rows.map((row) => (row.value === null ? null : Number(row.value)))).toEqual(
            numbers,
          );
        },
        STARTUP_TIMEOUT_MS,
      );
    });
  }
});
