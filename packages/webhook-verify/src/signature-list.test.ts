import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pathologicalSignatureHeader } from "./pathological-headers";
import { MAX_SIGNATURE_HEADER_LENGTH, MAX_SIGNATURES, parseSignatureList } from "./signature-list";

const SIG_A = `${"A".repeat(43)}=`;
const SIG_B = `${"B".repeat(43)}=`;
const FUZZ_RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 300);

const malformed = expect.objectContaining({ code: "malformed", header: "webhook-signature" });

/** What the parser returns, or "malformed" where it throws that. */
function outcome(header: string): string[] | "malformed" {
  try {
    return parseSignatureList(header);
  } catch (error) {
    expect(error).toEqual(malformed);
    return "malformed";
  }
}

/**
 * The header grammar as regular expressions, for comparison: entries split on whitespace, a
 * trailing comma dropped, `v1` values the base64 of 32 bytes, other versions `v<digit>[a-z0-9]*`
 * (the language of the old `v[0-9]+[a-z0-9]*`, written so it cannot backtrack). Only fed
 * headers within the bounds.
 */
function grammarOutcome(header: string): string[] | "malformed" {
  const entries = header.split(/[ \t\n\v\f\r]+/).filter((raw) => raw !== "");
  if (entries.length > MAX_SIGNATURES) return "malformed";
  const v1: string[] = [];
  let wellFormed = 0;
  for (const raw of entries) {
    const entry = raw.endsWith(",") ? raw.slice(0, -1) : raw;
    const comma = entry.indexOf(",");
    if (comma <= 0) continue;
    const [version, value] = [entry.slice(0, comma), entry.slice(comma + 1)];
    if (version === "v1" && /^[A-Za-z0-9+/]{43}=$/.test(value)) {
      v1.push(value);
      wellFormed++;
    } else if (version !== "v1" && /^v[0-9][a-z0-9]*$/.test(version) && value !== "") {
      wellFormed++;
    }
  }
  return wellFormed === 0 ? "malformed" : v1;
}

describe("parseSignatureList", () => {
  it("parseSignatureList - returns every v1 value in order", () => {
    expect(parseSignatureList(`v1,${SIG_A} v1,${SIG_B}`)).toEqual([SIG_A, SIG_B]);
  });

  it("parseSignatureList - ignores other versions and stray whitespace", () => {
    expect(parseSignatureList(`  v1a,abc\tv1,${SIG_A}   v2,xyz `)).toEqual([SIG_A]);
    expect(parseSignatureList("v1a,abc")).toEqual([]);
  });

  it("parseSignatureList - reads repeated headers joined with a comma", () => {
    expect(parseSignatureList(`v1,${SIG_A}, v1,${SIG_B}`)).toEqual([SIG_A, SIG_B]);
  });

  it.each([
    "garbage",
    "v1",
    "v1,",
    ",abc",
    "v1,short",
    "x1,abc",
    `v1,${SIG_A}x`,
    "V1a,abc",
    "v6,,",
    "v1a,",
  ])("parseSignatureList - %j alone is malformed", (header) => {
    expect(() => parseSignatureList(header)).toThrow(malformed);
  });

  it("parseSignatureList - the reported attack, a 16,000- or 64,000-digit version, is malformed", () => {
    for (const digits of [16_000, 64_000]) {
      expect(() => parseSignatureList(`v${"1".repeat(digits)}!,x`)).toThrow(malformed);
    }
  });

  it("parseSignatureList - a header over the length bound is malformed, valid entries or not", () => {
    // Few entries, so only the length bound can refuse it.
    const padding = `v1a,${"A".repeat(300)}`;
    const header = [`v1,${SIG_A}`, ...Array.from({ length: 14 }, () => padding)].join(" ");
    expect(header.length).toBeGreaterThan(MAX_SIGNATURE_HEADER_LENGTH);
    expect(() => parseSignatureList(header)).toThrow(malformed);
    expect(() =>
      parseSignatureList(`${" ".repeat(MAX_SIGNATURE_HEADER_LENGTH)}v1,${SIG_A}`),
    ).toThrow(malformed);
  });

  it("parseSignatureList - more entries than the bound are malformed, however short", () => {
    const valid = Array.from({ length: MAX_SIGNATURES + 1 }, () => `v1,${SIG_A}`).join(" ");
    expect(valid.length).toBeLessThan(MAX_SIGNATURE_HEADER_LENGTH);
    expect(() => parseSignatureList(valid)).toThrow(malformed);
    expect(() => parseSignatureList(`v1,${SIG_A} ${"x ".repeat(MAX_SIGNATURES)}`)).toThrow(
      malformed,
    );
    expect(() => parseSignatureList("v1,".repeat(2_000))).toThrow(malformed);
  });

  it("parseSignatureList - reads the most entries in the longest header allowed", () => {
    const entries = Array.from(
      { length: MAX_SIGNATURES - 1 },
      (_, i) => `v1,${i % 2 ? SIG_A : SIG_B}`,
    );
    const used = entries.join(" ").length + " v2,".length;
    const header = `${entries.join(" ")} v2,${"x".repeat(MAX_SIGNATURE_HEADER_LENGTH - used)}`;
    expect(header.length).toBe(MAX_SIGNATURE_HEADER_LENGTH);
    expect(parseSignatureList(header)).toHaveLength(MAX_SIGNATURES - 1);
  });

  it("parseSignatureList - refuses generated headers beyond the bounds and reads the rest as the grammar does", () => {
    fc.assert(
      fc.property(pathologicalSignatureHeader, (header) => {
        if (header.length > MAX_SIGNATURE_HEADER_LENGTH) {
          expect(outcome(header)).toBe("malformed");
        } else {
          expect(outcome(header)).toEqual(grammarOutcome(header));
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  }, 120_000);
});
