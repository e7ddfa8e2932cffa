import { advanceStoredReturn, makeOutboxEvent } from "@returnkit/testing";
import { describe, expect } from "vitest";
import { runCli } from "../run-cli";
import {
  DATABASE_URL,
  itOnItsOwnSchema,
  killDueDeliveries,
  returnkit,
  returnkitJson,
  runReturnkit,
  seedEndpoint,
  seedReturn,
  type TestDatabase,
} from "../test-support";

async function statuses(db: TestDatabase, eventId: string): Promise<Record<string, string>> {
  const deliveries = await db.store.listDeliveries({ eventId });
  return Object.fromEntries(deliveries.map((delivery) => [delivery.endpoint_id, delivery.status]));
}

describe("returnkit redeliver and recover", () => {
  itOnItsOwnSchema(
    "redeliver - makes the event's dead deliveries pending again, due now",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_a" });
      await seedEndpoint(db.store, { id: "we_b" });
      const { eventId } = await seedReturn(db.store);
      await killDueDeliveries(db.store);

      const run = await returnkit(["redeliver", eventId, ...db.flags]);

      expect(run).toEqual({
        code: 0,
        stdout: `revived 2 dead deliveries of ${eventId}; a running dispatcher sends them now\n`,
        stderr: "",
      });
      expect(await statuses(db, eventId)).toEqual({ we_a: "pending", we_b: "pending" });
      const claimed = await db.store.claimDeliveries({
        dispatcherId: "after",
        now: Date.now(),
        limit: 10,
        leaseMs: 1000,
      });
      expect(claimed.map(({ event }) => event.id)).toEqual([eventId, eventId]);
    },
  );

  itOnItsOwnSchema(
    "redeliver --endpoint --json - revives the delivery to that endpoint only",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_c" });
      await seedEndpoint(db.store, { id: "we_d" });
      const { eventId } = await seedReturn(db.store);
      await killDueDeliveries(db.store);

      const json = await returnkitJson(["redeliver", eventId, "--endpoint", "we_d", ...db.flags]);

      expect(json).toEqual({ event_id: eventId, endpoint_id: "we_d", revived: 1, skipped: 0 });
      expect(await statuses(db, eventId)).toEqual({ we_c: "dead", we_d: "pending" });
    },
  );

  itOnItsOwnSchema(
    "redeliver - an event with no dead delivery revives nothing and says why",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_e" });
      const { eventId } = await seedReturn(db.store);

      const run = await returnkit(["redeliver", eventId, ...db.flags]);

      expect(run).toEqual({
        code: 0,
        stdout: `nothing to redeliver: no delivery of ${eventId} is dead (1 pending)\n`,
        stderr: "",
      });
    },
  );

  itOnItsOwnSchema(
    "redeliver - an unknown event or endpoint exits 3 with one line",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_f" });
      const { eventId } = await seedReturn(db.store);

      const unknownEvent = await returnkit([
        "redeliver",
        "evt_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N",
        ...db.flags,
      ]);
      const unknownEndpoint = await returnkit([
        "redeliver",
        eventId,
        "--endpoint",
        "we_nothing",
        ...db.flags,
      ]);

      expect(unknownEvent).toEqual({
        code: 3,
        stdout: "",
        stderr:
          "returnkit: no event evt_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N (no delivery of it is recorded)\n",
      });
      expect(unknownEndpoint).toEqual({
        code: 3,
        stdout: "",
        stderr: `returnkit: event ${eventId} has no delivery to endpoint we_nothing\n`,
      });
    },
  );

  itOnItsOwnSchema(
    "recover --since - revives what died since the time, not what died before",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_g" });
      const old = await seedReturn(db.store);
      await killDueDeliveries(db.store, new Date(Date.now() - 3 * 3_600_000));
      const recent = await seedReturn(db.store);
      await killDueDeliveries(db.store, new Date(Date.now() - 60_000));

      const json = await returnkitJson(["recover", "--since", "2h", ...db.flags]);
      const again = await returnkit(["recover", "--since", "2h", ...db.flags]);

      expect(json.revived).toBe(1);
      expect(Date.now() - Date.parse(json.since)).toBeGreaterThanOrEqual(7_200_000);
      expect(await statuses(db, old.eventId)).toEqual({ we_g: "dead" });
      expect(await statuses(db, recent.eventId)).toEqual({ we_g: "pending" });
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^no delivery died since \d{4}-.+Z\n$/);
    },
  );

  itOnItsOwnSchema("recover --since - takes an ISO time with its zone", async ({ db }) => {
    await seedEndpoint(db.store, { id: "we_h" });
    const { eventId } = await seedReturn(db.store);
    await killDueDeliveries(db.store, new Date("2026-01-02T10:00:00.000Z"));

    const run = await returnkit(["recover", "--since", "2026-01-02T09:00:00+00:00", ...db.flags]);

    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "revived 1 delivery that died since 2026-01-02T09:00:00.000Z; running dispatchers send them now\n",
    );
    expect(await statuses(db, eventId)).toEqual({ we_h: "pending" });
  });

  itOnItsOwnSchema(
    "recover - skips the dead deliveries of a deleted endpoint, even once a new endpoint takes its id, and says how many",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_kept" });
      await seedEndpoint(db.store, { id: "we_gone" });
      const { eventId } = await seedReturn(db.store);
      await killDueDeliveries(db.store);
      const deleted = await runReturnkit(["endpoints", "delete", "we_gone", ...db.flags]);
      expect(deleted.code).toBe(0);
      await seedEndpoint(db.store, { id: "we_gone", url: "https://someone-else.example/" });

      const run = await runReturnkit(["recover", "--since", "1h", ...db.flags]);
      const json = await runReturnkit(["recover", "--since", "1h", "--json", ...db.flags]);

      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /^revived 1 delivery that died since \S+; running dispatchers send them now\nskipped 1 dead delivery of deleted endpoints \(they stay dead\)\n$/,
      );
      expect(JSON.parse(json.stdout)).toMatchObject({ revived: 0, skipped: 1 });
      expect(await statuses(db, eventId)).toEqual({ we_kept: "pending", we_gone: "dead" });
    },
  );
});

