/**
 * The folders of core/src in their order (`LAYERS`, bottom first): a module may import its own
 * folder and the folders below it, never one beside or above it. Test files and
 * `test-support/` folders are exempt (a test may drive a whole service).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LAYERS, ROOT_LAYER, UNLAYERED_FOLDERS } from "./test-support/layers";

const SRC = dirname(fileURLToPath(import.meta.url));

function folderOf(file: string): string {
  const rel = relative(SRC, file);
  return rel.includes("/") ? rel.slice(0, rel.indexOf("/")) : ROOT_LAYER;
}

function rankOf(folder: string): number {
  const rank = LAYERS.findIndex((layer) => layer.includes(folder));
  if (rank < 0) throw new Error(`core/src/${folder} is in no layer: add it to LAYERS`);
  return rank;
}

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : productionFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const IMPORT = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;

function relativeImports(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) =>
    resolve(dirname(file), match[1] ?? ""),
  );
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
