#!/usr/bin/env bash
# `pnpm release:pack [folder]`: builds every public package (every packages/* not marked
# private) and packs each one as it would be published, into one folder (default ./release,
# which git ignores), then prints the tarballs. `pnpm pack` writes the versions that
# `workspace:` ranges name, so the tarballs install anywhere, outside this workspace too.
# `--skip-build` packs what is built already (CI builds once, before this).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

build=1
out="$root/release"
for arg in "$@"; do
  case "$arg" in
    --skip-build) build=0 ;;
    -*) echo "usage: pnpm release:pack [--skip-build] [folder]" >&2; exit 2 ;;
    *) out="$arg" ;;
  esac
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"

packages=()
for manifest in "$root"/packages/*/package.json; do
  if node -e 'process.exit(require(process.argv[1]).private ? 1 : 0)' "$manifest"; then
    packages+=("$(dirname "$manifest")")
  fi
done

if [ "$build" = 1 ]; then
  (cd "$root" && pnpm build)
fi

# Tarballs of an earlier run would be listed (and installed) beside this run's.
rm -f "$out"/*.tgz
for dir in "${packages[@]}"; do
  if [ ! -d "$dir/dist" ]; then
    echo "release:pack: $dir has no dist/: run without --skip-build" >&2
    exit 1
  fi
  (cd "$dir" && pnpm pack --pack-destination "$out" >/dev/null)
done

echo "${#packages[@]} packages packed into $out:"
for tarball in "$out"/*.tgz; do
  echo "  $(basename "$tarball")  $(du -k "$tarball" | cut -f1) KB"
done
