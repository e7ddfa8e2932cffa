import type { ReturnsStore } from "@returnkit/core";
import {
  advanceStoredReturn,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
} from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toDriver } from "./drivers";
import type { SqlDriver } from "./drivers/types";
import { postgresStore } from "./postgres-store";
import {
  backends,
  dropSchema,
  query,
  STARTUP_TIMEOUT_MS,
  storesForCases,
  type TestDatabase,
  uniqueSchema,
  warmUp,
  warnWithoutServer,
} from "./test-support";

warnWithoutServer("the multi-dispatcher cases");

const RETURNS = 20;
const EVENTS_PER_RETURN = 3;
const ENDPOINTS = 2;
const DISPATCHERS_PER_STORE = 3;

/** Creates returns with several events each, so every (return, endpoint) pair has a queue. */
async function fill(store: ReturnsStore): Promise<void> {
  for (let i = 0; i < ENDPOINTS; i++) await store.saveEndpoint(makeEndpoint());
  for (let r = 0; r < RETURNS; r++) {
    let stored = makeStoredReturn();
    await store.commit({ next: stored, expectedVersion: null, events: [makeOutboxEvent(stored)] });
    for (const step of ["submit", "approve"] as const) {
      const next = advanceStoredReturn(stored, step);
      await store.commit({
        next,
        expectedVersion: stored.record.version,
        events: [makeOutboxEvent(next)],
      });
      stored = next;
    }
  }
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`claimDeliveries on ${backend.name}`, () => {
    // Two connections (two pools on a server): two processes, each with its dispatchers.
    const { stores } = storesForCases(backend, "claims");
    beforeAll(() => fill(stores[0]!), STARTUP_TIMEOUT_MS);

    it("claimDeliveries - dispatchers on two connections never share a delivery and keep per-pair order", async () => {
      const total = RETURNS * EVENTS_PER_RETURN * ENDPOINTS;
      const claims: string[] = [];
      const inFlight = new Set<string>();
      const delivered: Record<string, number[]> = {};
      const violations: string[] = [];
      let done = 0;

      const dispatch = async (store: ReturnsStore, dispatcherId: string) => {
        let idle = 0;
        while (done < total && idle < 200) {
          const batch = await store.claimDeliveries({
            dispatcherId,
            now: T0 + 60_000,
            limit: 4,
            leaseMs: 600_000,
          });
          idle = batch.length === 0 ? idle + 1 : 0;
          for (const { delivery } of batch) {
            const pair = `${delivery.return_id}/${delivery.endpoint_id}`;
            if (inFlight.has(pair)) violations.push(`${pair} claimed twice at once`);
            inFlight.add(pair);
            claims.push(delivery.id);
          }
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
          for (const { delivery } of batch) {
            const pair = `${delivery.return_id}/${delivery.endpoint_id}`;
            // Out of flight before the write: the next claim of the pair can only follow it.
            inFlight.delete(pair);
            const recorded = await store.recordDeliveryAttempt({
              deliveryId: delivery.id,
              dispatcherId,
              attempt: makeDeliveryAttempt(T0 + 60_000),
              outcome: { kind: "delivered" },
            });
            if (!recorded) violations.push(`${delivery.id} lost its lease`);
            delivered[pair] = [...(delivered[pair] ?? []), delivery.position];
            done++;
          }
          if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
        }
      };

      await Promise.all(
        stores.flatMap((store, s) =>
          Array.from({ length: DISPATCHERS_PER_STORE }, (_, d) => dispatch(store, `p${s}-d${d}`)),
        ),
      );

      expect(violations).toEqual([]);
      expect(claims).toHaveLength(total);
      expect(new Set(claims).size).toBe(total);
      for (const positions of Object.values(delivered)) {
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }
      expect(await stores[1]!.listDeliveries({ status: "pending" })).toEqual([]);
    }, 60_000);
  });
}

for (const backend of backends()) {
  describe.skipIf(backend.skip)(`claimDeliveries with a backlog on ${backend.name}`, () => {
    const schema = uniqueSchema("backlog");
    let db: TestDatabase;
    let store: ReturnsStore;
    const statements: Array<{ text: string; params: unknown[] }> = [];

    beforeAll(async () => {
      await warmUp(backend);
      db = backend.connect();
      // Records what the store sends, to ask the planner about the claim it made.
      const inner = toDriver(db);
      const recording: SqlDriver = {
        ...inner,
        query: (text, params, options) => {
          statements.push({ text, params: params ?? [] });
          return inner.query(text, params, options);
        },
      };
      store = postgresStore({ db: recording, schema });
      await store.init?.();
      await store.saveEndpoint(makeEndpoint());
      // 2,000 pending deliveries on one endpoint, five per return, on tables never analysed:
      // what a fresh install holds after its first burst (PGlite never analyses by itself).
      for (let r = 0; r < 400; r++) {
        const states = [makeStoredReturn({ at: T0 + r })];
        for (const step of ["submit", "approve", "ship", "flag"] as const)
          states.push(advanceStoredReturn(states.at(-1)!, step));
        const last = states.at(-1)!;
        await store.commit({
          next: { ...last, record: { ...last.record, version: 1 } },
          expectedVersion: null,
          events: states.map((state) => makeOutboxEvent(state)),
        });
      }
    }, STARTUP_TIMEOUT_MS);

    /** The planner's plan for the first statement the store sent since `statements` was emptied. */
    async function planOfFirstStatement(): Promise<string> {
      const [claim] = statements;
      const explain = `EXPLAIN ${claim!.text}`;
      const { rows } = await query<Record<string, string>>(db, explain, claim!.params);
      return rows.map((row) => Object.values(row)[0]).join("\n");
    }

    afterAll(async () => {
      await store.close?.();
      await dropSchema(db, schema);
      await backend.closeAll();
    });

    it("claimDeliveries - looks up the head of each queue by return, not through every pending delivery of the endpoint", async () => {
      statements.length = 0;
      const claimed = await store.claimDeliveries({
        dispatcherId: "d1",
        now: T0 + 600_000,
        limit: 16,
        leaseMs: 60_000,
      });
      expect(claimed.map((c) => c.event.seq)).toEqual(claimed.map(() => 1));
      expect(new Set(claimed.map((c) => c.delivery.return_id)).size).toBe(16);
      const plan = await planOfFirstStatement();
      // Read for each of the 2,000 candidates, that index made one claim quadratic: seconds.
      expect(plan).not.toContain("deliveries_pending_endpoint_idx");
    });

    it("claimDeliveries - walks the due index once the backlog is analysed and the endpoints are not", async () => {
      // Autovacuum analyses the deliveries as they grow; a handful of endpoints never reaches
      // its threshold. Guessing `kind = 'webhook'` kept one endpoint row in 200, the planner
      // read and sorted every due delivery for each claim: a drained backlog cost its square.
      await query(db, `ANALYZE "${schema}".returnkit_deliveries`, []);
      statements.length = 0;
      await store.claimDeliveries({ dispatcherId: "d2", now: T0 + 600_000, limit: 16, leaseMs: 1 });
      const plan = await planOfFirstStatement();
      expect(plan).toContain("deliveries_due_idx");
      expect(plan).not.toMatch(/Sort Key: d\.next_attempt_at/);
    });
  });
}
