import { describe, expect, it } from "vitest";
import { CODE_FAMILIES, codeLabel } from "./codes";
import { createI18n } from "./i18n";

const english = createI18n("en-GB");
const german = createI18n("de-DE");

/** Every code the API's schemas name, per family (api-types.ts), that a page may show. */
const KNOWN: Record<(typeof CODE_FAMILIES)[number], string[]> = {
  state: [
    "draft",
    "submitted",
    "approved",
    "in_transit",
    "received",
    "graded",
    "closed",
    "rejected",
    "flagged",
    "cancelled",
  ],
  resolution: ["REFUND", "STORE_CREDIT", "EXCHANGE"],
  "staff.resolution": ["REFUND", "STORE_CREDIT", "EXCHANGE"],
  rejection: ["FINAL_SALE", "RETURN_WINDOW_EXPIRED", "NOT_ELIGIBLE", "OTHER"],
  condition: ["NEW", "LIKE_NEW", "USED", "DAMAGED", "UNSELLABLE", "WRONG_ITEM", "MISSING"],
  disposition: ["RESTOCK", "REFURBISH", "RESELL_DISCOUNTED", "DONATE", "RECYCLE", "DISPOSE"],
  event: [
    "create",
    "submit",
    "cancel",
    "approve",
    "reject",
    "flag",
    "unflag",
    "ship",
    "receive",
    "grade",
    "close",
    "update",
  ],
  delivery: ["pending", "delivered", "dead"],
};

describe("codeLabel", () => {
  it("codeLabel - every code the API names has words of its own in each language", () => {
    for (const family of CODE_FAMILIES) {
      for (const code of KNOWN[family]) {
        const words = [codeLabel(english, family, code), codeLabel(german, family, code)];
        for (const text of words) expect(text, `${family} ${code}`).not.toMatch(/[A-Z]{2,}|_/);
        // A humanised fallback reads the same in both: words from the catalogues do not.
        expect(words[0], `${family} ${code}`).not.toBe(words[1]);
      }
    }
  });

  it("codeLabel - the rejection the issue saw leak, in words", () => {
    expect(codeLabel(english, "rejection", "OTHER")).toBe("Another reason");
    expect(codeLabel(german, "rejection", "OTHER")).toBe("Anderer Grund");
    expect(codeLabel(german, "condition", "LIKE_NEW")).toBe("Wie neu");
  });

  it("codeLabel - a host's own code is humanised, never shown raw", () => {
    expect(codeLabel(english, "rejection", "MISSING_TAGS")).toBe("Missing tags");
    expect(codeLabel(german, "condition", "STAINED_COLLAR")).toBe("Stained collar");
    expect(codeLabel(english, "state", "on_hold")).toBe("On hold");
  });
});
