import { describe, expect, it } from "vitest";
import {
  createReasonCatalogue,
  describeReasons,
  fitReasonRule,
  fitReasonTest,
  parseReason,
} from "./reasons";

describe("parseReason", () => {
  it("parseReason - splits a fit reason into direction and body part", () => {
    expect(parseReason("TOO_SMALL_AT_CHEST")).toEqual({
      kind: "fit",
      direction: "TOO_SMALL",
      body_part: "CHEST",
    });
    expect(parseReason("TOO_LONG_AT_INSEAM")).toEqual({
      kind: "fit",
      direction: "TOO_LONG",
      body_part: "INSEAM",
    });
  });

  it("parseReason - bare TOO_SMALL and TOO_LARGE are fit reasons without a body part", () => {
    expect(parseReason("TOO_SMALL")).toEqual({
      kind: "fit",
      direction: "TOO_SMALL",
      body_part: null,
    });
    expect(parseReason("TOO_LARGE")).toEqual({
      kind: "fit",
      direction: "TOO_LARGE",
      body_part: null,
    });
  });

  it("parseReason - everything else is an opaque code", () => {
    expect(parseReason("DAMAGED")).toEqual({ kind: "other", code: "DAMAGED" });
    expect(parseReason("TOO_LATE_AT_NIGHT")).toEqual({ kind: "other", code: "TOO_LATE_AT_NIGHT" });
  });
});

describe("createReasonCatalogue", () => {
  it("catalogue - holds 74 fit reasons and 7 others by default", () => {
    const catalogue = createReasonCatalogue();
    expect(catalogue.codes).toHaveLength(2 + 6 * 12 + 7);
    expect(catalogue.has("TOO_TIGHT_AT_NECK")).toBe(true);
    expect(catalogue.has("TOO_TIGHT")).toBe(false);
    expect(catalogue.has("LOST_IN_MAIL")).toBe(false);
  });

  it("catalogue - a host extends body parts and other reasons", () => {
    const catalogue = createReasonCatalogue({ bodyParts: ["CALF"], other: ["GIFT_DUPLICATE"] });
    expect(catalogue.parse("TOO_TIGHT_AT_CALF")).toEqual({
      kind: "fit",
      direction: "TOO_TIGHT",
      body_part: "CALF",
    });
    expect(catalogue.parse("GIFT_DUPLICATE")).toEqual({ kind: "other", code: "GIFT_DUPLICATE" });
  });

  it("catalogue - refuses codes that are not upper-case words", () => {
    expect(() => createReasonCatalogue({ other: ["lower case"] })).toThrow(/upper-case/);
    expect(() => createReasonCatalogue({ other: ["TOO_SMALL_AT_CHEST"] })).toThrow(/fit reason/);
  });
});

describe("describeReasons", () => {
  it("describeReasons - every code of the catalogue, in its order, with its structure and a label", () => {
    const catalogue = createReasonCatalogue({ bodyParts: ["CALF"], other: ["GIFT_DUPLICATE"] });
    const reasons = describeReasons(catalogue);
    expect(reasons.map((reason) => reason.code)).toEqual(catalogue.codes);
    expect(reasons.find((reason) => reason.code === "TOO_SMALL_AT_CHEST")).toEqual({
      code: "TOO_SMALL_AT_CHEST",
      kind: "fit",
      direction: "TOO_SMALL",
      body_part: "CHEST",
      label: "Too small at the chest",
    });
    expect(reasons.find((reason) => reason.code === "TOO_LARGE")).toEqual({
      code: "TOO_LARGE",
      kind: "fit",
      direction: "TOO_LARGE",
      body_part: null,
      label: "Too large",
    });
    expect(reasons.find((reason) => reason.code === "TOO_TIGHT_AT_CALF")?.label).toBe(
      "Too tight at the calf",
    );
    expect(reasons.find((reason) => reason.code === "GIFT_DUPLICATE")).toEqual({
      code: "GIFT_DUPLICATE",
      kind: "other",
      direction: null,
      body_part: null,
      label: "Gift duplicate",
    });
  });
});

describe("fitReasonRule", () => {
  it("fitReasonTest - answers as the catalogue's parse, falling back to parseReason, for every code", () => {
    const catalogue = createReasonCatalogue({
      bodyParts: ["ANKLE"],
      other: ["TOO_SMALL_AT_PARTY", "TOO_EXPENSIVE"],
    });
    const isFit = fitReasonTest(fitReasonRule(catalogue));
    const codes = [
      ...catalogue.codes,
      "TOO_SMALL_AT_ELBOW",
      "TOO_LOOSE_AT_KNEE_2",
      "TOO_BIG_AT_CHEST",
      "TOO_SMALL_AT_",
      "XTOO_SMALL_AT_CHEST",
      "TOO_SMALL_AT_CHEST ",
      "TOO_TIGHT",
      "DAMAGED",
    ];

    const parsed = (code: string) => (catalogue.parse(code) ?? parseReason(code)).kind === "fit";
    expect(codes.filter((code) => isFit(code) !== parsed(code))).toEqual([]);
    expect(isFit("TOO_SMALL_AT_PARTY")).toBe(false);
    expect(isFit("TOO_SMALL_AT_ELBOW")).toBe(true);
  });
});
