/**
 * @module testing/cases/fit-insights — `fitInsights`: returns counted per sku, size and reason,
 * claimed and confirmed (graded or closed), cancelled ones left out, filtered by sku and by
 * creation time (`from` inclusive, `to` exclusive), in a stable order.
 */

import type { ReturnState } from "@returnkit/core";
import type { FitInsightRow } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { iso, T0 } from "../fixtures";
import { advanceReturn, createReturn, type StoreSubject } from "../subject";
import { describeFitInsightPages } from "./fit-insight-pages";

const HOUR = 3_600_000;

interface Made {
  sku?: string;
  size?: string | null;
  quantity?: number;
  reason?: string;
  state?: ReturnState;
  at?: number;
}

function row(
  sku: string,
  size: string | null,
  reason: string,
  counts: Partial<Omit<FitInsightRow, "sku" | "size" | "reason">> = {},
): FitInsightRow {
  const zero = { returns: 0, units: 0, confirmed_returns: 0, confirmed_units: 0 };
  return { sku, size, reason, ...zero, ...counts };
}

export function describeFitInsights(subject: StoreSubject): void {
  const make = (made: Made) =>
    createReturn(subject.store, {
      line: { sku: made.sku ?? "TEE", size: made.size ?? null, quantity: made.quantity ?? 1 },
      reason: made.reason ?? "TOO_SMALL_AT_CHEST",
      state: made.state,
      at: made.at,
    });

  describe("fitInsights", () => {
    it("fitInsights - an empty store has no rows", async () => {
      expect(await subject.store.fitInsights({})).toEqual([]);
    });

    it("fitInsights - counts returns and units per sku, size and reason", async () => {
      await make({ size: "M", quantity: 1 });
      await make({ size: "M", quantity: 2 });
      await make({ size: "M", reason: "DAMAGED" });
      await make({ size: "L", reason: "TOO_LARGE", quantity: 3 });
      await make({ sku: "JEANS", size: "32", reason: "TOO_LONG_AT_INSEAM" });

      expect(await subject.store.fitInsights({})).toEqual([
        row("JEANS", "32", "TOO_LONG_AT_INSEAM", { returns: 1, units: 1 }),
        row("TEE", "L", "TOO_LARGE", { returns: 1, units: 3 }),
        row("TEE", "M", "DAMAGED", { returns: 1, units: 1 }),
        row("TEE", "M", "TOO_SMALL_AT_CHEST", { returns: 2, units: 3 }),
      ]);
    });

    it("fitInsights - confirms graded and closed returns only; rejected ones are claimed", async () => {
      await make({ size: "M", state: "graded", quantity: 2 });
      await make({ size: "M", state: "closed" });
      await make({ size: "M", state: "received" });
      await make({ size: "M", state: "rejected" });
      await make({ size: "M", state: "draft" });

      expect(await subject.store.fitInsights({})).toEqual([
        row("TEE", "M", "TOO_SMALL_AT_CHEST", {
          returns: 5,
          units: 6,
          confirmed_returns: 2,
          confirmed_units: 3,
        }),
      ]);
    });

    it("fitInsights - counts each return once, by its latest version, and leaves out cancelled ones", async () => {
      const walked = await make({ size: "S" });
      let current = walked.stored;
      for (const event of ["submit", "approve", "ship", "receive", "grade"] as const) {
        current = (await advanceReturn(subject.store, current, event)).stored;
      }
      const cancelled = await make({ size: "S" });
      await advanceReturn(subject.store, cancelled.stored, "cancel");
      await make({ size: "S", state: "cancelled" });

      expect(await subject.store.fitInsights({})).toEqual([
        row("TEE", "S", "TOO_SMALL_AT_CHEST", {
          returns: 1,
          units: 1,
          confirmed_returns: 1,
          confirmed_units: 1,
        }),
      ]);
    });

    it("fitInsights - filters by sku, matching it exactly", async () => {
      await make({ sku: "TEE", size: "M" });
      await make({ sku: "TEE-2", size: "M" });
      await make({ sku: "tee", size: "M" });

      expect(await subject.store.fitInsights({ sku: "TEE" })).toEqual([
        row("TEE", "M", "TOO_SMALL_AT_CHEST", { returns: 1, units: 1 }),
      ]);
      expect(await subject.store.fitInsights({ sku: "SOCKS" })).toEqual([]);
    });

    it("fitInsights - from is inclusive and to exclusive, compared as instants", async () => {
      await make({ size: "XS", at: T0 - 1 });
      await make({ size: "S", at: T0 });
      await make({ size: "M", at: T0 + HOUR - 1 });
      await make({ size: "L", at: T0 + HOUR });

      const sizes = async (from?: string, to?: string) =>
        (await subject.store.fitInsights({ from, to })).map((found) => found.size);

      expect(await sizes(iso(T0), iso(T0 + HOUR))).toEqual(["M", "S"]);
      expect(await sizes(iso(T0))).toEqual(["L", "M", "S"]);
      expect(await sizes(undefined, iso(T0))).toEqual(["XS"]);
      // The same instants written with an offset.
      expect(await sizes("2026-11-21T11:00:00+01:00", "2026-11-21T12:00:00.000+01:00")).toEqual([
        "M",
        "S",
      ]);
      expect(await sizes(iso(T0 + HOUR), iso(T0 + HOUR))).toEqual([]);
    });

    it("fitInsights - counts units past 2^31 of one sku exactly", async () => {
      // No API takes a line this large; a store counts what it holds, whatever wrote it.
      const most = 2 ** 31 - 1;
      await make({ size: "M", quantity: most, state: "graded" });
      await make({ size: "M", quantity: most, state: "closed" });
      await make({ size: "M", quantity: 2 });

      expect(await subject.store.fitInsights({})).toEqual([
        row("TEE", "M", "TOO_SMALL_AT_CHEST", {
          returns: 3,
          units: 2 * most + 2,
          confirmed_returns: 2,
          confirmed_units: 2 * most,
        }),
      ]);
    });

    it("fitInsights - rows come by sku, size (nulls last) and reason, by code unit", async () => {
      for (const sku of ["tee", "TEE", "Tee"]) await make({ sku, size: "M" });
      await make({ size: null, reason: "DAMAGED" });
      await make({ size: "XL" });
      await make({ size: "L", reason: "TOO_SMALL" });
      await make({ size: "L", reason: "TOO_LARGE" });
      await make({ size: "L", reason: "CHANGED_MIND" });

      const order = (await subject.store.fitInsights({})).map((found) =>
        [found.sku, found.size, found.reason].join(" "),
      );

      expect(order).toEqual([
        "TEE L CHANGED_MIND",
        "TEE L TOO_LARGE",
        "TEE L TOO_SMALL",
        "TEE M TOO_SMALL_AT_CHEST",
        "TEE XL TOO_SMALL_AT_CHEST",
        "TEE  DAMAGED",
        "Tee M TOO_SMALL_AT_CHEST",
        "tee M TOO_SMALL_AT_CHEST",
      ]);
    });
  });

  describeFitInsightPages(subject);
}
