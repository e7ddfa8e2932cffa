/**
 * @module test-support/worker-process — the parent's side of the multi-process cases: forks a
 * TypeScript worker as a real Node process, talks to it over IPC, and makes sure none is left
 * behind.
 *
 * The worker runs as the plain JavaScript bundle the project's global setup built of it
 * (`worker-bundles.ts`); without one (a file run outside those projects) under
 * `node --import tsx` with `TSX_TSCONFIG_PATH` naming this package's tsconfig (its `paths`
 * map every `@returnkit/*` import to the workspace sources). Never the `tsx` CLI: that is a wrapper which starts the real program as a second process, and a
 * SIGKILL sent to the wrapper cannot be passed on, so the program would live on, orphaned.
 */
import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSCONFIG = fileURLToPath(new URL("../../tsconfig.json", import.meta.url));

/** Every message a worker sends names its kind. */
interface WorkerMessage {
  kind: string;
}

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface WorkerProcess<In, Out extends WorkerMessage> {
  readonly pid: number;
  /** Every message received so far, in order. */
  readonly messages: Out[];
  send(message: In): void;
  /** Calls `listener` for every message from now on (not for those already received). */
  onMessage(listener: (message: Out) => void): void;
  /**
   * The first message of `kind` (already received or still to come). Rejects when the worker
   * exits first, or after `timeoutMs`.
   */
  next<K extends Out["kind"]>(kind: K, timeoutMs: number): Promise<Extract<Out, { kind: K }>>;
  /** Settles when the process has exited. */
  readonly exited: Promise<WorkerExit>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<WorkerExit>;
}

/**
 * How to run `src/test-support/<file>` in a process of its own: its bundle when the project's
 * global setup built one, else the source under tsx.
 */
export function workerCommand(file: string): {
  script: string;
  execArgv: string[];
  env: NodeJS.ProcessEnv;
} {
  const bundles = process.env.RETURNKIT_TEST_WORKERS;
  return {
    script: bundles
      ? join(bundles, file.replace(/\.ts$/, ".mjs"))
      : fileURLToPath(new URL(`./${file}`, import.meta.url)),
    execArgv: bundles ? [] : ["--import", "tsx"],
    env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
  };
}

const running = new Set<ChildProcess>();

/** Starts `src/test-support/<file>` in a process of its own with `config` as its argument. */
export function startWorker<In, Out extends WorkerMessage>(
  file: string,
  config: unknown,
): WorkerProcess<In, Out> {
  const { script, execArgv, env } = workerCommand(file);
  const child = fork(script, [JSON.stringify(config)], {
    cwd: PACKAGE_ROOT,
    execArgv,
    env,
    // The worker's own output goes straight to the terminal, so a failing worker explains itself.
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  running.add(child);
  const messages: Out[] = [];
  const listeners: Array<(message: Out) => void> = [];
  let exit: WorkerExit | undefined;
  // Messages still in the IPC pipe are delivered before "disconnect", which may come after
  // "exit": waiting for both means no message a worker sent before it died is missed.
  const disconnected = new Promise<void>((resolve) => child.once("disconnect", resolve));
  const exited = new Promise<WorkerExit>((resolve) => {
    child.once("exit", async (code, signal) => {
      running.delete(child);
      if (child.connected) await disconnected;
      exit = { code, signal };
      resolve(exit);
    });
  });
  child.on("message", (message) => {
    messages.push(message as Out);
    for (const listener of [...listeners]) listener(message as Out);
  });

  return {
    pid: child.pid,
    messages,
    send(message) {
      child.send(message as object);
    },
    onMessage(listener) {
      listeners.push(listener);
    },
    next(kind, timeoutMs) {
      type Wanted = Extract<Out, { kind: typeof kind }>;
      const found = messages.find((m) => m.kind === kind);
      if (found) return Promise.resolve(found as Wanted);
      return new Promise<Wanted>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`${file} (pid ${child.pid}) sent no "${kind}" in ${timeoutMs} ms`)),
          timeoutMs,
        );
        const listener = (message: Out) => {
          if (message.kind !== kind) return;
          clearTimeout(timer);
          resolve(message as Wanted);
        };
        listeners.push(listener);
        exited.then((how) => {
          clearTimeout(timer);
          // A message that raced the exit has already resolved the promise; this is a no-op then.
          reject(
            new Error(
              `${file} (pid ${child.pid}) exited (${how.code ?? how.signal}) before "${kind}"`,
            ),
          );
        });
      });
    },
    exited,
    async kill() {
      if (!exit) child.kill("SIGKILL");
      return exited;
    },
  };
}

/** SIGKILLs every worker still running and waits for each to exit: for `afterAll`. */
export async function killAllWorkers(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}
