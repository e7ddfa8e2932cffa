// Builds the browser bundles into dist/assets with content-hashed names, and a manifest the
// server reads to name them. Run by `pnpm build`, and by the browser tests before they start.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "assets");

export async function buildClient() {
  // Never emptied first: test files build at once, and a name is its content's hash, so
  // rewriting one changes nothing for a reader (tsup's clean empties dist on a release build).
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: {
      customer: join(root, "src/client/customer.tsx"),
      staff: join(root, "src/client/staff.tsx"),
      // The MCP Apps view: inlined into one HTML document by `@returnkit/ui/mcp-app`.
      "mcp-app": join(root, "src/client/mcp-app.tsx"),
    },
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2020",
    jsx: "automatic",
    jsxImportSource: "preact",
    write: false,
    outdir: out,
    legalComments: "none",
  });
  const manifest = {};
  const write = (logical, ext, contents) => {
    const hash = createHash("sha256").update(contents).digest("hex").slice(0, 12);
    const name = `${logical}.${hash}.${ext}`;
    const temporary = join(out, `${name}.${process.pid}.tmp`);
    writeFileSync(temporary, contents);
    renameSync(temporary, join(out, name));
    manifest[`${logical}.${ext}`] = name;
  };
  for (const file of result.outputFiles) {
    const logical = file.path.split("/").pop().replace(/\.js$/, "");
    write(logical, "js", file.contents);
  }
  const css = readFileSync(join(root, "src/client/theme.css"), "utf8");
  write("theme", "css", (await transform(css, { loader: "css", minify: true })).code);
  const temporary = join(out, `manifest.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, join(out, "manifest.json"));
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = await buildClient();
  console.log(`@returnkit/ui assets: ${Object.values(manifest).join(", ")}`);
}
