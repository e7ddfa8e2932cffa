// Fails when one source module is bundled into two built files of the same format of one
// package: a host that loads both entries (`@returnkit/core` and `@returnkit/core/store`, say)
// would then hold two copies of that module, two `ProblemError` classes that `instanceof`
// tells apart, two caches. Reads the `sources` of every source map in every package's dist,
// so run it after `pnpm build`. Usage: node tests/packaging/single-copy.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("../../packages/", import.meta.url).pathname;

function mapsUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return mapsUnder(path);
    return /\.(?:c|m)?js\.map$/.test(name) ? [path] : [];
  });
}

const problems = [];
let checked = 0;
for (const dir of readdirSync(root)) {
  const dist = join(root, dir, "dist");
  let maps;
  try {
    maps = mapsUnder(dist);
  } catch {
    problems.push(`${dir}: no dist/ (run pnpm build first)`);
    continue;
  }
  // format ("js" or "cjs") → source module → the built files that hold it
  const holders = new Map();
  for (const map of maps) {
    const format = map.endsWith(".cjs.map") ? "cjs" : "js";
    const byFormat = holders.get(format) ?? new Map();
    holders.set(format, byFormat);
    for (const source of JSON.parse(readFileSync(map, "utf8")).sources) {
      const files = byFormat.get(source) ?? [];
      files.push(relative(dist, map).replace(/\.map$/, ""));
      byFormat.set(source, files);
      checked++;
    }
  }
  for (const [format, byFormat] of holders) {
    for (const [source, files] of byFormat) {
      if (files.length > 1)
        problems.push(`${dir} (${format}): ${source} is bundled into ${files.join(" and ")}`);
    }
  }
}

if (problems.length) {
  console.error(`Source modules bundled more than once:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`single-copy: ${checked} bundled modules, each in one built file per format`);
