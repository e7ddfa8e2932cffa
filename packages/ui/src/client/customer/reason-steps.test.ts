import { describe, expect, it } from "vitest";
import type { ReturnableLine } from "../api-schemas";
import { FIT, NO_PICK, nextPick, OVERALL, placesFor, reasonOf } from "./reason-steps";

/** A tee's reasons as the API offers them: fit by direction at two body parts, bare too small. */
const reasons: ReturnableLine["reasons"] = {
  codes: [
    "TOO_SMALL",
    "TOO_SMALL_AT_CHEST",
    "TOO_LONG_AT_SLEEVES",
    "TOO_TIGHT_AT_WIDTH",
    "DAMAGED",
  ],
  categories: [FIT, "DAMAGED"],
  fit: {
    directions: ["TOO_SMALL", "TOO_TIGHT", "TOO_LONG"],
    body_parts: ["CHEST", "SLEEVES", "WIDTH"],
    reasons: [
      { code: "TOO_SMALL", direction: "TOO_SMALL", body_part: null },
      { code: "TOO_SMALL_AT_CHEST", direction: "TOO_SMALL", body_part: "CHEST" },
      { code: "TOO_TIGHT_AT_WIDTH", direction: "TOO_TIGHT", body_part: "WIDTH" },
      { code: "TOO_LONG_AT_SLEEVES", direction: "TOO_LONG", body_part: "SLEEVES" },
    ],
  },
};

describe("a reason in two steps", () => {
  it("placesFor - the body parts a direction has, overall first when the bare direction is allowed", () => {
    expect(placesFor(reasons, "TOO_SMALL")).toEqual([OVERALL, "CHEST"]);
    expect(placesFor(reasons, "TOO_LONG")).toEqual(["SLEEVES"]);
    expect(placesFor(reasons, "TOO_LOOSE")).toEqual([]);
  });

  it("reasonOf - a reason only once every step is answered", () => {
    let pick = nextPick(reasons, NO_PICK, { category: FIT });
    expect(reasonOf(reasons, pick)).toBe("");
    pick = nextPick(reasons, pick, { direction: "TOO_SMALL" });
    expect(reasonOf(reasons, pick)).toBe("");
    expect(reasonOf(reasons, nextPick(reasons, pick, { place: OVERALL }))).toBe("TOO_SMALL");
    expect(reasonOf(reasons, nextPick(reasons, pick, { place: "CHEST" }))).toBe(
      "TOO_SMALL_AT_CHEST",
    );
    expect(reasonOf(reasons, nextPick(reasons, NO_PICK, { category: "DAMAGED" }))).toBe("DAMAGED");
    // A code the line does not allow is never the answer.
    expect(reasonOf(reasons, { category: "WRONG_ITEM", direction: "", place: "" })).toBe("");
  });

  it("nextPick - a later step is cleared when an earlier one no longer holds it; one place is taken", () => {
    const chest = { category: FIT, direction: "TOO_SMALL", place: "CHEST" };
    expect(nextPick(reasons, chest, { direction: "TOO_TIGHT" })).toEqual({
      category: FIT,
      direction: "TOO_TIGHT",
      place: "WIDTH",
    });
    expect(nextPick(reasons, chest, { category: "DAMAGED" })).toEqual({
      category: "DAMAGED",
      direction: "",
      place: "",
    });
    expect(nextPick(reasons, { ...chest, place: OVERALL }, { direction: "TOO_SMALL" }).place).toBe(
      OVERALL,
    );
  });
});
