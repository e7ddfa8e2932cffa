/**
 * A database the first release populated is upgraded in place: returns in every state,
 * idempotency keys and deliveries still pending (their endpoint down) are written as that
 * release wrote them, on its schema (migration 001 only); then `migrate()` runs, and the
 * current service finds everything as it was, replays the keys' answers, delivers the pending
 * deliveries in order once the endpoint is back, and drives every open return on to closed.
 */
import { createServer } from "node:net";
import {
  createReturnsService,
  type OperationContext,
  RETURN_STATES,
  type ReturnData,
  type ReturnResult,
  type ReturnState,
  type ReturnsService,
  type ReturnsStore,
} from "@returnkit/core";
import {
  makeCustomerEvent,
  makeEndpoint,
  makeRecordedEvent,
  recordedVersion,
} from "@returnkit/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migrate } from "./migrate";
import { sqlNames } from "./names";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";
import {
  firstArrivalsByReturn,
  type ReceiverThread,
  startReceiverThread,
} from "./test-support/receiver-thread";
import { applyReleaseOneSchema, releaseOneStore } from "./test-support/release-one";
import { customer, MERCHANT } from "./test-support/worker-runtime";

warnWithoutServer("the in-place upgrade case");

const WEBHOOKS = {
  allowedDestinations: ["127.0.0.1"],
  timeoutMs: 2_000,
  pollIntervalMs: 100,
  // Long enough that no delivery dies while its endpoint is down.
  retrySchedule: [0, ...Array.from({ length: 30 }, () => 300)],
};
const LIFECYCLE = ["submit", "approve", "ship", "receive", "grade", "close"];
/** What takes a new draft to each state (checked: the populating fails if one does not). */
const PATHS: Record<ReturnState, string[]> = {
  draft: [],
  submitted: LIFECYCLE.slice(0, 1),
  approved: LIFECYCLE.slice(0, 2),
  in_transit: LIFECYCLE.slice(0, 3),
  received: LIFECYCLE.slice(0, 4),
  graded: LIFECYCLE.slice(0, 5),
  closed: LIFECYCLE,
  rejected: ["submit", "reject"],
  flagged: ["submit", "flag"],
  cancelled: ["cancel"],
};
/** The events that take an open return on towards closed, in the order they are tried. */
const TOWARDS_CLOSED = ["submit", "unflag", "approve", "ship", "receive", "grade", "close"];
const TERMINAL = ["closed", "rejected", "cancelled"];

/** One write as a client sent it, and the answer it got. */
interface SentWrite {
  returnId: string | null;
  event: string;
  key: string;
  customerId: string;
  answer: ReturnResult;
}

/** A port nothing listens on (yet): the endpoint's, down until the receiver starts there. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function serviceOn(store: ReturnsStore): ReturnsService {
  return createReturnsService({ store, baseUrl: "https://shop.example", webhooks: WEBHOOKS });
}

/** Sends `event` (a create when null) as the customer or the merchant, under `key`. */
function send(service: ReturnsService, write: Omit<SentWrite, "answer">): Promise<ReturnResult> {
  const portal = write.event === "create" || write.event === "submit" || write.event === "cancel";
  const ctx: OperationContext = {
    principal: portal ? customer(write.customerId) : MERCHANT,
    idempotencyKey: write.key,
  };
  if (write.event === "create")
    return service.createReturn(
      {
        order_id: `ord-${write.customerId}`,
        line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
        reason: "TOO_SMALL_AT_CHEST",
        resolution: "REFUND",
      },
      ctx,
    );
  if (write.event === "submit") return service.submit(write.returnId!, {}, ctx);
  if (write.event === "cancel") return service.cancel(write.returnId!, {}, ctx);
  return service.advance(write.returnId!, write.event, {}, ctx);
}

