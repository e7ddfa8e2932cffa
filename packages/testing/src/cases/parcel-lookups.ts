/**
 * @module testing/cases/parcel-lookups — `listReturns` by what a carrier knows of a parcel:
 * `tracking_number` (the returns a scan is about: every return of the parcel, no other) and
 * `label_created_before` (with `state`, the parcels no scan moved since their label was bought).
 */

import type { ReturnsStore } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { iso, recordedVersion, T0 } from "../fixtures";
import { createReturn, ids, type StoreSubject } from "../subject";

const DAY = 86_400_000;

/** Commits the next version of `stored` with a bought label of `tracking_number`, bought at `boughtAt`. */
async function labelled(
  store: ReturnsStore,
  stored: StoredReturn,
  tracking_number: string,
  boughtAt: number,
): Promise<StoredReturn> {
  const base = recordedVersion(stored);
  const next: StoredReturn = {
    ...base,
    record: {
      ...base.record,
      shipment: { carrier: "easypost", tracking_number },
      label: {
        status: "created",
        carrier: "easypost",
        service: "USPS GroundAdvantage",
        shipment_id: `shp_${tracking_number}`,
        rate_id: "rate_1",
        tracking_number,
        tracking_url: `https://track.example/${tracking_number}`,
        label_url: null,
        qr_code_url: null,
        cost: { amount: 593, currency: "USD" },
        fee_charged: null,
        reason: null,
        attempts: 0,
        created_at: iso(boughtAt),
      },
    },
  };
  const result = await store.commit({ next, expectedVersion: stored.record.version, events: [] });
  if (!result.ok) throw new Error(`fixture: label commit refused: ${result.reason}`);
  return next;
}

export function describeParcelLookups(subject: StoreSubject): void {
  describe("parcel lookups (listReturns by tracking_number, label_created_before)", () => {
    it("listReturns - tracking_number finds every return of the parcel and no other", async () => {
      const store = subject.store;
      const a = await labelled(store, (await createReturn(store)).stored, "9400111", T0);
      const b = await labelled(store, (await createReturn(store)).stored, "9400111", T0);
      await labelled(store, (await createReturn(store)).stored, "9400222", T0);
      await createReturn(store);

      const page = await store.listReturns({ tracking_number: "9400111", limit: 10 });
      const none = await store.listReturns({ tracking_number: "94001", limit: 10 });

      expect(ids(page.data).sort()).toEqual([a.record.id, b.record.id].sort());
      expect(page.data.find((s) => s.record.id === a.record.id)).toEqual(a);
      expect(none.data).toEqual([]);
    });

    it("listReturns - label_created_before keeps labels bought strictly before the instant", async () => {
      const store = subject.store;
      const old = await labelled(
        store,
        (await createReturn(store, { state: "approved" })).stored,
        "9400333",
        T0 - 20 * DAY,
      );
      await labelled(
        store,
        (await createReturn(store, { state: "approved" })).stored,
        "9400444",
        T0 - DAY,
      );
      await createReturn(store, { state: "approved" });

      const cutoff = iso(T0 - 14 * DAY).replace("Z", "+00:00");
      const stalled = await store.listReturns({
        state: "approved",
        label_created_before: cutoff,
        limit: 10,
      });

      expect(ids(stalled.data)).toEqual([old.record.id]);
    });
  });
}
