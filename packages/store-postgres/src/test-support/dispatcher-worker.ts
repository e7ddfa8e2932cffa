/**
 * @module test-support/dispatcher-worker — one process of the several-dispatchers case: its
 * own pg Pool, its own store and a webhook dispatcher on the shared schema, woken by the
 * other process's commits over LISTEN/NOTIFY. It records every delivery it claims and whether
 * each attempt's record kept its lease, and hands both to the parent when told to stop.
 */
import { createWebhookDispatcher, type ReturnsStore } from "@returnkit/core";
import pg from "pg";
import { postgresStore } from "../postgres-store";
import { failWorker, parentMessage, report, workerConfig } from "./worker-runtime";

export interface DispatcherConfig {
  databaseUrl: string;
  schema: string;
  poolMax: number;
  concurrency: number;
}

export interface Claim {
  deliveryId: string;
  /** Epoch ms of the claim, and of the record that ended it. */
  claimedAt: number;
  recordedAt: number | null;
}

export type DispatcherMessage =
  | { kind: "ready"; dispatcherId: string }
  | {
      kind: "stopped";
      dispatcherId: string;
      claims: Claim[];
      /** Attempts whose record found the lease gone (another dispatcher had taken it over). */
      lostLeases: number;
      errors: string[];
    };

const config = workerConfig<DispatcherConfig>();

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolMax });
  const store = postgresStore({ db: pool, schema: config.schema });
  const claims = new Map<string, Claim>();
  const repeatedClaims: string[] = [];
  let lostLeases = 0;
  const errors: string[] = [];
  const recording: ReturnsStore = {
    ...store,
    async claimDeliveries(request) {
      const claimed = await store.claimDeliveries(request);
      for (const { delivery } of claimed) {
        if (claims.has(delivery.id)) repeatedClaims.push(delivery.id);
        claims.set(delivery.id, {
          deliveryId: delivery.id,
          claimedAt: Date.now(),
          recordedAt: null,
        });
      }
      return claimed;
    },
    async recordDeliveryAttempt(request) {
      const recorded = await store.recordDeliveryAttempt(request);
      if (!recorded) lostLeases++;
      const claim = claims.get(request.deliveryId);
      if (claim) claim.recordedAt = Date.now();
      return recorded;
    },
  };
  const dispatcher = createWebhookDispatcher({
    store: recording,
    // The test's receiver listens on loopback.
    allowedDestinations: ["127.0.0.1"],
    concurrency: config.concurrency,
    timeoutMs: 10_000,
    // Far longer than the case: a lease never runs out, so any second claim would be a bug.
    leaseMs: 120_000,
    pollIntervalMs: 1_000,
    onError: (error, context) => errors.push(`${context.operation}: ${String(error)}`),
  });
  await dispatcher.ready;
  dispatcher.start();
  await report({ kind: "ready", dispatcherId: dispatcher.id });

  await parentMessage("stop");
  await dispatcher.stop();
  for (const id of repeatedClaims) errors.push(`claimed ${id} twice`);
  await report({
    kind: "stopped",
    dispatcherId: dispatcher.id,
    claims: [...claims.values()],
    lostLeases,
    errors,
  });
  await store.close();
  await pool.end();
}

main().then(() => process.exit(0), failWorker);
