import { describe, expect, it } from "vitest";
import { createReasonCatalogue, parseReason } from "../domain/reasons";
import type { FitInsightRow } from "../store/types";
import { fitBySize, fitBySku } from "./fit-report";

const row = (sku: string, size: string | null, reason: string, returns: number, confirmed = 0) =>
  ({
    sku,
    size,
    reason,
    returns,
    units: returns * 2,
    confirmed_returns: confirmed,
    confirmed_units: confirmed * 2,
  }) satisfies FitInsightRow;

describe("fit report", () => {
  it("fitBySize - bare directions have no body part; the most returns come first", () => {
    const [entry] = fitBySize(
      [
        row("TEE", null, "DAMAGED", 1),
        row("TEE", null, "TOO_LARGE", 2),
        row("TEE", null, "TOO_LARGE_AT_CHEST", 3, 1),
      ],
      parseReason,
    );

    expect(entry?.by_direction).toEqual([
      { direction: "TOO_LARGE", returns: 5, units: 10, confirmed_returns: 1, confirmed_units: 2 },
    ]);
    expect(entry?.by_body_part.map((part) => [part.body_part, part.returns])).toEqual([
      ["CHEST", 3],
      [null, 2],
    ]);
    expect(entry?.by_reason.map((reason) => reason.reason)).toEqual([
      "TOO_LARGE_AT_CHEST",
      "TOO_LARGE",
      "DAMAGED",
    ]);
    expect(entry?.fit.returns).toBe(5);
    expect(entry?.all.returns).toBe(6);
  });

  it("fitBySku - the top issue spans reasons of one direction, body part and size; ties go to the confirmed", () => {
    const catalogue = createReasonCatalogue({ bodyParts: ["ANKLE"] });
    const parse = (code: string) => catalogue.parse(code) ?? parseReason(code);

    const [jeans, socks] = fitBySku(
      [
        row("JEANS", "30", "TOO_SHORT_AT_ANKLE", 2, 0),
        row("JEANS", "32", "TOO_SHORT_AT_ANKLE", 2, 1),
        row("JEANS", "32", "WRONG_ITEM", 3),
        row("SOCKS", null, "TOO_SMALL", 1),
      ],
      parse,
    );

    expect(jeans?.top).toEqual({
      direction: "TOO_SHORT",
      body_part: "ANKLE",
      size: "32",
      label: "TOO_SHORT at ANKLE in 32",
      returns: 2,
      units: 4,
      confirmed_returns: 1,
      confirmed_units: 2,
    });
    expect(jeans?.fit_share).toBe(0.571);
    expect(socks?.top?.label).toBe("TOO_SMALL");
  });

  it("fitBySku - a sku without fit returns has no top issue and comes after those with some", () => {
    const entries = fitBySku(
      [row("A-HAT", "M", "CHANGED_MIND", 9), row("B-TEE", "M", "TOO_SMALL_AT_CHEST", 1)],
      parseReason,
    );

    expect(entries.map((entry) => [entry.sku, entry.fit_share, entry.top?.label ?? null])).toEqual([
      ["B-TEE", 1, "TOO_SMALL at CHEST in M"],
      ["A-HAT", 0, null],
    ]);
  });
});
