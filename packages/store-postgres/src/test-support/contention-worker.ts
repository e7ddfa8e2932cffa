/**
 * @module test-support/contention-worker — one process of the contention case: its own pg
 * Pool and its own service on the shared schema, sending every write of the plan to every
 * return, each round's writes at once, and answering the parent with every final answer.
 */
import { createReturnsService, type ReturnResult, type ReturnsStore } from "@returnkit/core";
import pg from "pg";
import { postgresStore } from "../postgres-store";
import { type PlannedWrite, returnPlan, seeded, shuffled } from "./contention-plan";
import {
  type Answer,
  customer,
  failWorker,
  finalAnswer,
  MERCHANT,
  parentMessage,
  report,
  workerConfig,
} from "./worker-runtime";

export interface ContentionConfig {
  databaseUrl: string;
  schema: string;
  /** This process's number, from 0. */
  child: number;
  returns: number;
  /** Returns this process works on at once. */
  parallelReturns: number;
  poolMax: number;
  /** The store's `groupCommit` option. */
  groupCommit: boolean;
}

export type ContentionMessage =
  | { kind: "ready" }
  | {
      kind: "done";
      answers: Answer[];
      /** Commits the store refused, by reason (the service re-reads and retries those). */
      refusals: Record<string, number>;
      commits: number;
    };

const config = workerConfig<ContentionConfig>();
const WRITE_DEADLINE_MS = 30_000;

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolMax });
  const store = postgresStore({
    db: pool,
    schema: config.schema,
    groupCommit: config.groupCommit,
  });
  const refusals: Record<string, number> = {};
  let commits = 0;
  const counting: ReturnsStore = {
    ...store,
    async commit(commit) {
      const result = await store.commit(commit);
      if (result.ok) commits++;
      else refusals[result.reason] = (refusals[result.reason] ?? 0) + 1;
      return result;
    },
  };
  const service = createReturnsService({
    store: counting,
    baseUrl: "https://shop.example",
    idempotency: { required: true },
  });
  await service.ready();
  await report({ kind: "ready" });
  await parentMessage("go");

  const answers: Answer[] = [];
  const deadline = () => Date.now() + WRITE_DEADLINE_MS;

  async function driveReturn(index: number) {
    const plan = returnPlan(index, config.child);
    const portal = customer(plan.customerId);
    const created = await finalAnswer(
      plan.create.key,
      () =>
        service.createReturn(plan.create.body, {
          principal: portal,
          idempotencyKey: plan.create.key,
        }),
      deadline(),
    );
    answers.push(created);
    const id = created.id;
    if (id === null) return;
    const send = (w: PlannedWrite): Promise<ReturnResult> => {
      const ctx = {
        principal: w.event === "submit" || w.event === "cancel" ? portal : MERCHANT,
        idempotencyKey: w.key,
      };
      if (w.event === "submit") return service.submit(id, w.body, ctx);
      if (w.event === "cancel") return service.cancel(id, w.body, ctx);
      return service.advance(id, w.event, w.body, ctx);
    };
    answers.push(await finalAnswer(plan.submit.key, () => send(plan.submit), deadline()));
    const random = seeded(config.child * 100_003 + index);
    for (const round of plan.rounds) {
      const settled = await Promise.all(
        shuffled(round, random).map((w) => finalAnswer(w.key, () => send(w), deadline())),
      );
      answers.push(...settled);
    }
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: config.parallelReturns }, async () => {
      while (next < config.returns) await driveReturn(next++);
    }),
  );

  await report({ kind: "done", answers, refusals, commits });
  await service.close();
  await pool.end();
}

main().then(() => process.exit(0), failWorker);
