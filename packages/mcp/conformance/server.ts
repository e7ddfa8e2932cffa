/**
 * A returnkit MCP server for `@modelcontextprotocol/conformance`: the memory store, every
 * caller a back-office agent (the host's `authenticate`), `/mcp` on a port given as argv[2].
 * Not a way to run returnkit: conformance scenarios connect without credentials.
 */
import { serve } from "@hono/node-server";
import { returnsApp } from "@returnkit/adapter-hono";
import { createReturnsService, type Principal } from "@returnkit/core";
import { Hono } from "hono";
import { createMcpHandler } from "../src/index";

const port = Number(process.argv[2] ?? 3900);
const staff: Principal = {
  kind: "merchant",
  id: "conformance",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
};
const auth = { authenticate: () => staff };
const service = createReturnsService({ baseUrl: `http://127.0.0.1:${port}`, auth });
service.mount("/mcp", createMcpHandler(service));
const app = new Hono();
app.route("/", returnsApp(service));
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => console.log(`listening ${port}`));
