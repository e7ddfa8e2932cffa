import { describe, expect, it } from "vitest";
import { allowedReasons, bothAllow, lineReasons, unknownReasonEntries } from "./reason-narrowing";
import { createReasonCatalogue } from "./reasons";

const catalogue = createReasonCatalogue();
const OTHER = [
  "DAMAGED",
  "DEFECTIVE",
  "WRONG_ITEM",
  "NOT_AS_DESCRIBED",
  "CHANGED_MIND",
  "ARRIVED_LATE",
  "OTHER",
];

describe("reason narrowing", () => {
  it("allowedReasons - body parts narrow the fit reasons to every direction at them; other reasons stay whole", () => {
    const allowed = allowedReasons(catalogue, ["FOOT", "TOE"]);
    expect(allowed.filter((code) => catalogue.parse(code)?.kind === "fit")).toEqual([
      "TOO_SMALL_AT_FOOT",
      "TOO_SMALL_AT_TOE",
      "TOO_LARGE_AT_FOOT",
      "TOO_LARGE_AT_TOE",
      "TOO_TIGHT_AT_FOOT",
      "TOO_TIGHT_AT_TOE",
      "TOO_LOOSE_AT_FOOT",
      "TOO_LOOSE_AT_TOE",
      "TOO_SHORT_AT_FOOT",
      "TOO_SHORT_AT_TOE",
      "TOO_LONG_AT_FOOT",
      "TOO_LONG_AT_TOE",
    ]);
    expect(allowed.filter((code) => catalogue.parse(code)?.kind === "other")).toEqual(OTHER);
  });

  it("allowedReasons - other codes narrow the other reasons; fit codes and body parts add up", () => {
    expect(allowedReasons(catalogue, ["TOO_SMALL", "CHEST", "DAMAGED"])).toEqual([
      "TOO_SMALL",
      ...["TOO_SMALL", "TOO_LARGE", "TOO_TIGHT", "TOO_LOOSE", "TOO_SHORT", "TOO_LONG"].map(
        (direction) => `${direction}_AT_CHEST`,
      ),
      "DAMAGED",
    ]);
    // Only other codes named: every fit reason stays.
    const noFitNamed = allowedReasons(catalogue, ["DEFECTIVE"]);
    expect(noFitNamed).toEqual([
      ...catalogue.codes.filter((code) => catalogue.parse(code)?.kind === "fit"),
      "DEFECTIVE",
    ]);
  });

  it("unknownReasonEntries - names the entries that are neither codes nor body parts", () => {
    expect(
      unknownReasonEntries(catalogue, ["FOOT", "TOO_LONG_AT_FOOT", "ANKLE", "BROKEN"]),
    ).toEqual(["ANKLE", "BROKEN"]);
  });

  it("bothAllow - null is every code; two lists meet in the first one's order", () => {
    expect(bothAllow(null, null)).toBeNull();
    expect(bothAllow(["A", "B"], null)).toEqual(["A", "B"]);
    expect(bothAllow(null, ["B"])).toEqual(["B"]);
    expect(bothAllow(["A", "B", "C"], ["C", "A"])).toEqual(["A", "C"]);
  });

  it("lineReasons - categories from the catalogue (FIT, then each other reason) and fit's directions and body parts", () => {
    const choices = lineReasons(
      catalogue,
      allowedReasons(catalogue, ["CHEST", "SLEEVES", "TOO_SMALL"]),
    );
    expect(choices.categories).toEqual(["FIT", ...OTHER]);
    expect(choices.fit?.directions).toEqual([
      "TOO_SMALL",
      "TOO_LARGE",
      "TOO_TIGHT",
      "TOO_LOOSE",
      "TOO_SHORT",
      "TOO_LONG",
    ]);
    expect(choices.fit?.body_parts).toEqual(["CHEST", "SLEEVES"]);
    expect(choices.fit?.reasons).toContainEqual({
      code: "TOO_SMALL",
      direction: "TOO_SMALL",
      body_part: null,
    });
    expect(choices.fit?.reasons).toContainEqual({
      code: "TOO_LONG_AT_SLEEVES",
      direction: "TOO_LONG",
      body_part: "SLEEVES",
    });
    expect(choices.codes).toHaveLength(1 + 12 + OTHER.length);
  });

  it("lineReasons - without fit reasons no FIT category; the whole catalogue when nothing narrows", () => {
    const noFit = lineReasons(catalogue, ["DAMAGED", "CHANGED_MIND"]);
    expect(noFit).toEqual({
      codes: ["DAMAGED", "CHANGED_MIND"],
      categories: ["DAMAGED", "CHANGED_MIND"],
      fit: null,
    });
    const all = lineReasons(createReasonCatalogue({ other: ["TOO_SCRATCHY"] }), null);
    expect(all.codes).toHaveLength(2 + 6 * 12 + OTHER.length + 1);
    expect(all.categories).toEqual(["FIT", ...OTHER, "TOO_SCRATCHY"]);
    expect(all.fit?.body_parts).toHaveLength(12);
  });

  it("catalogue - FIT names the fit category and cannot be another reason", () => {
    expect(() => createReasonCatalogue({ other: ["FIT"] })).toThrow(/category/);
  });
});
