/** @module output — what a command prints: JSON for machines (`--json`), aligned text for people. */

/** A command's answer, in both forms; `runCli` prints the one asked for. */
export interface CommandResult {
  /** Printed with `--json`, as one JSON document on stdout. */
  json: unknown;
  /** Printed otherwise, one line each. */
  lines: string[];
}

/**
 * A result written a part at a time as it is read (a list's pages), so a long one costs the
 * memory of one part, and the first lines appear before the last part is read.
 */
export interface StreamedResult {
  /** Calls `write` once per part: JSON text when `json`, else lines joined by newlines. */
  stream(write: (text: string) => void, json: boolean): Promise<void>;
}

export type CommandOutput = CommandResult | StreamedResult;

/** Columns padded to their widest cell; the last column is never padded. */
export function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

/** A missing value in a table cell. */
export const NONE = "-";
