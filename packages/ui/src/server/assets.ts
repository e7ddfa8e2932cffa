/**
 * @module server/assets — the browser bundles built into dist/assets, read once: content-hashed
 * names served for a year (immutable), and each bundle's plain name for a shop that embeds the
 * page with one script tag (short-lived, since it changes with each release).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  cacheControl: string;
}

export interface Assets {
  /** The hashed name of a logical asset (`customer.js` → `customer.1a2b3c4d5e6f.js`). */
  nameOf(logical: string): string;
  get(name: string): Asset | undefined;
  /** Every servable name, hashed and plain. */
  names(): string[];
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=300";
const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

/** Where this process built the bundles from the sources, once it has. */
let builtFromSources: string | undefined;

/**
 * dist/assets beside the built module. Run from the sources (tests, `pnpm start` through tsx),
 * the bundles are built first, as `pnpm build` does, so they are never missing or stale: once
 * per process, since the sources do not change under a running one.
 */
function defaultAssetsDir(): string {
  const beside = fileURLToPath(new URL("./assets/", import.meta.url));
  if (existsSync(`${beside}manifest.json`)) return beside;
  if (builtFromSources) return builtFromSources;
  const script = fileURLToPath(new URL("../../scripts/build-client.mjs", import.meta.url));
  const built = fileURLToPath(new URL("../../dist/assets/", import.meta.url));
  if (existsSync(script)) {
    const run = spawnSync(process.execPath, [script], { stdio: ["ignore", "ignore", "inherit"] });
    if (run.status === 0 && existsSync(`${built}manifest.json`)) {
      builtFromSources = built;
      return built;
    }
  }
  throw new Error(
    "@returnkit/ui: its browser assets are missing (dist/assets/manifest.json); build the package with `pnpm build`",
  );
}

export function loadAssets(dir: string = defaultAssetsDir()): Assets {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  const manifest = JSON.parse(readFileSync(`${base}manifest.json`, "utf8")) as Record<
    string,
    string
  >;
  const served = new Map<string, Asset>();
  for (const [logical, hashed] of Object.entries(manifest)) {
    const body = new Uint8Array(readFileSync(`${base}${hashed}`));
    const type = TYPES[logical.split(".").pop() ?? ""] ?? "application/octet-stream";
    served.set(hashed, { body, type, cacheControl: IMMUTABLE });
    served.set(logical, { body, type, cacheControl: SHORT });
  }
  return {
    nameOf(logical) {
      const name = manifest[logical];
      if (!name) throw new Error(`@returnkit/ui: no asset ${logical} in the manifest`);
      return name;
    },
    get: (name) => served.get(name),
    names: () => [...served.keys()],
  };
}
