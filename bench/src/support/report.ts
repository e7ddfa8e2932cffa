/**
 * @module bench/support/report — machine facts and the Markdown/JSON shape of a bench run.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, platform, release, totalmem } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchFigure, BenchSection } from "../types";

/** The repository's root: paths under it are written relative to it. */
const REPOSITORY = resolve(fileURLToPath(import.meta.url), "../../../..");
/** An absolute path: a slash not inside a word, a URL or a relative path, then path parts. */
const ABSOLUTE_PATH = /(?<![\w.~:/\-{}…])\/(?:[\w.@+-]+\/)*[\w.@+-]+/g;

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  commit: string | null;
}

/** One bench module's outcome: its section, or the error that stopped it. */
export interface SectionResult {
  /** Module name without extension, e.g. "http". */
  bench: string;
  measuredAt: string;
  durationSeconds: number;
  /** 1-minute load average when the bench started: above the core count, figures are noisy. */
  loadBefore: number;
  section?: BenchSection;
  error?: string;
}

export interface BenchReport {
  date: string;
  machine: MachineInfo;
  sections: SectionResult[];
}

/**
 * `text` without this machine's paths, for results that are committed: a path in the
 * repository becomes relative to it; any other absolute path whose first directory exists
 * here (`/tmp/…`, `/home/…`) becomes `…/` and its last part. URL paths (`/v1/…`) stay.
 */
function withoutMachinePaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, (path) => {
    if (path.startsWith(`${REPOSITORY}/`)) return path.slice(REPOSITORY.length + 1);
    if (path === REPOSITORY) return ".";
    const first = path.split("/")[1]!;
    return existsSync(`/${first}`) ? `…/${basename(path)}` : path;
  });
}

/** How results name another checkout: by its commit, never by where it sits. */
export function checkoutLabel(checkout: string): string {
  try {
    const commit = execFileSync("git", ["-C", checkout, "rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return `before (${commit})`;
  } catch {
    return "before (a checkout outside git)";
  }
}

/** Writes `report` as `latest.json` and `latest.md` in `dir`, naming no path of this machine. */
export function writeResults(dir: string, report: BenchReport): void {
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(join(dir, "latest.json"), withoutMachinePaths(json));
  writeFileSync(join(dir, "latest.md"), withoutMachinePaths(reportMarkdown(report)));
}

export function machineInfo(): MachineInfo {
  let commit: string | null = null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    commit = null;
  }
  return {
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    commit,
  };
}

/** 3 significant digits below 100, thousands separators above. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 100) return Math.round(value).toLocaleString("en-US");
  if (abs === 0) return "0";
  return Number(value.toPrecision(3)).toString();
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function figureRow(figure: BenchFigure): string {
  const columns = [
    figure.metric,
    formatNumber(figure.value),
    figure.unit,
    figure.baseline ? `${figure.baseline.label}: ${formatNumber(figure.baseline.value)}` : "—",
    figure.ratio !== undefined ? formatNumber(figure.ratio) : "—",
    figure.target ?? "—",
    figure.met === undefined ? "—" : figure.met ? "yes" : "**no**",
    figure.note ?? "",
  ];
  return `| ${columns.map(cell).join(" | ")} |`;
}

function sectionMarkdown(result: SectionResult): string {
  const lines: string[] = [];
  const title = result.section?.title ?? result.bench;
  lines.push(`## ${title}`, "");
  lines.push(
    `\`bench/src/${result.bench}.ts\` — measured ${result.measuredAt}, took ${result.durationSeconds.toFixed(0)} s, load average ${result.loadBefore.toFixed(1)} when it started.`,
    "",
  );
  if (result.error) {
    lines.push("**The bench failed:**", "", "```", result.error, "```", "");
    return lines.join("\n");
  }
  const section = result.section!;
  lines.push(
    "| metric | value | unit | baseline | ratio | target | met | note |",
    "|---|---:|---|---|---:|---|---|---|",
  );
  for (const figure of section.figures) lines.push(figureRow(figure));
  lines.push("");
  for (const note of section.notes ?? []) lines.push(`- ${note}`);
  if (section.notes?.length) lines.push("");
  return lines.join("\n");
}

function reportMarkdown(report: BenchReport): string {
  const m = report.machine;
  const missed = report.sections.flatMap((s) =>
    (s.section?.figures ?? []).filter((f) => f.met === false).map((f) => `${s.bench}: ${f.metric}`),
  );
  const failed = report.sections.filter((s) => s.error).map((s) => s.bench);
  const lines = [
    "# returnkit benchmarks",
    "",
    "Written by `pnpm bench` (bench/src/run-all.ts); do not edit by hand.",
    "",
    `- date: ${report.date}`,
    `- machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}`,
    `- node: ${m.node}`,
    `- commit: ${m.commit ?? "unknown"}`,
    `- targets missed: ${missed.length ? missed.join("; ") : "none"}`,
    ...(failed.length ? [`- benches that failed: ${failed.join(", ")}`] : []),
    "",
  ];
  for (const section of report.sections) lines.push(sectionMarkdown(section));
  return lines.join("\n");
}

/** A section as the console shows it while the run goes on. */
export function sectionConsole(result: SectionResult): string {
  return sectionMarkdown(result);
}
