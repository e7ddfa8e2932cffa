/**
 * @module test-support/allowance-worker — one process of the line-allowance race: its own pg
 * Pool and store on the shared schema. Told to go, it sends every create it was handed at
 * once, then the raise of each create that committed, and answers with every result.
 */
import type { CommitResult, ReturnCommit } from "@returnkit/core/store";
import pg from "pg";
import { postgresStore } from "../postgres-store";
import { failWorker, parentMessage, report, workerConfig } from "./worker-runtime";

export interface AllowanceConfig {
  databaseUrl: string;
  schema: string;
  poolMax: number;
}

/** The commits to race: creates, and for some of them (same index) a raise of the quantity. */
export interface AllowanceGo {
  kind: "go";
  creates: ReturnCommit[];
  raises: Array<ReturnCommit | null>;
}

export interface AllowanceResult {
  kind: "create" | "raise";
  returnId: string;
  quantity: number;
  result: CommitResult;
}

export type AllowanceMessage = { kind: "ready" } | { kind: "done"; results: AllowanceResult[] };

const config = workerConfig<AllowanceConfig>();

async function main() {
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolMax });
  const store = postgresStore({ db: pool, schema: config.schema, notify: false });
  // Every connection open before the start, so none of the race waits on a connect.
  await Promise.all(Array.from({ length: config.poolMax }, () => pool.query("SELECT 1")));
  await report({ kind: "ready" });
  const go = await parentMessage<AllowanceGo>("go");

  const send = async (kind: AllowanceResult["kind"], commit: ReturnCommit) => ({
    kind,
    returnId: commit.next.record.id,
    quantity: commit.next.record.line.quantity,
    result: await store.commit(commit),
  });
  const created = await Promise.all(go.creates.map((commit) => send("create", commit)));
  const raises = go.raises.filter((raise, i) => raise !== null && created[i]!.result.ok);
  const raised = await Promise.all(raises.map((commit) => send("raise", commit!)));

  await report({ kind: "done", results: [...created, ...raised] });
  await store.close();
  await pool.end();
}

main().then(() => process.exit(0), failWorker);
