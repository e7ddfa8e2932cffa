/**
 * @module test-support/crash-worker — one process of the crash case: a service on its own
 * pg Pool with its dispatcher running, that first sends again the writes its killed
 * predecessor left in flight (same keys, same bodies), then drives new returns through their
 * lifecycle. It tells the parent about every write before it starts (`sent`) and after a 2xx
 * (`ack`), so whatever the parent holds when it SIGKILLs the process is exact.
 *
 * Told to `hold`, it stops one write right before its commit and one right after, so that the
 * kill the parent then sends surely leaves a computed write that never committed (nothing of
 * it stored, not even its key: to be run by whoever sends it again) and a commit without its
 * acknowledgement (to be replayed, not run again).
 *
 * Orders are bound (`orders`): each new return is the one unit of its own order, so every
 * create commits under its order's lock with a line allowance, grouped or alone.
 *
 * With `drain`, it writes nothing new and, after its resends, waits until the dispatcher has
 * delivered every pending delivery (including those a killed process had leased).
 */
import {
  createReturnsService,
  type MerchantEvent,
  type OrderSource,
  type ReturnResult,
  type ReturnsStore,
} from "@returnkit/core";
import pg from "pg";
import { postgresStore } from "../postgres-store";
import {
  type Answer,
  customer,
  failWorker,
  finalAnswer,
  MERCHANT,
  pendingAfterDrain,
  report,
  workerConfig,
} from "./worker-runtime";

export interface CrashConfig {
  databaseUrl: string;
  schema: string;
  generation: number;
  /** Writes the previous process had sent without an acknowledgement. */
  resend: CrashWrite[];
  /** Returns to drive from create to close (a large number: until killed). */
  newReturns: number;
  parallel: number;
  /** Delivery lease: how soon a delivery held by a killed dispatcher can be claimed again. */
  leaseMs: number;
  drain: boolean;
  /** The store's `groupCommit` option. */
  groupCommit: boolean;
}

export interface CrashWrite {
  key: string;
  event: "create" | "submit" | MerchantEvent;
  customerId: string;
  /** The return it is sent to; null for a create. */
  returnId: string | null;
  /** The create's order id, which names the return it made. */
  orderId: string;
  /** The create's reason: a fit reason on half the returns, so fit signals are published too. */
  reason: string;
  /** 0 for a first sending, 1 + for each time it is sent again after a kill. */
  resent: number;
}

export type CrashMessage =
  | { kind: "ready"; dispatcherId: string }
  | { kind: "sent"; write: CrashWrite }
  | { kind: "ack"; write: CrashWrite; answer: Answer }
  | { kind: "failed"; write: CrashWrite; answer: Answer }
  | { kind: "holding"; stage: "computed" | "committed"; key: string }
  | { kind: "drained"; pending: number };

/**
 * From the parent: stop one write just before its commit (computed, nothing stored) and another just
 * after (committed, not yet acknowledged), so that the kill that follows surely leaves both
 * kinds behind. The other writes carry on.
 */
export interface HoldMessage {
  kind: "hold";
}

const config = workerConfig<CrashConfig>();
const LIFECYCLE = ["submit", "approve", "ship", "receive", "grade", "close"] as const;
/** Long enough to outwait a killed holder's idempotency lease several times over. */
const WRITE_DEADLINE_MS = 20_000;
const DRAIN_DEADLINE_MS = 30_000;
const FOREVER = new Promise<never>(() => {});

/** `ord-<name>`: one unit of the crash case's line, bought by `cus-<name>` a day ago. */
const oneUnitOrders: OrderSource = {
  load: (orderId) => ({
    id: orderId,
    customer_id: `cus-${orderId.slice("ord-".length)}`,
    placed_at: new Date(Date.now() - 86_400_000),
    lines: [{ sku: "TEE-BLK-M", size: "M", quantity: 1, unit_price: 1900 }],
  }),
};
async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({
    db: pool,
    schema: config.schema,
    groupCommit: config.groupCommit,
  });
  let holdBeforeCommit = false;
  let holdAfterCommit = false;
  process.on("message", (message: { kind?: string }) => {
    if (message.kind !== "hold") return;
    holdBeforeCommit = true;
    holdAfterCommit = true;
  });
  const holding: ReturnsStore = {
    ...store,
    async commit(commit) {
      if (holdBeforeCommit && commit.idempotency) {
        holdBeforeCommit = false;
        const key = JSON.parse(commit.idempotency.key).at(-1) as string;
        await report({ kind: "holding", stage: "computed", key });
        await FOREVER;
      }
      return store.commit(commit);
    },
  };
  const service = createReturnsService({
    store: holding,
    baseUrl: "https://shop.example",
    orders: { source: oneUnitOrders, returnWindowDays: 365 },
    idempotency: { required: true },
    webhooks: {
      // The test's receiver listens on loopback.
      allowedDestinations: ["127.0.0.1"],
      timeoutMs: 1_000,
      leaseMs: config.leaseMs,
      pollIntervalMs: 250,
      retrySchedule: [0, 100, 250, 500, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
      concurrency: 8,
    },
  });
  await service.ready();
  service.dispatcher.start();
  await report({ kind: "ready", dispatcherId: service.dispatcher.id });

  /** Sends one write to its final answer, telling the parent before and after. */
  async function send(write: CrashWrite): Promise<Answer> {
    await report({ kind: "sent", write });
    const ctx = {
      principal:
        write.event === "create" || write.event === "submit"
          ? customer(write.customerId)
          : MERCHANT,
      idempotencyKey: write.key,
    };
    const body = { note: write.key };
    const answer = await finalAnswer(
      write.key,
      (): Promise<ReturnResult> => {
        if (write.event === "create")
          return service.createReturn(
            {
              order_id: write.orderId,
              line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
              reason: write.reason,
              resolution: "REFUND",
            },
            ctx,
          );
        if (write.event === "submit") return service.submit(write.returnId!, body, ctx);
        return service.advance(write.returnId!, write.event, body, ctx);
      },
      Date.now() + WRITE_DEADLINE_MS,
    );
    if (holdAfterCommit && answer.status < 300) {
      holdAfterCommit = false;
      await report({ kind: "holding", stage: "committed", key: write.key });
      await FOREVER;
    }
    await report({ kind: answer.status < 300 ? "ack" : "failed", write, answer });
    return answer;
  }

  await Promise.all(config.resend.map((write) => send({ ...write, resent: write.resent + 1 })));

  let next = 0;
  await Promise.all(
    Array.from({ length: config.parallel }, async () => {
      while (next < config.newReturns) {
        const n = next++;
        const name = `g${config.generation}-n${n}`;
        const customerId = `cus-${name}`;
        const orderId = `ord-${name}`;
        const reason = n % 2 === 0 ? "TOO_LARGE_AT_WAIST" : "DAMAGED";
        const created = await send({
          key: `${name}:create`,
          event: "create",
          customerId,
          returnId: null,
          orderId,
          reason,
          resent: 0,
        });
        if (created.id === null) return;
        for (const event of LIFECYCLE) {
          const answer = await send({
            key: `${name}:${event}`,
            event,
            customerId,
            returnId: created.id,
            orderId,
            reason,
            resent: 0,
          });
          if (answer.status >= 300) return;
        }
      }
    }),
  );

  if (config.drain) {
    const pending = await pendingAfterDrain(store, DRAIN_DEADLINE_MS);
    await service.dispatcher.stop();
    await report({ kind: "drained", pending });
  }
  await service.close();
  await pool.end();
}

main().then(() => process.exit(0), failWorker);
