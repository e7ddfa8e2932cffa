#!/usr/bin/env bash
# Runs the server scenarios of @modelcontextprotocol/conformance that apply to returnkit against
# conformance/server.ts. Needs Node 22 or newer on PATH (the suite uses fs.globSync).
#
# Run:   server-initialize, ping, tools-list, resources-list, dns-rebinding-protection.
# Not run, because they call the suite's own reference tools, prompts or resources
# (test_simple_text, test://template/{id}, …) or capabilities returnkit does not offer
# (logging, completion, prompts, sampling, elicitation, subscriptions, SSE streams):
# every tools-call-*, resources-read-*, resources-templates-read, resources-(un)subscribe,
# prompts-*, logging-set-level, completion-complete, json-schema-2020-12, elicitation-*,
# server-sse-*.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${MCP_CONFORMANCE_PORT:-39123}"
# One process (tsx as a loader, not as a wrapper that forks), so the trap below ends it.
node --import tsx conformance/server.ts "$port" &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/v1/openapi.json" && break
  sleep 0.2
done
for scenario in server-initialize ping tools-list resources-list dns-rebinding-protection; do
  npx -y @modelcontextprotocol/conformance@0.1.16 server \
    --url "http://127.0.0.1:$port/mcp" --scenario "$scenario"
done
echo "MCP conformance: 5 applicable server scenarios passed"
