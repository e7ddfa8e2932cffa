// Fails when an example could not be copied out of the repository: one of its source files
// imports a package its package.json does not declare, or reaches into packages/ (a package's
// sources) by a relative path instead of importing the package. Test files may use the
// workspace's own tools (vitest). Usage: node tests/packaging/example-imports.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";

const root = new URL("../../", import.meta.url).pathname;
const examples = join(root, "examples");
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourcesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes("test-support")
      ? [path]
      : [];
  });
}

const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

const problems = [];
let checked = 0;
for (const example of readdirSync(examples)) {
  const dir = join(examples, example);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const declared = new Set(
    Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    }),
  );
  for (const file of sourcesUnder(join(dir, "src"))) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      checked++;
      const where = relative(root, file);
      if (specifier.startsWith(".")) {
        const target = relative(root, resolve(dirname(file), specifier));
        if (!target.startsWith("examples/"))
          problems.push(`${where} imports ${specifier}: import the package instead`);
      } else if (!specifier.startsWith("node:") && !builtinModules.includes(specifier)) {
        if (!declared.has(packageOf(specifier)))
          problems.push(`${where} imports "${packageOf(specifier)}", not in its package.json`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Examples that cannot be copied alone:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`example imports: ${checked} imports, all declared, none into packages/`);
