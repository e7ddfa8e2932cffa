/**
 * @module test-support/worker-runtime — the worker's side of the multi-process cases: its
 * configuration, messages to and from the parent, and a clean exit.
 */
import { isProblemError, type OperationContext, type ReturnResult } from "@returnkit/core";

/** The JSON configuration the parent passed as the first argument. */
export function workerConfig<T>(): T {
  const raw = process.argv[2];
  if (!raw || !process.send) {
    console.error("a test worker: started by the parent with fork(), configuration in argv[2]");
    process.exit(2);
  }
  // The parent is gone (its test timed out, vitest was killed): nobody is left to listen.
  process.once("disconnect", () => process.exit(3));
  return JSON.parse(raw) as T;
}

/**
 * Sends `message` and resolves once it is handed to the IPC channel: a message reported
 * before a write starts reaches the parent even if the process is killed during the write.
 */
export function report(message: object): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

/** The next message of `kind` from the parent. */
export function parentMessage<T extends { kind: string }>(kind: T["kind"]): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if ((message as { kind?: unknown }).kind !== kind) return;
      process.off("message", listener);
      resolve(message as T);
    };
    process.on("message", listener);
  });
}

/** Reports an unexpected failure and exits non-zero, so the parent's test fails loudly. */
export function failWorker(error: unknown): never {
  console.error("[test worker] failed:", error);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The final answer one request got, as the parent compares them. */
export interface Answer {
  key: string;
  status: number;
  /** The return's id and version in a 2xx body. */
  id: string | null;
  version: number | null;
  /** The problem slug of a 4xx/5xx. */
  slug: string | null;
  /** `Idempotent-Replayed`: the stored answer of an earlier execution. */
  replayed: boolean;
  /** An unexpected error's message. */
  error?: string;
}

/**
 * Runs one idempotent write to its final answer: a 409 `concurrent-update` is what a client
 * is told to retry (it is not stored under the key), so it is retried (a short jittered
 * pause) until `deadline`.
 */
export async function finalAnswer(
  key: string,
  write: () => Promise<ReturnResult>,
  deadline: number,
): Promise<Answer> {
  for (;;) {
    try {
      const result = await write();
      return {
        key,
        status: result.status,
        id: result.record.id,
        version: result.record.version,
        slug: null,
        replayed: result.replayed,
      };
    } catch (error) {
      if (!isProblemError(error)) {
        return {
          key,
          status: 500,
          id: null,
          version: null,
          slug: null,
          replayed: false,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        };
      }
      if (error.slug === "concurrent-update" && Date.now() < deadline) {
        await sleep(5 + Math.random() * 25);
        continue;
      }
      return {
        key,
        status: error.status,
        id: null,
        version: null,
        slug: error.slug,
        replayed: error.headers["idempotent-replayed"] === "true",
      };
    }
  }
}

type Principal = OperationContext["principal"];

export const MERCHANT: Principal = {
  kind: "merchant",
  id: "staff-1",
  scopes: ["merchant:returns.write"],
};

export function customer(id: string): Principal {
  return { kind: "portal", id, scopes: ["portal:returns.write"] };
}

/** Waits until `store` has no pending delivery or `ms` pass; resolves to how many are left. */
export async function pendingAfterDrain(
  store: { listDeliveries(filter: { status: "pending" }): Promise<unknown[]> },
  ms: number,
): Promise<number> {
  const deadline = Date.now() + ms;
  let pending = (await store.listDeliveries({ status: "pending" })).length;
  while (pending > 0 && Date.now() < deadline) {
    await sleep(100);
    pending = (await store.listDeliveries({ status: "pending" })).length;
  }
  return pending;
}
