#!/usr/bin/env bash
# Packs every publishable package as npm would publish it (scripts/release-pack.sh, what
# `pnpm release:pack` runs), then follows the root README's "Install in your app" as written:
# its install block in a new shop beside a `returnkit/release` folder of the tarballs, its
# server started and asked for health, the OpenAPI document and a return. Then, in that shop,
# runs a return end to end from an ESM consumer, a CommonJS consumer and a type-checked
# TypeScript consumer, and starts the `returnkit` executable. First checks that no built file
# imports a package its manifest leaves undeclared (declared-imports.mjs), that no source
# module is built into two files of one format (single-copy.mjs), and that every tarball
# carries its LICENSE and the metadata a release needs (manifests.mjs).
# Needs `pnpm build` first. Usage: bash tests/packaging/packed-install.sh [folder of tarballs]
# (without one it packs into a temporary folder).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT

# npm hoists transitive packages, so the install below would not notice a published file
# importing a package its manifest does not declare; pnpm and Yarn PnP would.
node "$root/tests/packaging/declared-imports.mjs"
node "$root/tests/packaging/single-copy.mjs"

# The README's shop sits beside a clone whose `pnpm release:pack` filled returnkit/release.
mkdir -p "$work/returnkit"
if [ $# -ge 1 ]; then
  ln -s "$(cd "$1" && pwd)" "$work/returnkit/release"
else
  bash "$root/scripts/release-pack.sh" --skip-build "$work/returnkit/release"
fi
node "$root/tests/packaging/manifests.mjs" "$work/returnkit/release"

readme_block() {
  awk -v start="<!-- $1:start -->" -v end="<!-- $1:end -->" \
    '$0 == start { inside = 1; next } $0 == end { inside = 0 } inside' "$root/README.md" | sed '1d;$d'
}
echo "--- the README's install, as written"
readme_block install-from-release > "$work/install.sh"
[ -s "$work/install.sh" ] || { echo "README.md has no install-from-release block"; exit 1; }
(cd "$work" && bash -euo pipefail install.sh)
app="$work/my-shop"
# Every package is in the README's section, installed by its block or named beside it (the
# Hono adapter, for a Hono shop); the consumers below get the ones the block leaves out.
awk '/^## Install in your app/ { inside = 1; next } /^## / { inside = 0 } inside' "$root/README.md" > "$work/install-section.md"
left_out=()
for tarball in "$work"/returnkit/release/*.tgz; do
  name="$(basename "$tarball")"
  grep -qF "$name" "$work/install-section.md" || { echo "the README's Install section leaves out $name"; exit 1; }
  grep -qF "$name" "$work/install.sh" || left_out+=("$tarball")
done

echo "--- the README's server, started, and its curl block"
cd "$app"
readme_block install-server > server.mjs
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
PORT="$port" node server.mjs > server.log 2>&1 &
server_pid=$!
for _ in $(seq 300); do
  grep -q "returns API at" server.log && break
  kill -0 "$server_pid" 2>/dev/null || { cat server.log; echo "the README's server exited"; exit 1; }
  sleep 0.1
done
grep -q "returns API at" server.log || { cat server.log; echo "the README's server never listened"; exit 1; }
readme_block install-curl > curl.sh
PORT="$port" bash -euo pipefail curl.sh > curl.out
node -e '
  const [health, openapi, created] = require("node:fs").readFileSync("curl.out", "utf8").trim().split("\n");
  const { status } = JSON.parse(health);
  const draft = JSON.parse(created);
  if (status !== "pass") throw new Error(`health: ${health}`);
  if (!openapi.startsWith("3.1")) throw new Error(`openapi: ${openapi}`);
  if (draft.state !== "draft") throw new Error(`create: ${created}`);
  console.log(`README server: health ${status}, OpenAPI ${openapi}, ${draft.id} ${draft.state}`);
'
kill "$server_pid"
server_pid=""

cp "$root"/tests/packaging/consumer*.{mjs,cjs,ts} "$app/"
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "target": "es2022", "strict": true, "noEmit": true, "skipLibCheck": false, "types": ["node"] }, "files": ["consumer.ts"] }
JSON
# What the consumers below need beyond the README's shop: Hono, and the compiler with types.
npm install --no-save --no-audit --no-fund --loglevel=error "${left_out[@]}" \
  hono@^4 typescript@~5.9 @types/express@^5 @types/node@^20

echo "--- ESM consumer"
node consumer.mjs
echo "--- ESM consumer of the development authorization server"
node consumer-dev-auth.mjs
echo "--- ESM consumer of the MCP endpoint"
node consumer-mcp.mjs
echo "--- ESM consumer of the pages (their assets from the tarball)"
node consumer-ui.mjs
echo "--- the returnkit executable (its imports, pg among them, resolve from the tarballs)"
npx --no-install returnkit --help >/dev/null
if [ -n "${DATABASE_URL:-}" ]; then
  # Reads only: a dry run applies nothing and creates no schema.
  npx --no-install returnkit migrate --dry-run --schema rk_packed_install --json >/dev/null
fi
echo "--- CommonJS consumer"
node consumer.cjs
echo "--- TypeScript consumer (node16 resolution, library types checked)"
npx tsc -p tsconfig.json
echo "packed packages install and run: ESM, CJS and types"
