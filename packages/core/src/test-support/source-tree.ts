/**
 * @module test-support/source-tree — the production files of a source folder, for the tests
 * that check rules across the code (`layers.test.ts`, `architecture.test.ts`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Folders that hold no production code. */
const NOT_PRODUCTION = new Set(["test-support", "node_modules", "dist"]);

/** Every `.ts`/`.tsx` file under `dir` that is neither a test nor in a test-support folder. */
export function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return NOT_PRODUCTION.has(entry.name) ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file's path and text, as the checks read it. */
export interface SourceFile {
  path: string;
  source: string;
}

export function readSources(paths: readonly string[]): SourceFile[] {
  return paths.map((path) => ({ path, source: readFileSync(path, "utf8") }));
}
