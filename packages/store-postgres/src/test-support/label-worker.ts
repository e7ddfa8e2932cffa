/**
 * @module test-support/label-worker — one process of the label case: a service on its own pg
 * Pool whose label carrier is the EasyPost adapter against the parent's stand-in.
 *
 * A `buyer` creates, submits and approves a return (its order carries a shipping address) and
 * runs the scheduler; its carrier is the real adapter, except that once a buy has been answered
 * it reports `bought` and never returns, so the parent kills it between the provider's answer
 * and the commit. A `finisher` runs the scheduler with the plain adapter until told to stop.
 */
import pg from "pg";
import { easypostCarrier } from "../../../carrier-easypost/src/easypost-carrier";
import type { Carrier } from "../../../core/src/carriers/carrier";
import { inMemoryOrders } from "../../../core/src/returns/orders/in-memory-orders";
import { TIMER_HANDLERS } from "../../../core/src/returns/timer-handlers";
import { createServiceWithTimers } from "../../../core/src/service";
import { postgresStore } from "../postgres-store";
import { customer, failWorker, parentMessage, report, workerConfig } from "./worker-runtime";

export interface LabelConfig {
  databaseUrl: string;
  schema: string;
  role: "buyer" | "finisher";
  standInUrl: string;
  apiKey: string;
  /** The scheduler's lease: how soon the finisher may fire the timer the buyer died holding. */
  leaseMs: number;
}

export type LabelMessage =
  | { kind: "approved"; returnId: string }
  | { kind: "bought"; trackingNumber: string | null }
  | { kind: "ready" }
  | { kind: "stopped" };

const config = workerConfig<LabelConfig>();
const FOREVER = new Promise<never>(() => {});
const ADDRESS = { street1: "417 Montgomery St", city: "San Francisco", state: "CA", country: "US" };

/** The adapter, paused for good once a buy was answered (a crash before the commit). */
function pausedAfterBuy(carrier: Carrier): Carrier {
  return {
    ...carrier,
    name: carrier.name,
    capabilities: carrier.capabilities,
    prepareLabel: (request) => carrier.prepareLabel(request),
    voidLabel: (id) => carrier.voidLabel(id),
    parseTrackingEvent: (delivery) => carrier.parseTrackingEvent(delivery),
    async buyLabel(prepared) {
      const outcome = await carrier.buyLabel(prepared);
      await report({ kind: "bought", trackingNumber: outcome.label?.tracking_number ?? null });
      return FOREVER;
    },
  };
}

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4 });
  const store = postgresStore({ db: pool, schema: config.schema });
  const easypost = easypostCarrier({
    apiKey: config.apiKey,
    webhookSecret: "whsec-label-worker",
    baseUrl: config.standInUrl,
    timeoutMs: 5_000,
  });
  const service = createServiceWithTimers(
    {
      store,
      idempotency: { required: false },
      orders: {
        source: inMemoryOrders([
          {
            id: "ord-label-1",
            customer_id: "cus-label",
            placed_at: new Date(Date.now() - 86_400_000).toISOString(),
            currency: "USD",
            shipping_address: { ...ADDRESS, name: "Ada Lovelace", postal_code: "94104" },
            lines: [{ sku: "TEE", quantity: 1, unit_price: 2_500 }],
          },
        ]),
      },
      carriers: {
        label: config.role === "buyer" ? pausedAfterBuy(easypost) : easypost,
        returnsAddress: { ...ADDRESS, name: "Returns", postal_code: "94105" },
      },
    },
    TIMER_HANDLERS,
    { leaseMs: config.leaseMs, pollIntervalMs: 50 },
  );
  await service.ready();

  if (config.role === "buyer") {
    const principal = customer("cus-label");
    const input = {
      order_id: "ord-label-1",
      line: { sku: "TEE" },
      reason: "CHANGED_MIND",
      resolution: "REFUND",
    };
    const { record } = await service.createReturn(input, { principal });
    await service.submit(record.id, {}, { principal });
    const staff = { kind: "merchant" as const, id: "staff-1", scopes: ["merchant:returns.write"] };
    await service.advance(record.id, "approve", {}, { principal: staff });
    await report({ kind: "approved", returnId: record.id });
    service.scheduler.start();
    // Waits here, its buy paused, to be killed.
    await FOREVER;
  }

  await report({ kind: "ready" });
  service.scheduler.start();
  await parentMessage<{ kind: "stop" }>("stop");
  await service.close();
  await pool.end();
  await report({ kind: "stopped" });
}

main().then(() => process.exit(0), failWorker);
