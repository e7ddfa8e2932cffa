// The API report of every public package entry, with @microsoft/api-extractor over the built
// d.ts (run `pnpm build` first). `pnpm api:check` fails when a report differs from the one
// committed in packages/<name>/etc/ (CI); `pnpm api:update` writes the new reports.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";

const root = resolve(import.meta.dirname, "..");
const update = process.argv.includes("--update");
const base = ExtractorConfig.loadFile(join(root, "api-extractor.json"));

/** Each public package's entries with types: `"."` and subpaths such as `"./store"`. */
function entries() {
  const found = [];
  for (const folder of readdirSync(join(root, "packages")).sort()) {
    const packageFolder = join(root, "packages", folder);
    const manifest = JSON.parse(readFileSync(join(packageFolder, "package.json"), "utf8"));
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const types = target?.import?.types;
      if (!types) continue;
      const suffix = subpath === "." ? "" : `-${subpath.slice(2).replaceAll("/", "-")}`;
      found.push({ packageFolder, types, reportName: `${folder}${suffix}` });
    }
  }
  return found;
}

let failed = 0;
for (const { packageFolder, types, reportName } of entries()) {
  const configObject = structuredClone(base);
  configObject.projectFolder = packageFolder;
  configObject.mainEntryPointFilePath = join(packageFolder, types);
  configObject.apiReport = {
    ...configObject.apiReport,
    reportFileName: reportName,
    reportFolder: join(packageFolder, "etc"),
    reportTempFolder: join(tmpdir(), "returnkit-api", reportName),
  };
  if (update) mkdirSync(join(packageFolder, "etc"), { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: join(packageFolder, "api-extractor.json"),
    packageJsonFullPath: join(packageFolder, "package.json"),
  });
  const result = Extractor.invoke(config, { localBuild: update, messageCallback: quiet });
  const status = result.apiReportChanged ? (update ? "updated" : "CHANGED") : "unchanged";
  console.log(`${reportName}.api.md: ${status}`);
  if (!result.succeeded) failed++;
}
if (failed) {
  console.error(
    `${failed} API report(s) differ or failed: review the change, then run \`pnpm api:update\` and commit etc/*.api.md.`,
  );
  process.exit(1);
}

/** Keeps api-extractor's progress lines out of the output; warnings and errors still print. */
function quiet(message) {
  if (message.logLevel === "verbose" || message.logLevel === "info") message.handled = true;
}
