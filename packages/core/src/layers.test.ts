/**
 * The folders of core/src in their order (`LAYERS`, bottom first): a module may import its own
 * folder and the folders below it, never one beside or above it. Test files and
 * `test-support/` folders are exempt (a test may drive a whole service), one way only: no
 * production file of any package imports a `test-support/` folder.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LAYERS, ROOT_LAYER, UNLAYERED_FOLDERS } from "./test-support/layers";
import { productionFiles, readSources, type SourceFile } from "./test-support/source-tree";

const SRC = dirname(fileURLToPath(import.meta.url));
const PACKAGES = resolve(SRC, "../..");

function folderOf(file: string): string {
  const rel = relative(SRC, file);
  return rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : ROOT_LAYER;
}

function rankOf(folder: string): number {
  const rank = LAYERS.findIndex((layer) => layer.includes(folder));
  if (rank < 0) throw new Error(`core/src/${folder} is in no layer: add it to LAYERS`);
  return rank;
}

const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

function relativeImports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) =>
    resolve(dirname(file), match[1] ?? ""),
  );
}

const TEST_SUPPORT_IMPORT = /(?:from|import)\s*\(?\s*"([^"]*\btest-support\b[^"]*)"/g;

/** Every import of a `test-support/` folder in `files`, as `file → specifier`. */
function testSupportImports(files: readonly SourceFile[]): string[] {
  return files.flatMap(({ path, source }) =>
    [...source.matchAll(TEST_SUPPORT_IMPORT)].map(
      (match) => `${relative(PACKAGES, path)} → ${match[1]}`,
    ),
  );
}

/** The production files of every package's `src`. */
function everyPackagesProductionFiles(): string[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const src = join(PACKAGES, entry.name, "src");
      return existsSync(src) ? productionFiles(src) : [];
    });
}

/** Every import that points up or sideways, as `from → to`. */
function backUpArrows(): string[] {
  const arrows: string[] = [];
  for (const file of productionFiles(SRC)) {
    const from = folderOf(file);
    for (const target of relativeImports(file)) {
      const to = folderOf(target.endsWith(".ts") ? target : `${target}.ts`);
      if (from !== to && rankOf(to) >= rankOf(from)) {
        arrows.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
      }
    }
  }
  return arrows;
}

describe("core/src layers", () => {
  it("every import points to its own folder or one below it", () => {
    expect(backUpArrows()).toEqual([]);
  });

  it("every folder of core/src has a layer", () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !UNLAYERED_FOLDERS.includes(entry.name))
      .map((entry) => entry.name);
    for (const folder of folders) expect(() => rankOf(folder), folder).not.toThrow();
  });
});

describe("test-support folders", () => {
  it("no production file of any package imports a test-support folder", () => {
    const files = everyPackagesProductionFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(testSupportImports(readSources(files))).toEqual([]);
  });

  it("the check reports a production import of test-support, static or dynamic", () => {
    const path = join(SRC, "returns/write-path.ts");
    const source = [
      'import { memoryStore } from "../store/memory/memory-store";',
      'import { failingStore } from "../store/memory/test-support/failing-store";',
      'const receiver = await import("@returnkit/core/test-support/receiver");',
    ].join("\n");
    expect(testSupportImports([{ path, source }])).toEqual([
      "core/src/returns/write-path.ts → ../store/memory/test-support/failing-store",
      "core/src/returns/write-path.ts → @returnkit/core/test-support/receiver",
    ]);
  });
});
