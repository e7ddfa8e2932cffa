/**
 * A return stored before exchange offers (0.1.0 drafts) holds an `exchange_size` in its JSON
 * record and no `exchange`: no migration touches it, and the service reads it as a like-for-like
 * exchange in that size, on PGlite and on a PostgreSQL server.
 */
import { createReturnsService } from "@returnkit/core";
import { makeStoredReturn } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import {
  backends,
  dropSchema,
  query,
  STARTUP_TIMEOUT_MS,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the stored exchange size cases");

const staff = {
  principal: { kind: "merchant" as const, id: "staff", scopes: ["merchant:returns.read"] },
};

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`returns stored with an exchange_size on ${backend.name}`, () => {
    beforeAll(() => warmUp(backend), STARTUP_TIMEOUT_MS);
    afterAll(() => backend.closeAll());

    it("read - a stored exchange_size reads as a like-for-like exchange in that size", async () => {
      const db = backend.connect();
      const schema = uniqueSchema("exsize");
      const store = postgresStore({ db, schema, notify: false });
      await store.init();
      const stored = makeStoredReturn({ resolution: "EXCHANGE" });
      expect((await store.commit({ next: stored, expectedVersion: null, events: [] })).ok).toBe(
        true,
      );
      // The record as a 0.1.0 draft wrote it: `exchange_size`, no `exchange`.
      await query(
        db,
        `UPDATE "${schema}"."returnkit_returns"
            SET record = (record::jsonb - 'exchange' || '{"exchange_size": "L"}'::jsonb)::json`,
      );
      const service = createReturnsService({ store, idempotency: { required: false } });
      try {
        const record = await service.get(stored.record.id, staff);
        expect(record).not.toHaveProperty("exchange_size");
        expect(record.exchange).toEqual({
          kind: "like_for_like",
          lines: [
            {
              sku: stored.record.line.sku,
              title: null,
              variant_title: "L",
              image_url: null,
              quantity: stored.record.line.quantity,
              unit_price: null,
            },
          ],
          difference: null,
          bonus_credit: null,
          // Stored before releases: a standard exchange, not released (a draft).
          mode: "standard",
          status: "pending",
          payment: null,
          payment_due_at: null,
          released_at: null,
          order_id: null,
          hold: null,
        });
      } finally {
        await service.close();
        await dropSchema(db, schema);
      }
    });
  });
}
