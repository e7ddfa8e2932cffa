/** @module table — a plain aligned table on the console, with a bold header. */
import pc from "picocolors";

export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join("  ")}`;
  console.log(pc.bold(line(header)));
  console.log(pc.dim(line(widths.map((w) => "─".repeat(w)))));
  for (const row of rows) {
    console.log(line(row));
  }
}
