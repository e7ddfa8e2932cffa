// Runs `npm publish --dry-run` on every packed tarball, as the release will publish it, and
// fails when npm would change or refuse something: a warning of npm's beyond the missing login
// (it auto-corrects a malformed manifest with one), a file the manifest points at (exports,
// types, main, module, bin) missing from what it would upload, a manifest without its README,
// LICENSE or CHANGELOG, or sources and tests shipped by mistake. `--offline` keeps npm off the
// registry (without it npm asks whether the version exists), so it needs no network and no login.
// Usage: node tests/packaging/publish-dry-run.mjs <folder of the packed .tgz files>
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const folder = process.argv[2];
if (!folder) throw new Error("usage: node tests/packaging/publish-dry-run.mjs <tarball folder>");

// npm says this for every dry run without a login; everything else it warns about is a finding.
const expectedWarning = /^npm warn publish This command requires you to be logged in/;

/** Every file path a manifest refers to, without its leading "./". */
function referencedFiles(manifest) {
  const paths = [manifest.main, manifest.module, manifest.types];
  const walk = (value) => {
    if (typeof value === "string") paths.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(manifest.exports);
  walk(manifest.bin);
  return paths
    .filter((path) => typeof path === "string" && path !== "./package.json")
    .map((path) => path.replace(/^\.\//, ""));
}

const problems = [];
const tarballs = readdirSync(folder).filter((name) => name.endsWith(".tgz"));
if (tarballs.length === 0) problems.push(`no .tgz in ${folder}`);
for (const file of tarballs) {
  const tarball = resolve(join(folder, file));
  const manifest = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
  const run = spawnSync(
    "npm",
    ["publish", "--dry-run", "--offline", "--json", "--loglevel=warn", tarball],
    { cwd: folder, encoding: "utf8" },
  );
  const name = manifest.name;
  if (run.status !== 0) {
    problems.push(`${name}: npm publish --dry-run exited ${run.status}:\n${run.stderr}`);
    continue;
  }
  for (const line of run.stderr.split("\n")) {
    if (/^npm (warn|error)/.test(line) && !expectedWarning.test(line))
      problems.push(`${name}: ${line}`);
  }
  const report = JSON.parse(run.stdout)[name];
  if (report?.id !== `${name}@${manifest.version}`) {
    problems.push(`${name}: npm would publish ${report?.id}, not ${name}@${manifest.version}`);
    continue;
  }
  const uploaded = new Set(report.files.map((entry) => entry.path));
  for (const path of referencedFiles(manifest)) {
    if (!uploaded.has(path)) problems.push(`${name}: package.json points at ${path}, not uploaded`);
  }
  for (const path of ["package.json", "README.md", "LICENSE", "CHANGELOG.md"]) {
    if (!uploaded.has(path)) problems.push(`${name}: ${path} would not be uploaded`);
  }
  for (const path of uploaded) {
    if (/(^|\/)src\/|\.test\.[cm]?[jt]sx?$/.test(path))
      problems.push(`${name}: ${path} would be uploaded (a source or a test)`);
  }
  console.log(`${report.id}: ${report.entryCount} files, ${report.size} bytes packed`);
}

if (problems.length) {
  console.error(`npm publish --dry-run:\n  ${[...new Set(problems)].join("\n  ")}`);
  process.exit(1);
}
console.log(`publish dry run: ${tarballs.length} packages would publish as packed, offline`);
