import type { Tracking } from "@returnkit/core";
import type { ReturnsStore, StoredReturn } from "@returnkit/core/store";
import {
  advanceStoredReturn,
  BOUGHT_LABEL as LABEL,
  makeOutboxEvent,
  makeStoredReturn,
} from "@returnkit/testing";
import { describe, expect } from "vitest";
import { itOnItsOwnSchema, returnkit, returnkitJson, seedReturn } from "../test-support";

const REFUND = {
  currency: "EUR",
  currency_exponent: 2,
  item_amount: 2_900,
  restocking_fee: 290,
  return_shipping_fee: 495,
  total: 2_115,
  method: "original_payment",
  status: "estimate",
} as const;

const TRACKING: Tracking = {
  status: "delivered",
  last_event_at: "2026-11-22T15:30:00.000Z",
  events: [
    {
      provider_event_id: "trk_1",
      status: "in_transit",
      occurred_at: "2026-11-21T08:00:00.000Z",
      description: "Departed facility",
      location: "PORTLAND OR",
    },
    {
      provider_event_id: "trk_2",
      status: "delivered",
      occurred_at: "2026-11-22T15:30:00.000Z",
      description: "Delivered",
      location: null,
    },
  ],
};

describe("returnkit returns show", () => {
  itOnItsOwnSchema(
    "returns show - an exchange names the item exchanged for and who pays its difference",
    async ({ db }) => {
      const draft = makeStoredReturn({});
      const record = {
        ...draft.record,
        order_line: {
          order_number: null,
          product: {
            title: null,
            variant_title: null,
            options: [],
            image_url: null,
            product_url: null,
            product_type: null,
            tags: [],
          },
          customer: null,
          purchased: 1,
          unit_price: 2_500,
          currency: "EUR",
          currency_exponent: 2,
          placed_at: "2026-11-01T10:00:00.000Z",
          delivered_at: null,
          returnable_until: "2026-12-01T10:00:00.000Z",
          shipping_address: null,
        },
        exchange: {
          kind: "offer" as const,
          lines: [
            {
              sku: "TEE-HEAVY-L",
              title: null,
              variant_title: null,
              image_url: null,
              quantity: 1,
              unit_price: 3_200,
            },
          ],
          difference: { amount: 700, direction: "customer_pays" as const },
          bonus_credit: null,
          mode: "standard" as const,
          status: "pending" as const,
          payment: null,
          payment_due_at: null,
          released_at: null,
          order_id: null,
          hold: null,
        },
      };
      const created = { ...draft, record };
      await db.store.commit({
        next: created,
        expectedVersion: null,
        events: [makeOutboxEvent(created)],
      });

      const text = await returnkit(["returns", "show", record.id, ...db.flags]);

      expect(text.stdout.split("\n")[1]).toBe(
        "  TEE-BLK-M (M) × 1: TOO_SMALL_AT_CHEST, EXCHANGE for TEE-HEAVY-L (customer pays 7.00 EUR)",
      );
    },
  );

  itOnItsOwnSchema(
    "returns show - the return's line, state, refund with its fees, and its history",
    async ({ db }) => {
      const draft = makeStoredReturn({ request_id: "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C" });
      const created = { ...draft, record: { ...draft.record, refund: REFUND } };
      await db.store.commit({
        next: created,
        expectedVersion: null,
        events: [makeOutboxEvent(created)],
      });
      const submitted = advanceStoredReturn(created, "submit");
      await db.store.commit({
        next: submitted,
        expectedVersion: 1,
        events: [makeOutboxEvent(submitted)],
      });
      const id = created.record.id;

      const json = await returnkitJson(["returns", "show", id, ...db.flags]);
      const text = await returnkit(["returns", "show", id, ...db.flags]);

      expect(json).toEqual(submitted.record);
      expect(text.code).toBe(0);
      expect(text.stdout.split("\n").slice(0, 4)).toEqual([
        `${id}  submitted, version 2, updated ${submitted.record.updated_at}`,
        "  TEE-BLK-M (M) × 1: TOO_SMALL_AT_CHEST, EXCHANGE for TEE-BLK-L",
        "  order ord_1001, customer user-42, request rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
        "  refund: 21.15 EUR by original_payment (estimate): items 29.00 EUR, restocking 2.90 EUR, return shipping 4.95 EUR",
      ]);
      expect(text.stdout).toMatch(/^# +AT +EVENT +STATE +BY +NOTE$/m);
      expect(text.stdout).toMatch(/^1 +\S+ +create +draft +portal user-42 +-$/m);
      expect(text.stdout).toMatch(/^2 +\S+ +submit +draft → submitted +portal user-42 +-$/m);
    },
  );

  itOnItsOwnSchema(
    "returns show - a refund in MRU, MGA or IQD in its major unit, by ISO 4217's digits",
    async ({ db }) => {
      // MRU 1234 with a 10 % restocking fee and a 5.00 shipping fee: the example.
      const amounts = {
        item_amount: 1_234,
        restocking_fee: 123,
        return_shipping_fee: 500,
        total: 611,
      };
      const cases = [
        ["MRU", 2],
        ["MGA", 2],
        ["IQD", 3],
      ] as const;
      const lines: string[] = [];
      for (const [currency, currency_exponent] of cases) {
        const draft = makeStoredReturn();
        const refund = { ...REFUND, ...amounts, currency, currency_exponent };
        const stored = { ...draft, record: { ...draft.record, refund } };
        await db.store.commit({
          next: stored,
          expectedVersion: null,
          events: [makeOutboxEvent(stored)],
        });
        const run = await returnkit(["returns", "show", stored.record.id, ...db.flags]);
        expect(run.code, run.stderr).toBe(0);
        lines.push(run.stdout.split("\n")[3] ?? "");
      }
      expect(lines).toEqual([
        "  refund: 6.11 MRU by original_payment (estimate): items 12.34 MRU, restocking 1.23 MRU, return shipping 5.00 MRU",
        "  refund: 6.11 MGA by original_payment (estimate): items 12.34 MGA, restocking 1.23 MGA, return shipping 5.00 MGA",
        "  refund: 0.611 IQD by original_payment (estimate): items 1.234 IQD, restocking 0.123 IQD, return shipping 0.500 IQD",
      ]);
    },
  );

  itOnItsOwnSchema(
    "returns show - the parcel: its label with cost and fee charged, and its tracking scans",
    async ({ db }) => {
      const draft = makeStoredReturn();
      const stored = await commitNew(db.store, {
        ...draft,
        record: { ...draft.record, refund: REFUND, label: LABEL, tracking: TRACKING },
      });
      const bare = await commitNew(db.store, makeStoredReturn());

      const text = await returnkit(["returns", "show", stored.record.id, ...db.flags]);
      const none = await returnkit(["returns", "show", bare.record.id, ...db.flags]);

      expect(text.code, text.stderr).toBe(0);
      const lines = text.stdout.split("\n");
      expect(lines.slice(4, 9)).toEqual([
        "  label: created, easypost USPS Priority, bought 2026-11-20T10:00:00.000Z",
        "    tracking 9400111899560000000001 https://track.easypost.com/djE6dHJr",
        "    label https://easypost-files.s3.amazonaws.com/label.png",
        "    cost 5.40 USD, fee charged 4.95 EUR",
        "  tracking: delivered, last scan 2026-11-22T15:30:00.000Z",
      ]);
      expect(lines[9]).toMatch(/^ {4}AT +STATUS +LOCATION +DESCRIPTION$/);
      expect(lines[10]).toMatch(
        /^ {4}2026-11-21T08:00:00\.000Z +in_transit +PORTLAND OR +Departed facility$/,
      );
      expect(lines[11]).toMatch(/^ {4}2026-11-22T15:30:00\.000Z +delivered +- +Delivered$/);
      expect(none.stdout.split("\n")[4]).toBe("  label: none bought");
      expect(none.stdout).not.toContain("  tracking:");
    },
  );

  itOnItsOwnSchema(
    "returns show - a reissued label the carrier refused says why and what it replaces; no scans says so",
    async ({ db }) => {
      const draft = makeStoredReturn();
      const failed = {
        ...LABEL,
        status: "failed" as const,
        service: null,
        tracking_number: null,
        tracking_url: null,
        label_url: null,
        cost: null,
        fee_charged: null,
        created_at: null,
        reason: "address not deliverable",
        replaces: {
          carrier: "easypost",
          shipment_id: "shp_1",
          tracking_number: "9400111899560000000001",
          void_status: "voided" as const,
          attempts: 0,
        },
      };
      const stored = await commitNew(db.store, {
        ...draft,
        record: { ...draft.record, label: failed, tracking: null },
      });

      const text = await returnkit(["returns", "show", stored.record.id, ...db.flags]);

      expect(text.stdout.split("\n").slice(4, 7)).toEqual([
        "  label: failed, easypost: address not deliverable",
        "    replaces label 9400111899560000000001 (void voided)",
        "  tracking: no scan yet",
      ]);
    },
  );

  itOnItsOwnSchema(
    "returns show - an unknown return exits 3, a malformed id 2, neither with a stack",
    async ({ db }) => {
      const { stored } = await seedReturn(db.store);
      const unknown = await returnkit([
        "returns",
        "show",
        "ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
        ...db.flags,
      ]);
      const malformed = await returnkit(["returns", "show", "ret_nope", ...db.flags]);
      const priceless = await returnkit(["returns", "show", stored.record.id, ...db.flags]);

      expect(unknown.code).toBe(3);
      expect(unknown.stderr).toContain("no return ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C");
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toContain("a return id (ret_ and 26 ULID characters)");
      for (const run of [unknown, malformed]) expect(run.stderr).not.toContain("    at ");
      expect(priceless.stdout).toContain("  refund: none worked out (the order line has no price)");
    },
  );
});

/** Commits `stored` as a new return with its one event. */
async function commitNew(store: ReturnsStore, stored: StoredReturn): Promise<StoredReturn> {
  await store.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(stored)] });
  return stored;
}

