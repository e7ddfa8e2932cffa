// Fails when a built package imports a package it does not declare. Without hoisting (pnpm,
// Yarn PnP) such an import does not resolve: a missing type is TS2307 in the host's build, a
// missing runtime module is a crash at start. Reads every package's dist (JS and .d.ts), so
// run it after `pnpm build`. Usage: node tests/packaging/declared-imports.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join } from "node:path";

const root = new URL("../../packages/", import.meta.url).pathname;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["'](@?[a-z\d][\w.-]*(?:\/[\w.-]+)*)["']/gm;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(?:c|m)?js$|\.d\.(?:c|m)?ts$/.test(name) ? [path] : [];
  });
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const problems = [];
let checked = 0;
for (const dir of readdirSync(root)) {
  const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  const declared = new Set([
    manifest.name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  let dist;
  try {
    dist = filesUnder(join(root, dir, "dist"));
  } catch {
    problems.push(`${manifest.name}: no dist/ (run pnpm build first)`);
    continue;
  }
  for (const file of dist) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      if (specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
      const name = packageOf(specifier);
      if (!declared.has(name))
        problems.push(`${manifest.name}: ${file.slice(root.length)} imports "${name}", undeclared`);
    }
    checked++;
  }
}
if (problems.length > 0) {
  console.error(`Undeclared imports in published files:\n  ${[...new Set(problems)].join("\n  ")}`);
  process.exit(1);
}
console.log(`declared imports: ${checked} built files import only declared packages`);