describe("returnkit redeliver - order", () => {
  /** A return with two events (create, submit), both dead to the one endpoint. */
  async function twoDeadEvents(db: TestDatabase) {
    await seedEndpoint(db.store, { id: "we_order" });
    const { stored, eventId: first } = await seedReturn(db.store);
    const next = advanceStoredReturn(stored, "submit");
    const event = makeOutboxEvent(next);
    const committed = await db.store.commit({ next, expectedVersion: 1, events: [event] });
    expect(committed.ok).toBe(true);
    await killDueDeliveries(db.store, new Date("2026-11-24T03:00:00.000Z"));
    await killDueDeliveries(db.store, new Date("2026-11-24T03:00:05.000Z"));
    return { returnId: stored.record.id, first, second: event.id };
  }

  async function runInProcess(args: string[]) {
    const out: string[] = [];
    const errors: string[] = [];
    const code = await runCli(
      args,
      { DATABASE_URL },
      { out: (text) => out.push(text), error: (text) => errors.push(text) },
    );
    return { code, out, errors };
  }

  itOnItsOwnSchema(
    "redeliver - refuses to send an event ahead of an earlier dead one of its return, and says how to keep order",
    async ({ db }) => {
      const { returnId, first, second } = await twoDeadEvents(db);

      const refused = await runInProcess(["redeliver", second, ...db.flags]);

      expect(refused.code).toBe(1);
      expect(refused.out).toEqual([]);
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors[0]).toContain(`${first} of ${returnId} to we_order is dead too`);
      expect(refused.errors[0]).toContain("recover --since 2026-11-24T03:00:00.000Z");
      expect(refused.errors[0]).toContain("--out-of-order");
      expect(await statuses(db, first)).toEqual({ we_order: "dead" });
      expect(await statuses(db, second)).toEqual({ we_order: "dead" });
    },
  );

  itOnItsOwnSchema(
    "redeliver - the oldest dead event goes at once; --out-of-order sends a later one anyway",
    async ({ db }) => {
      const { first, second } = await twoDeadEvents(db);

      const oldest = await runInProcess(["redeliver", first, ...db.flags]);
      const anyway = await runInProcess(["redeliver", second, "--out-of-order", ...db.flags]);

      expect([oldest.code, anyway.code]).toEqual([0, 0]);
      expect(await statuses(db, first)).toEqual({ we_order: "pending" });
      expect(await statuses(db, second)).toEqual({ we_order: "pending" });
    },
  );
});
