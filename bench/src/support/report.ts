/**
 * @module bench/support/report — machine facts and the Markdown/JSON shape of a bench run.
 */
import { execFileSync } from "node:child_process";
import { availableParallelism, cpus, platform, release, totalmem } from "node:os";
import type { BenchFigure, BenchSection } from "../types";

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
export function formatNumber(value: number): string {
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

export function sectionMarkdown(result: SectionResult): string {
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

export function reportMarkdown(report: BenchReport): string {
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
