/**
 * @module bench/support/pin — keeps the server and the load generator each on a core of its
 * own (Linux `taskset`), so neither takes the other's core when the scheduler would.
 */
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

/** Read once: a process pinned to one core sees one. */
const CORES = availableParallelism();

/**
 * Pins process `pid`, every thread of it, to `core`; threads it starts later inherit that.
 * False, and nothing pinned, without a second core or without `taskset`.
 */
export function pinToCore(pid: number, core: number): boolean {
  if (CORES < 2) return false;
  try {
    execFileSync("taskset", ["--all-tasks", "--cpu-list", "--pid", String(core), String(pid)], {
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
}
