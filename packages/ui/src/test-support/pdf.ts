/**
 * @module test-support/pdf — a printed page read back as pixels: poppler's pdftoppm (Debian's
 * poppler-utils) rasterises the PDF Chromium printed, for a QR decoder to read.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The first page of `pdf` as RGBA pixels, rasterised by poppler's pdftoppm at 150 dpi. */
export function rasterisePdf(pdf: Buffer): {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  pages: number;
} {
  const dir = mkdtempSync(join(tmpdir(), "rk-slip-"));
  try {
    writeFileSync(join(dir, "slip.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", "150", join(dir, "slip.pdf"), join(dir, "page")]);
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith(".ppm"))
      .sort();
    const ppm = readFileSync(join(dir, pages[0]!));
    // Binary PPM (P6): "P6", width, height, max value, one whitespace, then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString("latin1"));
    if (!header) throw new Error("pdftoppm wrote no binary PPM");
    const [whole, w, h] = header;
    const width = Number(w);
    const height = Number(h);
    const rgb = ppm.subarray(whole.length);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      data[i * 4] = rgb[i * 3]!;
      data[i * 4 + 1] = rgb[i * 3 + 1]!;
      data[i * 4 + 2] = rgb[i * 3 + 2]!;
      data[i * 4 + 3] = 255;
    }
    return { data, width, height, pages: pages.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
