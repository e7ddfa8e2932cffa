/**
 * @module bench/run-all — `pnpm bench`: runs every bench module, each in a process of its
 * own, prints each section as it finishes, and writes bench/results/latest.{md,json}.
 *
 *   pnpm bench                 every bench/src/*.ts that default-exports a bench
 *   pnpm bench http memory     only these (their sections replace the same ones in latest.*)
 *   pnpm bench --list          names only
 *
 * A module is a bench when it sits directly in bench/src, is not types.ts or run-all.ts,
 * and default-exports `() => Promise<BenchSection>`; helpers live in bench/src/support/.
 */
import { fork } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type BenchReport,
  machineInfo,
  type SectionResult,
  sectionConsole,
  writeResults,
} from "./support/report";
import type { BenchSection } from "./types";

const SRC = dirname(fileURLToPath(import.meta.url));
const BENCH_ROOT = dirname(SRC);
const RESULTS = join(BENCH_ROOT, "results");
const NOT_BENCHES = new Set(["types.ts", "run-all.ts"]);
/** A bench that runs longer than this is stopped and reported as failed. */
const BENCH_TIMEOUT_MS = 15 * 60_000;

type ChildMessage =
  | { kind: "section"; section: BenchSection }
  | { kind: "not-a-bench" }
  | { kind: "error"; error: string };

/** Bench candidates: a cheap textual check; the child confirms the default export. */
function discoverBenches(): string[] {
  return readdirSync(SRC)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !NOT_BENCHES.has(file))
    .filter((file) => /export\s+default\b/.test(readFileSync(join(SRC, file), "utf8")))
    .map((file) => basename(file, ".ts"))
    .sort();
}

function runInChild(bench: string): Promise<ChildMessage> {
  return new Promise((resolve) => {
    const child = fork(join(SRC, "support", "child.ts"), [join(SRC, `${bench}.ts`)], {
      cwd: BENCH_ROOT,
      execArgv: ["--import", "tsx", "--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let message: ChildMessage | undefined;
    const timer = setTimeout(() => {
      message ??= { kind: "error", error: `timed out after ${BENCH_TIMEOUT_MS / 60_000} min` };
      child.kill("SIGKILL");
    }, BENCH_TIMEOUT_MS);
    child.on("message", (received) => {
      message ??= received as ChildMessage;
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(
        message ?? {
          kind: "error",
          error: `the bench process exited (code ${code}, signal ${signal}) without a result`,
        },
      );
    });
  });
}

function readPrevious(): BenchReport | null {
  const file = join(RESULTS, "latest.json");
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as BenchReport;
  } catch {
    return null;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const all = discoverBenches();
  if (args.includes("--list")) {
    console.log(all.join("\n"));
    return;
  }
  const wanted = args.filter((a) => !a.startsWith("--"));
  const unknown = wanted.filter((name) => !all.includes(name));
  if (unknown.length) {
    console.error(`unknown bench(es): ${unknown.join(", ")}; have: ${all.join(", ")}`);
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length ? wanted : all;
  const machine = machineInfo();
  console.log(
    `returnkit benchmarks — ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}`,
  );
  console.log(`benches: ${selected.join(", ")}\n`);

  const results: SectionResult[] = [];
  for (const bench of selected) {
    const started = Date.now();
    const loadBefore = loadavg()[0] ?? 0;
    console.log(`▶ ${bench} …`);
    const message = await runInChild(bench);
    if (message.kind === "not-a-bench") {
      console.log(`  (skipped: bench/src/${bench}.ts does not default-export a bench)\n`);
      continue;
    }
    const result: SectionResult = {
      bench,
      measuredAt: new Date(started).toISOString(),
      durationSeconds: (Date.now() - started) / 1000,
      loadBefore,
      ...(message.kind === "section" ? { section: message.section } : { error: message.error }),
    };
    results.push(result);
    console.log(`${sectionConsole(result)}\n`);
  }

  // A partial run replaces its own sections and keeps the others from the last full run.
  const previous = wanted.length ? readPrevious() : null;
  const sections = previous
    ? [
        ...previous.sections.map((s) => results.find((r) => r.bench === s.bench) ?? s),
        ...results.filter((r) => !previous.sections.some((s) => s.bench === r.bench)),
      ]
    : results;
  const report: BenchReport = { date: new Date().toISOString(), machine, sections };
  writeResults(RESULTS, report);
  console.log(`wrote ${join("bench", "results", "latest.md")} and latest.json`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

await main();
