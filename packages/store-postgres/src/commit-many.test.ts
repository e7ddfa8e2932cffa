import type { ReturnsStore } from "@returnkit/core";
import type { ReturnCommit, StoredReturn } from "@returnkit/core/store";
import { advanceStoredReturn, makeOutboxEvent, makeStoredReturn, T0 } from "@returnkit/testing";
import { ulid } from "ulidx";
import { beforeAll, describe, expect, it } from "vitest";
import { sqlNames } from "./names";
import {
  backends,
  query,
  storesForCases,
  type TestDatabase,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the commitMany cases");

const newRequestId = () => `rrq_${ulid()}`;

/** A draft of request `requestId`, with its created event. */
function createIn(
  requestId: string,
  options: Parameters<typeof makeStoredReturn>[0] = {},
): ReturnCommit {
  const made = makeStoredReturn(options);
  const next = { ...made, record: { ...made.record, request_id: requestId } };
  return { next, expectedVersion: null, events: [makeOutboxEvent(next)] };
}

/** `stored`'s next version after `event`, with its event. */
function advance(stored: StoredReturn, event: Parameters<typeof advanceStoredReturn>[1]) {
  const next = advanceStoredReturn(stored, event);
  return { next, expectedVersion: stored.record.version, events: [makeOutboxEvent(next)] };
}

const keyUse = (key: string) => ({
  key,
  fingerprint: "fp",
  now: T0,
  expiresAt: T0 + 86_400_000,
  response: { status: 201, body: { id: key }, headers: {} },
});

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`commitMany on ${backend.name}`, () => {
    // Two stores on two connections: two processes sharing one database.
    const opened = storesForCases(backend, "commit_many");
    const { schema } = opened;
    let first: ReturnsStore;
    let second: ReturnsStore;
    let db: TestDatabase;
    beforeAll(() => {
      first = opened.stores[0]!;
      second = opened.stores[1]!;
      db = opened.db;
    });

    /** What the tables hold of `ids`: each return's version, and the events and the key. */
    async function written(ids: string[], key?: string) {
      const n = sqlNames({ schema });
      const returns = await query(
        db,
        `SELECT id, version, request_id FROM ${n.table("returns")} WHERE id = ANY($1) ORDER BY id`,
        [ids],
      );
      const events = await query(
        db,
        `SELECT count(*)::int AS n FROM ${n.table("outbox_events")} WHERE return_id = ANY($1)`,
        [ids],
      );
      const keys = await query(
        db,
        `SELECT key FROM ${n.table("idempotency_keys")} WHERE key = $1`,
        [key ?? ""],
      );
      return { returns: returns.rows, events: events.rows[0].n as number, keys: keys.rows.length };
    }

    it("commitMany - writes every return of a request, its events and its key at once", async () => {
      const requestId = newRequestId();
      const changes = [createIn(requestId), createIn(requestId), createIn(requestId)];
      const key = `many-${requestId}`;

      const result = await first.commitMany({ changes, idempotency: keyUse(key) });

      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.events.map((events) => events.map((event) => event.return_id))).toEqual(
        changes.map((change) => [change.next.record.id]),
      );
      for (const change of changes)
        expect(await second.getReturn(change.next.record.id)).toEqual(change.next);
      const page = await second.listReturns({ request_id: requestId, limit: 2 });
      const rest = await second.listReturns({
        request_id: requestId,
        limit: 2,
        cursor: page.next_cursor!,
      });
      const ids = changes
        .map((change) => change.next.record.id)
        .sort()
        .reverse();
      expect([...page.data, ...rest.data].map((stored) => stored.record.id)).toEqual(ids);
      expect(rest.next_cursor).toBeNull();
      expect(await second.getIdempotencyRecord(key, T0)).toEqual({
        fingerprint: "fp",
        response: keyUse(key).response,
      });
    });

    it("commitMany - moves returns of one request on together, each from its own version", async () => {
      const requestId = newRequestId();
      const creates = [createIn(requestId), createIn(requestId)];
      await first.commitMany({ changes: creates });
      const submits = creates.map((create) => advance(create.next, "submit"));

      const result = await second.commitMany({ changes: submits });

      expect(result).toMatchObject({ ok: true });
      const ids = creates.map((create) => create.next.record.id);
      for (const submit of submits)
        expect(await first.getReturn(submit.next.record.id)).toEqual(submit.next);
      const events = await Promise.all(ids.map((id) => first.listEvents(id)));
      for (const own of events) {
        expect(own.map((event) => event.type)).toEqual(["return.created", "return.submitted"]);
        expect(own[0]!.position).toBeLessThan(own[1]!.position);
      }
    });

    it("commitMany - writes nothing when its second change meets a newer version", async () => {
      const requestId = newRequestId();
      const creates = [createIn(requestId), createIn(requestId)];
      await first.commitMany({ changes: creates });
      const [a, b] = creates.map((create) => create.next);
      const moved = advance(b!, "submit");
      await second.commit(moved);
      const key = `stale-${requestId}`;

      const result = await first.commitMany({
        changes: [advance(a!, "submit"), advance(b!, "submit")],
        idempotency: keyUse(key),
      });

      expect(result).toEqual({
        ok: false,
        reason: "version_conflict",
        currentVersion: 2,
        current: moved.next,
        index: 1,
      });
      expect(await written([a!.record.id, b!.record.id], key)).toEqual({
        returns: [a!, moved.next]
          .map(({ record }) => ({ id: record.id, version: record.version, request_id: requestId }))
          .sort((x, y) => (x.id < y.id ? -1 : 1)),
        events: 3,
        keys: 0,
      });
    });

    it("commitMany - writes nothing when one of its returns exists already", async () => {
      const requestId = newRequestId();
      const existing = createIn(requestId);
      await first.commit(existing);
      const fresh = createIn(requestId);

      const result = await second.commitMany({ changes: [fresh, existing] });

      expect(result).toEqual({ ok: false, reason: "already_exists", index: 1 });
      expect(await first.getReturn(fresh.next.record.id)).toBeNull();
    });

    it("commitMany - writes nothing when a change takes more of its line than was bought", async () => {
      const requestId = newRequestId();
      const order_id = `ord_${ulid()}`;
      const line = { sku: "TEE-BLK-M", quantity: 1, size: "M" };
      const changes = [
        createIn(requestId, { order_id, line }),
        createIn(requestId, { order_id, line }),
      ];
      const bound = changes.map((change) => ({ ...change, lineAllowance: { purchased: 1 } }));

      const result = await first.commitMany({ changes: bound, idempotency: keyUse(requestId) });

      // Checked in order, as if one by one: the second is refused, counting the first.
      expect(result).toEqual({ ok: false, reason: "quantity_exceeded", inReturns: 1, index: 1 });
      const ids = changes.map((change) => change.next.record.id);
      expect(await written(ids, requestId)).toEqual({ returns: [], events: 0, keys: 0 });
      expect(await second.returnedQuantities(order_id)).toEqual([]);
    });

    it("commitMany - checks a line as the whole commit leaves it: a unit given back is free to take", async () => {
      const order_id = `ord_${ulid()}`;
      const line = { sku: "TEE-BLK-M", quantity: 1, size: "M" };
      const held = createIn(newRequestId(), { order_id, line });
      await first.commit({ ...held, lineAllowance: { purchased: 1 } });
      const requestId = newRequestId();
      const cancel = { ...advance(held.next, "cancel"), lineAllowance: { purchased: 1 } };
      const take = { ...createIn(requestId, { order_id, line }), lineAllowance: { purchased: 1 } };

      const result = await second.commitMany({ changes: [take, cancel] });

      expect(result).toMatchObject({ ok: true });
      expect(await first.returnedQuantities(order_id)).toEqual([{ ...line, quantity: 1 }]);
    });

    it("commitMany - answers a key another request recorded, writing nothing", async () => {
      const requestId = newRequestId();
      const key = `taken-${requestId}`;
      const refusal = { status: 409, body: { title: "taken" }, headers: {} };
      await second.recordIdempotencyAnswer({ ...keyUse(key), response: refusal });
      const changes = [createIn(requestId), createIn(requestId)];

      const result = await first.commitMany({ changes, idempotency: keyUse(key) });

      expect(result).toEqual({
        ok: false,
        reason: "idempotency_conflict",
        record: { fingerprint: "fp", response: refusal },
      });
      const ids = changes.map((change) => change.next.record.id);
      expect(await written(ids)).toMatchObject({ returns: [], events: 0 });
    });

    it("commitMany - two stores racing on overlapping returns in either order: one wins whole, no deadlock", async () => {
      for (let round = 0; round < 20; round++) {
        const requestId = newRequestId();
        const creates = [createIn(requestId), createIn(requestId), createIn(requestId)];
        await first.commitMany({ changes: creates });
        const [a, b, c] = creates.map((create) => create.next);
        const forward = [advance(a!, "submit"), advance(b!, "submit")];
        const backward = [advance(c!, "cancel"), advance(b!, "cancel"), advance(a!, "cancel")];

        const [one, other] = await Promise.all([
          first.commitMany({ changes: forward }),
          second.commitMany({ changes: backward }),
        ]);

        expect([one.ok, other.ok].sort()).toEqual([false, true]);
        const winner = one.ok ? forward : backward;
        const loser = one.ok ? other : one;
        expect(loser).toMatchObject({ ok: false, reason: "version_conflict", currentVersion: 2 });
        for (const change of winner)
          expect(await first.getReturn(change.next.record.id)).toEqual(change.next);
        if (one.ok) expect(await first.getReturn(c!.record.id)).toEqual(c);
      }
    });

    it("commitMany - refuses a return named twice before sending anything", async () => {
      const change = createIn(newRequestId());

      await expect(first.commitMany({ changes: [change, change] })).rejects.toThrow(
        /more than once/,
      );
      expect(await first.getReturn(change.next.record.id)).toBeNull();
    });
  });
}
