/**
 * Soak on the Postgres store: a server process (returnkit + dispatcher behind
 * @hono/node-server) on loopback, four client processes sending mixed traffic with retries
 * and reused keys, a webhook receiver that flaps, and the server SIGKILLed and restarted
 * twice. Afterwards every acknowledged write exists exactly once, nothing exists that was
 * never sent, every transition was delivered, and each return's deliveries arrived in order.
 *
 * Needs a real PostgreSQL server (`DATABASE_URL`): PGlite lives inside one process, and
 * this test is about several. `SOAK_SECONDS` sets the traffic phase (default 60).
 */
import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateWebhookSecret } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import { postgresStore } from "@returnkit/store-postgres";
import pg from "pg";
import { expect, it } from "vitest";
import { type FlappingReceiver, startFlappingReceiver } from "./test-support/flapping-receiver";
import type { ClientReport } from "./test-support/soak-client";

const DATABASE_URL = process.env.DATABASE_URL;
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = 4;
const KILLS = 2;
const HERE = dirname(fileURLToPath(import.meta.url));

if (!DATABASE_URL) {
  console.warn(
    "[reliability] soak skipped: set DATABASE_URL to a PostgreSQL server (PGlite cannot be shared by several processes).",
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function forkTs(file: string, env: Record<string, string>): ChildProcess {
  return fork(join(HERE, "test-support", file), [], {
    cwd: HERE, // tests/reliability/tsconfig.json maps @returnkit/* to the sources
    execArgv: ["--import", "tsx"],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it.skipIf(!DATABASE_URL)(
  `soak - ${CLIENTS} clients for ${SECONDS} s, a flapping receiver, the server SIGKILLed ${KILLS}× (needs DATABASE_URL; skipped without it)`,
  async () => {
    const schema = `soak_${process.pid}_${Date.now()}`;
    const secret = generateWebhookSecret();
    const port = await freePort();
    const receiver: FlappingReceiver = await startFlappingReceiver(secret);
    const serverProblems: string[] = [];
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
    const store = postgresStore({ db: pool, schema, notify: false });
    let server: ChildProcess | null = null;

    async function startServer() {
      const child = forkTs("soak-server.ts", {
        DATABASE_URL: DATABASE_URL!,
        SOAK_SCHEMA: schema,
        SOAK_PORT: String(port),
        SOAK_RECEIVER_URL: receiver.url,
        SOAK_WEBHOOK_SECRET: secret,
      });
      child.on("message", (message: { kind: string; detail: string }) => {
        if (message.kind !== "ready") serverProblems.push(`${message.kind}: ${message.detail}`);
      });
      const [ready] = (await Promise.race([
        once(child, "message"),
        sleep(60_000).then(() => [{ kind: "timeout" }]),
      ])) as [{ kind: string }];
      if (ready.kind !== "ready") throw new Error(`the soak server did not start: ${ready.kind}`);
      server = child;
    }

    async function killServer() {
      const child = server!;
      const exited = once(child, "exit");
      child.kill("SIGKILL");
      await exited;
      server = null;
    }

    try {
      await store.init();
      await startServer();

      const deadline = Date.now() + SECONDS * 1000;
      const clients = Array.from({ length: CLIENTS }, (_, i) => {
        const child = forkTs("soak-client.ts", {
          SOAK_CLIENT: String(i),
          SOAK_PORT: String(port),
          SOAK_DEADLINE: String(deadline),
        });
        return once(child, "message").then(([report]) => report as ClientReport);
      });

      // The receiver flaps: some stretches fail most deliveries, others none.
      let flapping = true;
      const flaps = (async () => {
        while (flapping) {
          receiver.setFailureShare(Math.random() < 0.4 ? 0.7 : 0);
          await sleep(1_500);
        }
        receiver.setFailureShare(0);
      })();

      let kills = 0;
      for (let k = 1; k <= KILLS; k++) {
        await sleep(
          Math.max(0, deadline - (SECONDS * 1000 * (KILLS + 1 - k)) / (KILLS + 1) - Date.now()),
        );
        await killServer();
        kills++;
        await sleep(500);
        await startServer();
      }

      const reports = await Promise.all(clients);
      flapping = false;
      await flaps;

      // Drain: with the receiver healthy, the dispatcher must deliver everything left.
      const drainDeadline = Date.now() + 90_000;
      let pending = await store.listDeliveries({ status: "pending" });
      while (pending.length > 0 && Date.now() < drainDeadline) {
        await sleep(500);
        pending = await store.listDeliveries({ status: "pending" });
      }
      const dead = await store.listDeliveries({ status: "dead" });

      // ---------------------------------------------------------------- the checks
      const all: StoredReturn[] = [];
      for (let cursor: string | undefined; ; ) {
        const page = await store.listReturns({ limit: 500, ...(cursor ? { cursor } : {}) });
        all.push(...page.data);
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      const acked = reports.flatMap((r) => r.acked);
      const unacked = reports.flatMap((r) => r.unacked);
      const sum = (pick: (r: ClientReport) => number) => reports.reduce((a, r) => a + pick(r), 0);

      // Every acknowledged create exists exactly once; an unacknowledged one at most once;
      // nothing exists that no client sent.
      const byOrder = new Map<string, string[]>();
      for (const stored of all) {
        const ids = byOrder.get(stored.record.order_id) ?? [];
        ids.push(stored.record.id);
        byOrder.set(stored.record.order_id, ids);
      }
      const sentOrders = new Set([
        ...acked.filter((w) => w.kind === "create").map((w) => `ord-${w.key}`),
        ...unacked.filter((w) => w.kind === "create").map((w) => w.orderId!),
      ]);
      for (const write of acked.filter((w) => w.kind === "create")) {
        expect(byOrder.get(`ord-${write.key}`), `create ${write.key}`).toEqual([write.returnId]);
      }
      for (const write of unacked.filter((w) => w.kind === "create")) {
        expect((byOrder.get(write.orderId!) ?? []).length).toBeLessThanOrEqual(1);
      }
      for (const order of byOrder.keys())
        expect(sentOrders.has(order), `phantom ${order}`).toBe(true);

      // Every acknowledged transition is in its return's history exactly once.
      const notes = new Map<string, number>();
      for (const stored of all) {
        const history = stored.record.history;
        expect(history.map((h) => h.seq)).toEqual(history.map((_, i) => i + 1));
        for (const entry of history) {
          if (entry.note) notes.set(entry.note, (notes.get(entry.note) ?? 0) + 1);
        }
      }
      for (const write of acked.filter((w) => w.kind === "event")) {
        expect(notes.get(write.key), `transition ${write.key}`).toBe(1);
      }
      const sentKeys = new Set([...acked, ...unacked].map((w) => w.key));
      for (const [note, count] of notes) {
        expect(sentKeys.has(note), `phantom transition ${note}`).toBe(true);
        expect(count, `transition ${note}`).toBe(1);
      }

      // Every transition has its event, every event was delivered and acknowledged by the
      // receiver, and per return the receiver acknowledged them in outbox order.
      const received = new Map<string, number[]>();
      let events = 0;
      for (const stored of all) {
        const outbox = await store.listEvents(stored.record.id);
        events += outbox.length;
        const seqs = new Set(outbox.map((e) => e.seq));
        for (const entry of stored.record.history) expect(seqs.has(entry.seq)).toBe(true);
        const position = new Map(outbox.map((e, i) => [e.id, i]));
        const arrivals = receiver.acknowledged
          .filter((d) => d.returnId === stored.record.id)
          .map((d) => position.get(d.eventId) ?? -1);
        received.set(stored.record.id, arrivals);
        for (const event of outbox) {
          expect(
            arrivals.includes(position.get(event.id)!),
            `event ${event.id} (${event.type}) never acknowledged`,
          ).toBe(true);
        }
        expect(arrivals, `order of ${stored.record.id}`).toEqual(
          [...arrivals].sort((a, b) => a - b),
        );
      }
      const distinctDelivered = new Set(receiver.acknowledged.map((d) => d.eventId)).size;

      const figures = {
        seconds: SECONDS,
        clients: CLIENTS,
        requests: sum((r) => r.requests),
        acks: sum((r) => r.acks),
        retries: sum((r) => r.retries),
        "5xx answers (retried)": sum((r) => r.fiveHundreds),
        kills,
        returns: all.length,
        transitions: acked.filter((w) => w.kind === "event").length,
        "unacknowledged writes (gave up)": unacked.length,
        "duplicates absorbed (reused keys replayed)": sum((r) => r.replaysAbsorbed),
        "duplicates absorbed (retries answered by replay)": sum((r) => r.retriesAbsorbed),
        "outbox events": events,
        deliveries: receiver.acknowledged.length,
        "duplicate deliveries (at-least-once)": receiver.acknowledged.length - distinctDelivered,
        "receiver failures injected": receiver.injected,
        "dead-lettered": dead.length,
      };
      console.log(`[reliability] soak figures: ${JSON.stringify(figures, null, 2)}`);

      expect(kills).toBe(KILLS);
      expect(reports.flatMap((r) => r.unexpected)).toEqual([]);
      expect(pending).toEqual([]);
      expect(dead).toEqual([]);
      expect(receiver.badSignatures).toBe(0);
      expect(distinctDelivered).toBe(events);
      expect(serverProblems.filter((p) => p.startsWith("service-error"))).toEqual([]);
      expect(figures.acks).toBeGreaterThan(100);
      expect(figures["duplicates absorbed (reused keys replayed)"]).toBeGreaterThan(0);
    } finally {
      if (server) (server as ChildProcess).kill("SIGTERM");
      await receiver.close();
      await store.close();
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
      await pool.end();
    }
  },
  SECONDS * 1000 + 180_000,
);
