#!/usr/bin/env bash
# Packs every publishable package as npm would publish it, installs the tarballs into a
# throwaway project outside the workspace, and runs a return end to end from an ESM
# consumer, a CommonJS consumer and a type-checked TypeScript consumer, and starts the
# `returnkit` executable. First checks that no built file imports a package its manifest
# leaves undeclared (declared-imports.mjs), that no source module is built into two files of
# one format (single-copy.mjs), and that every tarball carries its LICENSE, repository,
# homepage and bugs (manifests.mjs).
# Needs `pnpm build` first. Usage: bash tests/packaging/packed-install.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tarballs" "$work/app"

# npm hoists transitive packages, so the install below would not notice a published file
# importing a package its manifest does not declare; pnpm and Yarn PnP would.
node "$root/tests/packaging/declared-imports.mjs"
node "$root/tests/packaging/single-copy.mjs"

for pkg in core testing adapter-hono adapter-express webhook-verify store-postgres dev-auth mcp cli ui; do
  (cd "$root/packages/$pkg" && pnpm pack --pack-destination "$work/tarballs" >/dev/null)
done
ls "$work/tarballs"
node "$root/tests/packaging/manifests.mjs" "$work/tarballs"

cp "$root"/tests/packaging/consumer*.{mjs,cjs,ts} "$work/app/"
cd "$work/app"
cat > package.json <<'JSON'
{ "name": "packed-install-check", "private": true, "version": "1.0.0" }
JSON
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "target": "es2022", "strict": true, "noEmit": true, "skipLibCheck": false, "types": ["node"] }, "files": ["consumer.ts"] }
JSON
npm install --no-audit --no-fund --loglevel=error "$work"/tarballs/*.tgz zod@^4 hono@^4 express@^5 typescript@~5.9 @types/express@^5 @types/node@^20

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
