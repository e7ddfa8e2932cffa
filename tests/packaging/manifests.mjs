// Fails when a packed package lacks what an adopter looks for before installing it, or what
// a provenance-signed publish needs: the LICENSE file, `license`, `repository` (with the
// package's folder), `homepage`, `bugs`, `keywords`, `engines.node`, a released version,
// `publishConfig` (public access, provenance), and no `workspace:` range left unreplaced. Also
// checks that the workspace pins pnpm 12 for corepack (`packageManager`).
// Usage: node tests/packaging/manifests.mjs <folder of the packed .tgz files>
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const tarballs = process.argv[2];
if (!tarballs) throw new Error("usage: node tests/packaging/manifests.mjs <tarball folder>");

const problems = [];
const root = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
if (!/^pnpm@12\.\d+\.\d+$/.test(root.packageManager ?? ""))
  problems.push(`package.json: packageManager is ${root.packageManager}, not pnpm@12.x.y`);

const files = readdirSync(tarballs).filter((name) => name.endsWith(".tgz"));
for (const file of files) {
  const tarball = join(tarballs, file);
  const entries = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n");
  const manifest = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
  const name = manifest.name;
  if (!entries.includes("package/LICENSE")) problems.push(`${name}: no LICENSE in the tarball`);
  const folder = `packages/${name.replace("@returnkit/", "")}`;
  if (!manifest.repository?.url || manifest.repository.directory !== folder)
    problems.push(`${name}: repository should name the git URL and directory "${folder}"`);
  if (!manifest.homepage?.includes(folder)) problems.push(`${name}: homepage should be its README`);
  if (!manifest.bugs?.url) problems.push(`${name}: no bugs.url`);
  if (manifest.license !== "MIT") problems.push(`${name}: license should be MIT`);
  if (!Array.isArray(manifest.keywords) || !manifest.keywords.includes("returnkit"))
    problems.push(`${name}: keywords should be a list naming "returnkit"`);
  if (!manifest.engines?.node) problems.push(`${name}: no engines.node`);
  if (!/^\d+\.\d+\.\d+/.test(manifest.version) || manifest.version === "0.0.0")
    problems.push(`${name}: version ${manifest.version} is no release`);
  if (manifest.publishConfig?.access !== "public" || manifest.publishConfig?.provenance !== true)
    problems.push(`${name}: publishConfig should be { access: "public", provenance: true }`);
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith("workspace:"))
        problems.push(`${name}: ${field}.${dependency} is still ${range}`);
    }
  }
}

if (problems.length) {
  console.error(`Package manifests:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `manifests: ${files.length} packed packages carry LICENSE, repository, homepage, bugs, keywords, engines, publishConfig`,
);
