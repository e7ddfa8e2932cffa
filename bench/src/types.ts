/**
 * @module bench/types — the shape every benchmark returns, so one runner can print them
 * together and write bench/results/latest.{md,json}.
 *
 * Every figure stands beside a baseline measured in the same run on the same machine.
 */

export interface BenchFigure {
  /** What was measured, e.g. "verify 1 KiB (ours)". */
  metric: string;
  value: number;
  /** e.g. "ops/s", "ms", "MB". */
  unit: string;
  /** What the figure is compared against, measured in the same run. */
  baseline?: { label: string; value: number };
  /** value / baseline.value (or as the target defines it). */
  ratio?: number;
  /** The target in words, e.g. ">= 80% of raw node:crypto". */
  target?: string;
  /** Whether the target was met; undefined when there is no target. */
  met?: boolean;
  /** When a target is missed: one sentence on why. */
  note?: string;
}

export interface BenchSection {
  /** e.g. "Webhook sign/verify". */
  title: string;
  figures: BenchFigure[];
  /** Free text: setup, machine, caveats. */
  notes?: string[];
}

/** Every bench module default-exports one of these. */
export type Bench = () => Promise<BenchSection>;
