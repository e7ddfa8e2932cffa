/** `withOrderLine`: a return stored by an earlier version reads as this version writes it. */
import { makeStoredReturn } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { ReturnState } from "../domain/machine";
import type { StoredReturn } from "../store/types";
import { withOrderLine } from "./reader";

/** A return in `state` whose like-for-like exchange was stored before releases (no status). */
function storedBeforeReleases(state: ReturnState): StoredReturn {
  const stored = makeStoredReturn({ state });
  const { kind, lines, difference, bonus_credit } = stored.record.exchange!;
  const exchange = { kind, lines, difference, bonus_credit };
  return { ...stored, record: { ...stored.record, exchange } as StoredReturn["record"] };
}

describe("withOrderLine", () => {
  it("withOrderLine - an exchange stored before releases is standard and pending", () => {
    const { record } = withOrderLine(storedBeforeReleases("approved"));
    expect(record.exchange).toMatchObject({
      mode: "standard",
      status: "pending",
      payment: null,
      payment_due_at: null,
      released_at: null,
      order_id: null,
      hold: null,
    });
  });

  it("withOrderLine - a like-for-like exchange already received reads as released, when unknown", () => {
    for (const state of ["received", "graded", "closed"] as const) {
      const { record } = withOrderLine(storedBeforeReleases(state));
      expect(record.exchange, state).toMatchObject({ status: "released", released_at: null });
    }
  });
});
