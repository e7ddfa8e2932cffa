import { describe, expect, it } from "vitest";
import { parseSignatureList } from "./signature-list";

const SIG_A = `${"A".repeat(43)}=`;
const SIG_B = `${"B".repeat(43)}=`;

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

  it.each(["garbage", "v1", "v1,", ",abc", "v1,short", "x1,abc", `v1,${SIG_A}x`])(
    "parseSignatureList - %j alone is malformed",
    (header) => {
      expect(() => parseSignatureList(header)).toThrow(
        expect.objectContaining({ code: "malformed", header: "webhook-signature" }),
      );
    },
  );
});
