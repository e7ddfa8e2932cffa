/**
 * Events that record no transition and events about a customer outlive the process that
 * committed them: a store opened afresh on the same database (a PGlite directory reopened, or
 * a new pool on the server) delivers them in their subjects' order and revives a dead one.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ReturnsStore } from "@returnkit/core/store";
import {
  advanceStoredReturn,
  deliverAllDue,
  makeCustomerEvent,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeRecordedEvent,
  recordedVersion,
  T0,
} from "@returnkit/testing";
import { afterAll, describe, expect, it } from "vitest";
import { postgresStore } from "./postgres-store";
import {
  commitNewReturn,
  DATABASE_URL,
  dropSchema,
  newPool,
  STARTUP_TIMEOUT_MS,
  uniqueSchema,
} from "./test-support";

const LATER = T0 + 3_600_000;

/** What the first process commits: a return's events with one that records no transition, and a customer's two. */
async function commitBeforeRestart(store: ReturnsStore) {
  await store.saveEndpoint(makeEndpoint({ id: "we_restart" }));
  const created = await commitNewReturn(store);
  const noted = recordedVersion(created);
  const recorded = makeRecordedEvent(noted);
  const submitted = advanceStoredReturn(noted, "submit");
  const submit = makeOutboxEvent(submitted);
  const first = makeCustomerEvent("cus_7");
  const second = makeCustomerEvent("cus_7");
  const writes = [
    await store.commit({ next: noted, expectedVersion: 1, events: [recorded] }),
    await store.commit({ next: submitted, expectedVersion: 2, events: [submit] }),
    await store.commitMany({ changes: [], events: [first] }),
  ];
  expect(writes.every((write) => write.ok)).toBe(true);
  // The customer's first event dies at its first attempt; the second comes after that.
  const heads = await store.claimDeliveries({
    dispatcherId: "d1",
    now: LATER,
    limit: 10,
    leaseMs: 30_000,
  });
  const dying = heads.find((one) => one.event.id === first.id)!;
  await store.recordDeliveryAttempt({
    deliveryId: dying.delivery.id,
    dispatcherId: "d1",
    attempt: makeDeliveryAttempt(LATER, 500),
    outcome: { kind: "dead" },
  });
  const created_event = heads.find((one) => one.event.return_id === created.record.id)!;
  await store.recordDeliveryAttempt({
    deliveryId: created_event.delivery.id,
    dispatcherId: "d1",
    attempt: makeDeliveryAttempt(LATER, 503),
    outcome: { kind: "retry", next_attempt_at: LATER },
  });
  expect((await store.commitMany({ changes: [], events: [second] })).ok).toBe(true);
  return { returnId: created.record.id, recorded, submit, first, second };
}

/** What the second process finds and delivers. */
async function deliverAfterRestart(
  store: ReturnsStore,
  committed: Awaited<ReturnType<typeof commitBeforeRestart>>,
) {
  const { returnId, recorded, submit, first, second } = committed;
  const ofCustomer = await store.listDeliveries({ subject: { kind: "customer", id: "cus_7" } });
  expect(ofCustomer.map((delivery) => [delivery.event_id, delivery.status])).toEqual([
    [first.id, "dead"],
    [second.id, "pending"],
  ]);
  expect(await store.redeliver({ eventId: first.id, now: LATER })).toEqual({
    revived: 1,
    skipped: 0,
  });

  const delivered = await deliverAllDue(store, LATER, "d2");

  const ids = (kind: string, id: string) =>
    delivered
      .filter((one) => one.delivery.subject.kind === kind && one.delivery.subject.id === id)
      .map((one) => one.event.id);
  const events = await store.listEvents(returnId);
  expect(ids("return", returnId)).toEqual([events[0]!.id, recorded.id, submit.id]);
  expect(events[1]).toMatchObject({ id: recorded.id, seq: null, return_id: returnId });
  expect(ids("customer", "cus_7")).toEqual([first.id, second.id]);
  expect(delivered.find((one) => one.event.id === first.id)!.event).toMatchObject({
    return_id: null,
    subject: { kind: "customer", id: "cus_7" },
    payload: first.payload,
  });
}

describe("events about a subject across a restart", () => {
  const root = mkdtempSync(join(tmpdir(), "returnkit-subjects-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    "postgresStore - a reopened PGlite directory delivers a return's recorded event and a customer's events in order",
    async () => {
      const dir = join(root, "data");
      const first = await PGlite.create(dir);
      const before = postgresStore({ db: first });
      await before.init();
      const committed = await commitBeforeRestart(before);
      await before.close();
      await first.close();

      const db = await PGlite.create(dir);
      const after = postgresStore({ db });
      try {
        await after.init();
        await deliverAfterRestart(after, committed);
      } finally {
        await after.close();
        await db.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );

  it.skipIf(!DATABASE_URL)(
    "postgresStore - a new pool on the server delivers a return's recorded event and a customer's events in order",
    async () => {
      const schema = uniqueSchema("subjects");
      const firstPool = newPool(4);
      const before = postgresStore({ db: firstPool, schema });
      await before.init();
      const committed = await commitBeforeRestart(before);
      await before.close();
      await firstPool.end();

      const pool = newPool(4);
      const after = postgresStore({ db: pool, schema });
      try {
        await after.init();
        await deliverAfterRestart(after, committed);
      } finally {
        await after.close();
        await dropSchema(pool, schema);
        await pool.end();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
