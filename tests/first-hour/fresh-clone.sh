#!/usr/bin/env bash
# A new user's first hour, on a fresh clone of the committed tree: the README's quick start
# (pnpm install, pnpm demo), then `pnpm start` and the README's "Try it with curl" block, as
# written. Prints how long it took from `git clone` to the first return created with curl.
# Every step is bounded in time; the server and the clone are removed however it ends.
# Needs git, Node and pnpm. Usage: bash tests/first-hour/fresh-clone.sh [commit, default HEAD]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
commit="$(git -C "$root" rev-parse "${1:-HEAD}")"
work="$(mktemp -d)"
server_pid=""

cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    # Its whole process group (pnpm, tsx, node), as a terminal's Ctrl-C would.
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s%N; }
seconds() { awk -v ns="$1" 'BEGIN { printf "%.1f", ns / 1e9 }'; }

t0="$(now)"
git clone --quiet --no-local "$root" "$work/returnkit"
cd "$work/returnkit"
git checkout --quiet --detach "$commit"
echo "fresh clone of $(git log -1 --format='%h %s' | cut -c1-80)"

# The quick start, as the README has it (pnpm itself is already installed).
timeout 600 pnpm install
t_installed="$(now)"
RETURNKIT_DATA="$work/demo-data" timeout 300 pnpm demo > "$work/demo.log" 2>&1 ||
  { tail -40 "$work/demo.log"; echo "pnpm demo failed"; exit 1; }
t_demo="$(now)"

# pnpm start in its own session, on a free port, with a data directory of its own.
port="$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
PORT="$port" RETURNKIT_DATA="$work/data" setsid pnpm start > "$work/start.log" 2>&1 &
server_pid=$!
for _ in $(seq 600); do
  grep -q "export MERCHANT_TOKEN=" "$work/start.log" && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/start.log"; echo "pnpm start exited"; exit 1; }
  sleep 0.2
done
grep -q "export MERCHANT_TOKEN=" "$work/start.log" || { cat "$work/start.log"; echo "pnpm start never became ready"; exit 1; }
t_started="$(now)"

# The README's block, fences stripped, run as written; note when the return is created.
awk '/<!-- try-it-with-curl:start -->/ { inside = 1; next } /<!-- try-it-with-curl:end -->/ { inside = 0 } inside' README.md |
  sed '1d;$d' > "$work/walkthrough.sh"
t_created=""
while IFS= read -r line; do
  echo "  $line"
  [[ -z "$t_created" && "$line" == "created ret_"* ]] && t_created="$(now)"
  last="$line"
done < <(PORT="$port" timeout 120 bash -eo pipefail "$work/walkthrough.sh")
[[ -n "$t_created" && "${last:-}" == *"→ closed" ]] || { tail -20 "$work/start.log"; echo "the curl walk-through did not reach closed"; exit 1; }

echo "first hour: $(seconds $((t_created - t0))) s from git clone to a return created with curl" \
  "(install $(seconds $((t_installed - t0))) s, demo $(seconds $((t_demo - t_installed))) s," \
  "pnpm start $(seconds $((t_started - t_demo))) s, tokens and create $(seconds $((t_created - t_started))) s)"
