/**
 * @module testing/cases/fit-insight-pages — the fit insights a page at a time: `fitInsights`
 * a run of sizes after a key, `fitSummary` a run of skus in their ranking by fit returns
 * (the reason rule deciding what is fit), neither splitting a size or a sku across pages.
 */

import { createReasonCatalogue, fitReasonRule, type ReturnState } from "@returnkit/core";
import type { FitInsightRow, FitSizeKey, FitSkuKey } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import { createReturn, type StoreSubject } from "../subject";

/** A catalogue with one other reason shaped like a fit reason: the rule must not count it. */
const fitReasons = fitReasonRule(createReasonCatalogue({ other: ["TOO_SMALL_AT_CHECKOUT"] }));

/** More pages than any walk here needs: a store that ignores `after` fails instead of looping. */
const MAX_PAGES = 10;

const sizeOf = (row: FitInsightRow) => `${row.sku} ${row.size ?? "-"}`;
const rowText = (row: FitInsightRow) => `${sizeOf(row)} ${row.reason} ${row.returns}`;
const distinct = (values: string[]) => [...new Set(values)];

export function describeFitInsightPages(subject: StoreSubject): void {
  const make = (sku: string, size: string | null, reason: string, at = T0, state?: ReturnState) =>
    createReturn(subject.store, { line: { sku, size, quantity: 1 }, reason, at, state });

  /** TEE in L, M and no size; JEANS in 32; SOCKS with no size: five sizes, seven rows. */
  async function someSizes() {
    await make("TEE", "L", "TOO_LARGE");
    await make("TEE", "L", "DAMAGED");
    await make("TEE", "M", "TOO_SMALL_AT_CHEST");
    await make("TEE", null, "TOO_SMALL");
    await make("TEE", null, "CHANGED_MIND");
    await make("JEANS", "32", "TOO_LONG_AT_INSEAM");
    await make("SOCKS", null, "WRONG_ITEM");
  }

  /** Every page of `limit` sizes, from the start: what a back office walks. */
  async function walkSizes(limit: number, window: { sku?: string } = {}) {
    const pages: FitInsightRow[][] = [];
    let after: FitSizeKey | undefined;
    for (;;) {
      const page = await subject.store.fitInsights({ ...window, after, limit });
      if (page.length === 0) return pages;
      if (pages.length === MAX_PAGES) throw new Error("fitInsights: the walk does not end");
      pages.push(page);
      const last = page[page.length - 1]!;
      after = { sku: last.sku, size: last.size };
    }
  }

  describe("fitInsights, a page of sizes", () => {
    it("fitInsights - a page holds every row of at most limit sizes; after resumes past the last", async () => {
      await someSizes();
      const everything = (await subject.store.fitInsights({})).map(rowText);

      const pages = await walkSizes(2);

      expect(pages.map((page) => distinct(page.map(sizeOf)))).toEqual([
        ["JEANS 32", "SOCKS -"],
        ["TEE L", "TEE M"],
        ["TEE -"],
      ]);
      expect(pages.flat().map(rowText)).toEqual(everything);
    });

    it("fitInsights - after a size with no size comes the next sku; after the last size, nothing", async () => {
      await someSizes();

      const afterSocks = await subject.store.fitInsights({
        after: { sku: "SOCKS", size: null },
        limit: 1,
      });
      const afterTeeM = await subject.store.fitInsights({
        after: { sku: "TEE", size: "M" },
        limit: 5,
      });
      const afterAll = await subject.store.fitInsights({ after: { sku: "TEE", size: null } });

      expect(afterSocks.map(sizeOf)).toEqual(["TEE L", "TEE L"]);
      expect(afterTeeM.map(rowText)).toEqual(["TEE - CHANGED_MIND 1", "TEE - TOO_SMALL 1"]);
      expect(afterAll).toEqual([]);
    });

    it("fitInsights - pages within the window: sku, from and to", async () => {
      await someSizes();
      await make("TEE", "S", "TOO_SMALL", T0 + 1);
      await make("TEE", "XL", "TOO_LARGE", T0 - 1);

      const tees = (await walkSizes(1, { sku: "TEE" })).map((page) => distinct(page.map(sizeOf)));
      const inWindow = await subject.store.fitInsights({
        from: iso(T0 + 1),
        to: iso(T0 + 2),
        after: { sku: "JEANS", size: "32" },
        limit: 2,
      });

      expect(tees).toEqual([["TEE L"], ["TEE M"], ["TEE S"], ["TEE XL"], ["TEE -"]]);
      expect(inWindow.map(rowText)).toEqual(["TEE S TOO_SMALL 1"]);
    });
  });

  describe("fitSummary, a page of skus", () => {
    /** Fit returns: DRESS 3, TEE 2, HAT 2, JEANS 1, SOCKS 0 (a look-alike other reason). */
    async function someSkus() {
      for (const size of ["S", "M", "M"]) await make("DRESS", size, "TOO_LARGE_AT_HIPS");
      await make("TEE", "M", "TOO_SMALL_AT_CHEST");
      await make("TEE", null, "TOO_SMALL");
      await make("TEE", "M", "DAMAGED");
      await make("HAT", "L", "TOO_TIGHT_AT_CROWN");
      await make("HAT", "L", "TOO_LOOSE_AT_CROWN");
      await make("JEANS", "32", "TOO_LONG_AT_INSEAM");
      await make("JEANS", "32", "CHANGED_MIND");
      await make("SOCKS", null, "TOO_SMALL_AT_CHECKOUT");
    }

    const skusOf = (rows: FitInsightRow[]) => distinct(rows.map((row) => row.sku));

    it("fitSummary - ranks skus by fit returns, most first, then by sku; a sku's rows by size and reason", async () => {
      await someSkus();

      const rows = await subject.store.fitSummary({ fitReasons, limit: 10 });

      expect(skusOf(rows)).toEqual(["DRESS", "HAT", "TEE", "JEANS", "SOCKS"]);
      expect(rows.filter((row) => row.sku === "TEE").map(rowText)).toEqual([
        "TEE M DAMAGED 1",
        "TEE M TOO_SMALL_AT_CHEST 1",
        "TEE - TOO_SMALL 1",
      ]);
      expect(rows.filter((row) => row.sku === "DRESS").map(rowText)).toEqual([
        "DRESS M TOO_LARGE_AT_HIPS 2",
        "DRESS S TOO_LARGE_AT_HIPS 1",
      ]);
    });

    it("fitSummary - a page holds every row of at most limit skus; after resumes in the ranking", async () => {
      await someSkus();
      const everything = (await subject.store.fitSummary({ fitReasons, limit: 10 })).map(rowText);

      const pages: string[][] = [];
      let after: FitSkuKey | undefined;
      const fitReturns = { DRESS: 3, HAT: 2, TEE: 2, JEANS: 1, SOCKS: 0 } as Record<string, number>;
      for (;;) {
        const page = await subject.store.fitSummary({ fitReasons, after, limit: 2 });
        if (page.length === 0) break;
        if (pages.length === MAX_PAGES) throw new Error("fitSummary: the walk does not end");
        pages.push(page.map(rowText));
        const sku = page[page.length - 1]!.sku;
        after = { fit_returns: fitReturns[sku]!, sku };
      }

      expect(pages.map((page) => distinct(page.map((text) => text.split(" ")[0]!)))).toEqual([
        ["DRESS", "HAT"],
        ["TEE", "JEANS"],
        ["SOCKS"],
      ]);
      expect(pages.flat()).toEqual(everything);
    });

    it("fitSummary - counts as fit the rule's fit codes and unlisted codes of a fit shape, never its other codes", async () => {
      await make("A-CAP", null, "TOO_SMALL_AT_CHECKOUT");
      await make("A-CAP", null, "TOO_SMALL_AT_CHECKOUT");
      await make("B-HAT", null, "TOO_TIGHT_AT_CROWN");
      await make("C-TEE", null, "TOO_SMALL");

      const rows = await subject.store.fitSummary({
        fitReasons,
        after: { fit_returns: 1, sku: "B-HAT" },
        limit: 5,
      });

      // B-HAT and C-TEE have one fit return each, A-CAP none, however many it has.
      expect(skusOf(rows)).toEqual(["C-TEE", "A-CAP"]);
    });

    it("fitSummary - ranks and pages within the window; cancelled returns are left out", async () => {
      await someSkus();
      const late = await make("SOCKS", null, "TOO_SMALL", T0 + 1);
      await make("SOCKS", "42", "TOO_SMALL", T0 + 1);
      await make("SOCKS", "42", "TOO_SMALL", T0 + 1, "cancelled");
      expect(late.stored.record.created_at).toBe(iso(T0 + 1));

      const socks = await subject.store.fitSummary({ fitReasons, sku: "SOCKS", limit: 1 });
      const later = await subject.store.fitSummary({ fitReasons, from: iso(T0 + 1), limit: 5 });
      const earlier = await subject.store.fitSummary({
        fitReasons,
        to: iso(T0 + 1),
        after: { fit_returns: 2, sku: "TEE" },
        limit: 5,
      });

      expect(socks.map(rowText)).toEqual([
        "SOCKS 42 TOO_SMALL 1",
        "SOCKS - TOO_SMALL 1",
        "SOCKS - TOO_SMALL_AT_CHECKOUT 1",
      ]);
      expect(later.map(rowText)).toEqual(["SOCKS 42 TOO_SMALL 1", "SOCKS - TOO_SMALL 1"]);
      expect(skusOf(earlier)).toEqual(["JEANS", "SOCKS"]);
    });

    it("fitSummary - counts units past 2^31 of one sku exactly", async () => {
      const most = 2 ** 31 - 1;
      for (const quantity of [most, most]) {
        const line = { sku: "TEE", size: "M", quantity };
        await createReturn(subject.store, { line, reason: "TOO_SMALL", state: "graded" });
      }

      const [row] = await subject.store.fitSummary({ fitReasons, limit: 1 });

      expect(row).toMatchObject({ returns: 2, units: 2 * most, confirmed_units: 2 * most });
    });
  });
}
