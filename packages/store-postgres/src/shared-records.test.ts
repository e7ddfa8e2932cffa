/**
 * Migration 002: a commit writes its record once, into return_versions, and the idempotency
 * response and the event payloads that hold it as templates. These cases check the tables
 * themselves; the conformance suite checks that nothing a caller reads has changed.
 */
import { createReturnsService, type ReturnsStore } from "@returnkit/core";
import {
  advanceStoredReturn,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
  validCreate,
} from "@returnkit/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSqlDatabase } from "./database";
import * as initial from "./migrations/001_initial";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import {
  backends,
  dropSchema,
  query,
  STARTUP_TIMEOUT_MS,
  type TestDatabase,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the shared-record cases");

const DAY = 86_400_000;

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`shared records on ${backend.name}`, () => {
    const schema = uniqueSchema("shared");
    const names = sqlNames({ schema });
    let store: ReturnsStore;
    let db: TestDatabase;

    beforeAll(async () => {
      await warmUp(backend);
      db = backend.connect();
      store = postgresStore({ db, schema });
      await store.init?.();
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await store.close?.();
      await dropSchema(db, schema);
      await backend.closeAll();
    });

    /** A created return committed with two events and a key's first use, all holding the record. */
    async function commitWithKey(key: string, expiresAt = T0 + DAY) {
      const stored = makeStoredReturn();
      const response = { status: 201, body: stored.record, headers: { etag: '"1"' } };
      const events = [
        makeOutboxEvent(stored),
        makeOutboxEvent(stored, { type: "return.fit_signal" }),
      ];
      const result = await store.commit({
        next: stored,
        expectedVersion: null,
        events,
        idempotency: { key, fingerprint: "fp", response, now: T0, expiresAt },
      });
      expect(result.ok).toBe(true);
      return { stored, response, events };
    }

    async function versionsOf(returnId: string): Promise<number[]> {
      const { rows } = await query<{ version: number }>(
        db,
        `SELECT version FROM ${names.table("return_versions")} WHERE return_id = $1 ORDER BY version`,
        [returnId],
      );
      return rows.map((row) => Number(row.version));
    }

    it("commit - writes the record once; the response and the payloads keep only a mark for it", async () => {
      const { stored } = await commitWithKey("once");
      const id = stored.record.id;

      expect(await versionsOf(id)).toEqual([1]);
      const events = await query<{ whole: unknown; template: string }>(
        db,
        `SELECT payload AS whole, payload_template AS template FROM ${names.table("outbox_events")} WHERE return_id = $1`,
        [id],
      );
      const key = await query<{ whole: unknown; template: string }>(
        db,
        `SELECT response AS whole, response_template AS template FROM ${names.table("idempotency_keys")} WHERE key = 'once'`,
      );
      for (const row of [...events.rows, ...key.rows]) {
        expect(row.whole).toBeNull();
        expect(row.template.split("\u0002")).toHaveLength(2);
        expect(row.template).not.toContain(id);
      }
      expect(events.rows).toHaveLength(2);
      expect(key.rows).toHaveLength(1);
    });

    it("reads - put the record back: listEvents, claimed deliveries and a replayed response are as written", async () => {
      const endpoint = makeEndpoint();
      await store.saveEndpoint(endpoint);
      const { stored, response, events } = await commitWithKey("read-back");
      // The return moves on: what refers to version 1 still reads version 1.
      const next = advanceStoredReturn(stored, "submit");
      expect(
        (await store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] })).ok,
      ).toBe(true);

      const listed = await store.listEvents(stored.record.id);
      expect(listed.slice(0, 2).map((e) => JSON.stringify(e.payload))).toEqual(
        events.map((e) => JSON.stringify(e.payload)),
      );
      expect(listed[2]!.payload).toMatchObject({ data: { return: { version: 2 } } });

      const claimed = await store.claimDeliveries({
        dispatcherId: "d1",
        now: T0 + DAY,
        limit: 10,
        leaseMs: 30_000,
      });
      const mine = claimed.filter((c) => c.event.return_id === stored.record.id);
      expect(mine[0]!.event.payload).toEqual(events[0]!.payload);

      const replay = await store.claimIdempotencyKey({
        key: "read-back",
        fingerprint: "fp",
        now: T0 + 1,
        lockedUntil: T0 + 30_000,
        expiresAt: T0 + DAY,
      });
      expect(replay).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp", response },
      });
      expect(JSON.stringify(replay.claimed ? null : replay.record)).toContain(
        JSON.stringify(stored.record),
      );
      await store.removeEndpoint(endpoint.id);
    });

    it("commit - a key whose response does not hold the record keeps no record for it", async () => {
      const created = makeStoredReturn();
      expect((await store.commit({ next: created, expectedVersion: null, events: [] })).ok).toBe(
        true,
      );
      // A draft update as the service stores it: no event, and a response without the history.
      const next = advanceStoredReturn(created, "update");
      const response = {
        status: 200,
        body: { ...next.record, history: next.record.history.length },
        headers: { etag: '"2"' },
      };
      const result = await store.commit({
        next,
        expectedVersion: 1,
        events: [],
        idempotency: {
          key: "no-record",
          fingerprint: "fp",
          response,
          now: T0,
          expiresAt: T0 + DAY,
        },
      });
      expect(result.ok).toBe(true);
      expect(await versionsOf(created.record.id)).toEqual([]);
      const replay = await store.claimIdempotencyKey({
        key: "no-record",
        fingerprint: "fp",
        now: T0 + 1,
        lockedUntil: T0 + 30_000,
        expiresAt: T0 + DAY,
      });
      expect(replay).toEqual({
        claimed: false,
        record: { state: "completed", fingerprint: "fp", response },
      });
    });

    it("service - a keyed PATCH replayed after the return moved on is byte for byte the first answer", async () => {
      // No retention here: the cases share the store, and their fixtures are dated T0.
      const service = createReturnsService({ store, retention: { intervalMs: 0 } });
      const customer = { kind: "portal" as const, id: "user-7", scopes: ["portal:returns.write"] };
      const staff = { kind: "merchant" as const, id: "staff", scopes: ["merchant:returns.write"] };
      const { record } = await service.createReturn(validCreate, {
        principal: customer,
        idempotencyKey: "svc-create",
      });
      const patch = () =>
        service.updateDraft(
          record.id,
          { resolution: "REFUND" },
          { principal: customer, idempotencyKey: "svc-patch" },
        );
      const first = await patch();
      await service.submit(record.id, { principal: customer, idempotencyKey: "svc-submit" });
      await service.advance(record.id, "approve", { principal: staff, idempotencyKey: "svc-ok" });
      const again = await patch();
      expect(again.replayed).toBe(true);
      expect(JSON.stringify(again.record)).toBe(JSON.stringify(first.record));
      expect(again.record.history).toHaveLength(2);
      // The PATCH published nothing and its response holds no record: none is kept for it.
      expect(await versionsOf(record.id)).toEqual([1, 3, 4]);
    });

    it("purge - keeps a record while an event or a response refers to it, and never counts it", async () => {
      const { stored } = await commitWithKey("purged", T0 + 1000);
      const id = stored.record.id;
      const refs = async () => ({
        versions: await versionsOf(id),
        events: (await store.listEvents(id)).length,
      });

      // The events go (no endpoint, so no delivery keeps them); the key still holds the record.
      const first = await store.purge({ now: T0, deliveredBefore: T0 + DAY, limit: 100 });
      expect(await refs()).toEqual({ versions: [1], events: 0 });
      // The key expires: it goes, and the record with it, uncounted.
      const second = await store.purge({ now: T0 + 1000, deliveredBefore: T0 + DAY, limit: 100 });
      expect(await refs()).toEqual({ versions: [], events: 0 });
      expect([first, second]).toEqual([expect.any(Number), expect.any(Number)]);
      expect(await store.purge({ now: T0 + 1000, deliveredBefore: T0 + DAY, limit: 100 })).toBe(0);
    });

    it("purge - keeps a record its events still need when the key has gone", async () => {
      const { stored, events } = await commitWithKey("events-outlive", T0 + 1000);
      // The key has expired; the events are not yet old enough to go.
      await store.purge({ now: T0 + 1000, deliveredBefore: T0, limit: 100 });
      expect(await versionsOf(stored.record.id)).toEqual([1]);
      const listed = await store.listEvents(stored.record.id);
      expect(listed.map((e) => e.payload)).toEqual(events.map((e) => e.payload));
    });
  });
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`upgrade to migration 002 on ${backend.name}`, () => {
    it(
      "migrate - rows written before migration 002 keep their whole payload and response, and read back",
      async () => {
        await warmUp(backend);
        const db = backend.connect();
        const schema = uniqueSchema("upgrade");
        const names = sqlNames({ schema });
        // The schema as migration 001 left it, with a return, its event, a pending delivery
        // and a completed key written the way that version wrote them.
        await query(db, `CREATE SCHEMA "${schema}"`);
        await query(
          db,
          `CREATE TABLE ${names.table("migrations")} (
           version integer PRIMARY KEY, name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now())`,
        );
        await toSqlDatabase(db).transaction((tx) => tx.exec(initial.sql(names)));
        await query(
          db,
          `INSERT INTO ${names.table("migrations")} (version, name) VALUES (1, 'initial')`,
        );
        const stored = makeStoredReturn();
        const event = makeOutboxEvent(stored);
        const response = { status: 201, body: stored.record, headers: { etag: '"1"' } };
        const endpoint = makeEndpoint();
        await query(
          db,
          `INSERT INTO ${names.table("returns")} (id, version, state, customer_id, order_id, record, snapshot)
         VALUES ($1, 1, $2, $3, $4, $5::json, $6::json)`,
          [
            stored.record.id,
            stored.record.state,
            stored.record.customer_id,
            stored.record.order_id,
            JSON.stringify(stored.record),
            JSON.stringify(stored.snapshot),
          ],
        );
        await query(
          db,
          `INSERT INTO ${names.table("outbox_events")} (id, return_id, seq, type, payload, created_at, created_ms)
         VALUES ($1, $2, $3, $4, $5::json, $6, $7)`,
          [
            event.id,
            event.return_id,
            event.seq,
            event.type,
            JSON.stringify(event.payload),
            event.created_at,
            Date.parse(event.created_at),
          ],
        );
        await query(
          db,
          `INSERT INTO ${names.table("endpoints")} (id, url, secrets, types, enabled, created_at)
         VALUES ($1, $2, $3::jsonb, NULL, true, $4)`,
          [endpoint.id, endpoint.url, JSON.stringify(endpoint.secrets), endpoint.created_at],
        );
        await query(
          db,
          `INSERT INTO ${names.table("deliveries")} (id, event_id, endpoint_id, return_id, position, status, next_attempt_at)
         SELECT 'dlv_legacy', id, $2, return_id, position, 'pending', 0
         FROM ${names.table("outbox_events")} WHERE id = $1`,
          [event.id, endpoint.id],
        );
        await query(
          db,
          `INSERT INTO ${names.table("idempotency_keys")} (key, fingerprint, state, token, locked_until, expires_at, response)
         VALUES ('legacy', 'fp', 'completed', '', 0, $1, $2::json)`,
          [T0 + DAY, JSON.stringify(response)],
        );

        const store = postgresStore({ db, schema });
        await store.init?.();

        const [listed] = await store.listEvents(stored.record.id);
        expect(JSON.stringify(listed!.payload)).toBe(JSON.stringify(event.payload));
        const [claimed] = await store.claimDeliveries({
          dispatcherId: "d1",
          now: T0,
          limit: 10,
          leaseMs: 30_000,
        });
        expect(claimed!.event.payload).toEqual(event.payload);
        expect(
          await store.claimIdempotencyKey({
            key: "legacy",
            fingerprint: "fp",
            now: T0,
            lockedUntil: T0 + 30_000,
            expiresAt: T0 + DAY,
          }),
        ).toEqual({ claimed: false, record: { state: "completed", fingerprint: "fp", response } });
        // And the upgraded schema takes new commits beside the old rows.
        const next = advanceStoredReturn(stored, "submit");
        expect(
          (await store.commit({ next, expectedVersion: 1, events: [makeOutboxEvent(next)] })).ok,
        ).toBe(true);
        expect(await store.listEvents(stored.record.id)).toHaveLength(2);
        await store.close?.();
        await dropSchema(db, schema);
        await backend.closeAll();
      },
      STARTUP_TIMEOUT_MS,
    );
  });
}