describe.skipIf(!DATABASE_URL)(
  "upgrading a database the first release populated (DATABASE_URL)",
  () => {
    const schema = uniqueSchema("upgrade");
    const n = sqlNames({ schema });
    let pool: pg.Pool;
    let receiver: ReceiverThread | undefined;

    beforeAll(() => {
      pool = newPool(6);
    });

    afterAll(async () => {
      await receiver?.close();
      await dropSchema(pool, schema);
      await pool.end();
    });

    /** The rows as stored, verbatim: what the upgrade must leave as it found them. */
    async function tables() {
      const read = async (sql: string) => (await pool.query(sql)).rows;
      return {
        returns: await read(
          `SELECT id, version, state, record::text, snapshot::text FROM ${n.table("returns")} ORDER BY id`,
        ),
        keys: await read(
          `SELECT key, fingerprint, expires_at, response::text FROM ${n.table("idempotency_keys")} ORDER BY key`,
        ),
        events: await read(
          `SELECT id, position, return_id, payload::text FROM ${n.table("outbox_events")} ORDER BY position`,
        ),
        deliveries: await read(
          `SELECT id, status, attempt_count, next_attempt_at, position FROM ${n.table("deliveries")} ORDER BY position`,
        ),
      };
    }

    /** Populates the release's database: a return in every state, each write under a key. */
    async function populateAsReleased(endpointUrl: string): Promise<SentWrite[]> {
      await applyReleaseOneSchema(pool, schema);
      const service = serviceOn(releaseOneStore(pool, schema));
      await service.ready();
      await service.store.saveEndpoint(makeEndpoint({ url: endpointUrl }));
      const sent: SentWrite[] = [];
      for (const state of RETURN_STATES) {
        const customerId = `cus-${state}`;
        let returnId: string | null = null;
        for (const event of ["create", ...PATHS[state]]) {
          const write = { returnId, event, key: `${state}:${event}`, customerId };
          const answer = await send(service, write);
          returnId = answer.record.id;
          sent.push({ ...write, answer });
        }
        expect((await service.get(returnId!, { principal: MERCHANT })).state).toBe(state);
      }
      // Its dispatcher tries each return's first delivery: the endpoint is down, so they wait.
      service.dispatcher.start();
      await vi.waitFor(
        async () => {
          const pending = await service.store.listDeliveries({ status: "pending" });
          const tried = new Set(pending.filter((d) => d.attempt_count > 0).map((d) => d.return_id));
          expect(tried.size).toBe(RETURN_STATES.length);
        },
        { timeout: 20_000, interval: 100 },
      );
      await service.close();
      return sent;
    }

    /** Sends the events that take `record` on to a terminal state; the state it ends in. */
    async function driveToEnd(service: ReturnsService, record: ReturnData): Promise<string> {
      let current = record;
      for (let step = 0; !TERMINAL.includes(current.state); step++) {
        const allowed = new Set([
          ...service.allowedEventsFor(current, customer(current.customer_id)),
          ...service.allowedEventsFor(current, MERCHANT),
        ]);
        const event = TOWARDS_CLOSED.find((candidate) => allowed.has(candidate as never));
        if (!event || step > 10) throw new Error(`${current.id} is stuck in ${current.state}`);
        const key = `after:${current.id}:${step}`;
        const write = { returnId: current.id, event, key, customerId: current.customer_id };
        current = (await send(service, write)).record;
      }
      return current.state;
    }

    it("migrate - upgrades the release's database in place: nothing lost, keys replayed, deliveries delivered, returns closed", async () => {
      const port = await freePort();
      const sent = await populateAsReleased(`http://127.0.0.1:${port}/webhooks`);
      const before = await tables();
      // Written as the release wrote them: no record, and no answer of a key, has a request_id.
      const stored = [
        ...before.returns.map((row) => row.record),
        ...before.keys.map((row) => row.response),
      ];
      expect(stored.filter((json) => json.includes("request_id"))).toEqual([]);
      expect(before.deliveries.filter((d) => d.status === "pending")).toHaveLength(
        before.events.length,
      );

      expect(await migrate({ db: pool, schema })).toEqual({
        applied: [
          "002_return_requests",
          "003_fit_insights",
          "004_event_subjects",
          "005_rma_numbers",
          "006_timers",
          "007_tracking_numbers",
        ],
      });

      // Nothing rewritten: every row reads as the release left it.
      expect(await tables()).toEqual(before);
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM ${n.table("returns")} WHERE request_id IS NULL`,
      );
      expect(rows[0].n).toBe(RETURN_STATES.length);

      receiver = await startReceiverThread(port);
      const service = serviceOn(postgresStore({ db: pool, schema }));
      await service.ready();
      try {
        // Each return as it was, created alone; each key answers as it did.
        const ids = [...new Set(sent.map((write) => write.answer.record.id))];
        for (const id of ids) {
          const record = await service.get(id, { principal: MERCHANT });
          const last = sent.filter((write) => write.answer.record.id === id).at(-1)!;
          expect(record).toEqual({
            ...last.answer.record,
            request_id: null,
            return_method: "by_mail",
            rma: null,
            label: null,
            tracking: null,
          });
        }
        for (const write of sent) {
          const replay = await send(service, write);
          expect(replay.replayed, write.key).toBe(true);
          expect(replay.status).toBe(write.answer.status);
          // The answer as first sent, verbatim: from before return requests, so without one.
          const { request_id: _none, ...sentThen } = write.answer.record;
          expect(replay.record).toEqual(sentThen);
        }
        expect(
          (await service.store.listReturns({ request_id: "rrq_none", limit: 10 })).data,
        ).toEqual([]);

        // What this release adds: an event that records no transition, on an open return whose
        // earlier deliveries are still pending, with a timer set; and an event about a customer.
        const open = sent.find((write) => write.customerId === "cus-approved")!.answer.record.id;
        const current = (await service.store.getReturn(open))!;
        const noted = recordedVersion(current);
        const hold = { name: "exchange_hold", due_at: Date.parse(noted.record.updated_at) };
        const recorded = await service.store.commit({
          next: noted,
          expectedVersion: current.record.version,
          events: [makeRecordedEvent(noted)],
          timers: { set: [hold] },
        });
        expect(await service.store.listTimers(open)).toEqual([{ return_id: open, ...hold }]);
        const erased = await service.store.commitMany({
          changes: [],
          events: [makeCustomerEvent("cus-approved")],
        });
        expect([recorded.ok, erased.ok]).toEqual([true, true]);

        service.dispatcher.start();
        const ends = await Promise.all(
          ids.map(async (id) =>
            driveToEnd(service, await service.get(id, { principal: MERCHANT })),
          ),
        );
        expect(ends.sort()).toEqual(
          RETURN_STATES.map((state) => (TERMINAL.includes(state) ? state : "closed")).sort(),
        );
        await vi.waitFor(
          async () => expect(await service.store.listDeliveries({ status: "pending" })).toEqual([]),
          { timeout: 30_000, interval: 100 },
        );

        // Every event delivered, each return's in the order committed, before and after.
        const events = (await tables()).events;
        expect(events.length).toBeGreaterThan(before.events.length);
        const requests = await receiver.requests();
        expect(new Set(requests.map((request) => request.id))).toEqual(
          new Set(events.map((event) => event.id)),
        );
        const arrivals = firstArrivalsByReturn(requests);
        // A subject's id is in `return_id`, a customer's too (migration 004).
        for (const id of [...ids, "cus-approved"]) {
          const inOrder = events.filter((event) => event.return_id === id).map((event) => event.id);
          expect(arrivals.get(id), `deliveries of ${id}`).toEqual(inOrder);
        }
        expect(arrivals.get("cus-approved")).toHaveLength(1);
        expect(arrivals.get(open)).toContain(
          recorded.ok ? recorded.events[0]!.id : "the recorded event",
        );
        // A return written since has its request_id in the record as well.
        const moved = await service.store.getReturn(sent[0]!.answer.record.id);
        const [stored] = (
          await pool.query(`SELECT record::text FROM ${n.table("returns")} WHERE id = $1`, [
            moved!.record.id,
          ])
        ).rows;
        expect(JSON.parse(stored.record)).toMatchObject({ request_id: null, state: "closed" });
      } finally {
        await service.close();
      }
    }, 120_000);
  },
);
