/**
 * @module bench/support/child — runs one bench module in a process of its own, so its
 * memory figures and its event loop belong to it alone, and hands the section back over IPC.
 *
 * `node --import tsx --expose-gc src/support/child.ts <module path>`
 */
import { pathToFileURL } from "node:url";
import type { Bench } from "../types";

const modulePath = process.argv[2];
if (!modulePath || !process.send) {
  console.error("usage: forked by run-all with the bench module's path");
  process.exit(2);
}

function finish(message: unknown): void {
  process.send!(message, () => process.exit(0));
}

try {
  const loaded = (await import(pathToFileURL(modulePath).href)) as { default?: unknown };
  if (typeof loaded.default !== "function") finish({ kind: "not-a-bench" });
  // Benches may leave handles (servers, timers) behind: the section is what counts, and the
  // process exits once it is sent.
  else finish({ kind: "section", section: await (loaded.default as Bench)() });
} catch (error) {
  finish({
    kind: "error",
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