describe("returnkit returns list --order", () => {
  itOnItsOwnSchema(
    "returns list --order - the order's returns, newest first, as a table and as JSON",
    async ({ db }) => {
      const first = await commitNew(db.store, makeStoredReturn({ order_id: "ord_7001" }));
      const priced = makeStoredReturn({
        order_id: "ord_7001",
        line: { sku: "CAP-RED", quantity: 2, size: null },
        request_id: "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
      });
      const second = await commitNew(db.store, {
        ...priced,
        record: { ...priced.record, refund: REFUND },
      });
      await commitNew(db.store, makeStoredReturn({ order_id: "ord_7002" }));

      const json = await returnkitJson(["returns", "list", "--order", "ord_7001", ...db.flags]);
      const text = await returnkit(["returns", "list", "--order", "ord_7001", ...db.flags]);

      expect(json).toEqual({ data: [second.record, first.record], next_cursor: null });
      expect(text.code).toBe(0);
      const rows = text.stdout.trimEnd().split("\n");
      expect(rows[0]).toMatch(/^ID +STATE +LINE +REASON +RESOLUTION +REFUND +REQUEST +UPDATED$/);
      expect(rows.slice(1).map((row) => row.split(/ {2,}/))).toEqual([
        [
          second.record.id,
          "draft",
          "CAP-RED × 2",
          "TOO_SMALL_AT_CHEST",
          "EXCHANGE TEE-BLK-L",
          "21.15 EUR (estimate)",
          "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C",
          second.record.updated_at,
        ],
        [
          first.record.id,
          "draft",
          "TEE-BLK-M (M) × 1",
          "TOO_SMALL_AT_CHEST",
          "EXCHANGE TEE-BLK-L",
          "-",
          "-",
          first.record.updated_at,
        ],
      ]);
    },
  );

  itOnItsOwnSchema(
    "returns list --order - a page at a time with --limit, the next one by --cursor",
    async ({ db }) => {
      const made: StoredReturn[] = [];
      for (let i = 0; i < 3; i++) {
        made.push(await commitNew(db.store, makeStoredReturn({ order_id: "ord_7001" })));
      }
      const newestFirst = made.map((one) => one.record.id).reverse();
      const order = ["returns", "list", "--order", "ord_7001", "--limit", "2", ...db.flags];

      const first = await returnkit(order);
      const firstJson = await returnkitJson(order);
      const second = await returnkitJson([...order, "--cursor", firstJson.next_cursor]);

      expect(firstJson.data.map((record: { id: string }) => record.id)).toEqual(
        newestFirst.slice(0, 2),
      );
      expect(first.stdout).toContain(`next page: --cursor ${firstJson.next_cursor}`);
      expect(second).toEqual({ data: [made[0]!.record], next_cursor: null });
    },
  );

  itOnItsOwnSchema(
    "returns list --order - an order without returns says so; a bad option exits 2",
    async ({ db }) => {
      await commitNew(db.store, makeStoredReturn({ order_id: "ord_7001" }));
      const none = await returnkit(["returns", "list", "--order", "ord_9999", ...db.flags]);
      const noOrder = await returnkit(["returns", "list", ...db.flags]);
      const badCursor = await returnkit([
        "returns",
        "list",
        "--order",
        "ord_7001",
        "--cursor",
        "evt_nope",
        ...db.flags,
      ]);
      const longOrder = await returnkit([
        "returns",
        "list",
        "--order",
        "o".repeat(129),
        ...db.flags,
      ]);
      const badLimit = await returnkit(["returns", "list", "--order", "ord_7001", "--limit", "0"]);

      expect(none).toEqual({ code: 0, stdout: "no returns of order ord_9999\n", stderr: "" });
      expect(noOrder.code).toBe(2);
      expect(noOrder.stderr).toContain("--order");
      expect(badCursor.code).toBe(2);
      expect(badCursor.stderr).toContain("--cursor must be a return id");
      expect(longOrder.code).toBe(2);
      expect(longOrder.stderr).toContain("--order must be an order id (1-128 characters");
      expect(badLimit.code).toBe(2);
      expect(badLimit.stderr).toContain("--limit takes a whole number from 1 to 100");
    },
  );
});
