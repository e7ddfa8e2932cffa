/**
 * @module test-support/processes — commands run the way a user runs them (`pnpm start`), in
 * their own process group so a test can stop the whole tree as a terminal would, with what
 * they print kept for assertions.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

export interface RunningCommand {
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the first match of `pattern` in the output; rejects on exit or timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /**
   * Sends `signal` to the whole process group and resolves with how the command ended, once
   * every process it started has ended.
   */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: string | null }>;
}

export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): RunningCommand {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  // 'close', not 'exit': the command's output pipes close only when every process holding
  // them has ended, so this waits for the server under `pnpm start` too, not only for pnpm
  // (which ends on the signal at once, while the server is still closing its store).
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);

  return {
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) finish(() => resolve(match));
        };
        const finish = (settle: () => void) => {
          listeners.delete(check);
          clearTimeout(timer);
          settle();
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        listeners.add(check);
        void exited.then(() =>
          finish(() => reject(new Error(`${command} exited before ${pattern}:\n${output}`))),
        );
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // Already gone.
        }
      }
      return exited;
    },
  };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
