/**
 * @module pathological-headers — fast-check arbitraries for hostile `webhook-signature`
 * values, shared by this package's tests. Not part of the build (tsup bundles from index.ts).
 *
 * Each family targets one way a parser can be made to work hard: long runs where a version
 * is expected (the quadratic case of a backtracking version pattern), long alphanumeric runs,
 * whitespace runs, tokens without a comma, thousands of entries, and all of them at sizes on
 * both sides of the header-length bound.
 */
import fc from "fast-check";

const DIGITS = "0123456789";
const LOWER_ALNUM = `abcdefghijklmnopqrstuvwxyz${DIGITS}`;
const BASE64 = `ABCDEFGHIJKLMNOPQRSTUVWXYZ${LOWER_ALNUM}+/`;

/** A v1-shaped value: 43 base64 characters and the pad, as a real signature is. */
const v1Value = fc
  .string({ unit: fc.constantFrom(...BASE64), minLength: 43, maxLength: 43 })
  .map((chars) => `${chars}=`);

/**
 * Half around the header-length bound (so both sides of it are hit), half up to 70,000: well
 * past the 16k and 64k of the reported attack.
 */
const runLength = fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 70_000 }));

/** A short pattern repeated to `runLength` characters: cheap to generate at any size. */
function run(chars: string): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ unit: fc.constantFrom(...chars), minLength: 1, maxLength: 8 }), runLength)
    .map(([pattern, length]) =>
      pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length),
    );
}

/** What follows a run: the reported `!,x`, a bare comma, a valid-looking value… */
const tail = fc.oneof(
  fc.constantFrom("", "!,x", ",", ",x", "!", ",,", "A,x", " ", "=,"),
  v1Value.map((value) => `,${value}`),
);

const whitespace = fc.string({
  unit: fc.constantFrom(" ", "\t", ", "),
  minLength: 1,
  maxLength: 4,
});

/** Entries of every sort a parser meets, for repeating by the thousand. */
const entry = fc.oneof(
  v1Value.map((value) => `v1,${value}`),
  fc.constantFrom("v1,", "v1", ",", "v1a,x", "v2,", "v1,,", "x"),
  fc.string({ unit: fc.constantFrom(...LOWER_ALNUM), minLength: 1, maxLength: 12 }),
);

const families: fc.Arbitrary<string>[] = [
  // The reported attack and its relatives: a version that is a long digit run.
  fc.tuple(run(DIGITS), tail).map(([digits, end]) => `v${digits}${end}`),
  // Long alphanumeric runs, with and without the leading `v`.
  fc
    .tuple(fc.constantFrom("v", "v1", ""), run(LOWER_ALNUM), tail)
    .map(([start, middle, end]) => `${start}${middle}${end}`),
  // Whitespace runs around an entry.
  fc
    .tuple(run(" \t"), entry, run(" \t"))
    .map(([before, middle, after]) => `${before}${middle}${after}`),
  // Many tokens without a comma.
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...LOWER_ALNUM), minLength: 1, maxLength: 6 }),
      runLength,
    )
    .map(([token, count]) => Array.from({ length: Math.ceil(count / 8) }, () => token).join(" ")),
  // Thousands of entries: `v1,` alone, valid-looking ones, mixtures, joined as Headers joins.
  fc
    .tuple(
      fc.array(entry, { minLength: 1, maxLength: 4 }),
      fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 3_000 })),
      whitespace,
    )
    .map(([entries, times, separator]) =>
      Array.from({ length: times }, () => entries)
        .flat()
        .join(separator),
    ),
];

/** One hostile header of any family. */
const single = fc.oneof(...families);

/** A hostile `webhook-signature` value: one family, or several concatenated into a huge one. */
export const pathologicalSignatureHeader: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: single },
  {
    weight: 1,
    arbitrary: fc.array(single, { minLength: 2, maxLength: 4 }).map((parts) => parts.join(" ")),
  },
);
