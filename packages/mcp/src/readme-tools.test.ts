import { readFileSync } from "node:fs";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectClient, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, shopOptions } from "./test-support/shop";

type Family = "portal" | "merchant";
type Access = "read" | "write";

/**
 * The tool tables of a README: every row whose first cell names tools in backticks, under the
 * heading `section`, as "family/access" → the tools that row lists. The "who" cell says the
 * family (customer, back office) and the scope (a read row names `read`, a write row only
 * `write`).
 */
function readmeTools(path: string, section: string): Record<string, string[]> {
  const readme = readFileSync(new URL(path, import.meta.url), "utf8");
  const start = readme.indexOf(`\n${section}\n`);
  if (start < 0) throw new Error(`${path} has no section ${section}`);
  const end = readme.indexOf("\n## ", start + section.length + 2);
  const rows = readme
    .slice(start, end < 0 ? undefined : end)
    .matchAll(/^\| ((?:`[a-z_]+`(?:, )?)+) \| ([^|]+) \|/gm);
  const listed: Record<string, string[]> = {};
  for (const [, tools = "", who = ""] of rows) {
    const families: Family[] = [];
    if (who.includes("customer")) families.push("portal");
    if (who.includes("back office")) families.push("merchant");
    const access: Access = who.includes("read") ? "read" : "write";
    for (const family of families) {
      const key = `${family}/${access}`;
      listed[key] = [...(listed[key] ?? []), ...tools.split(", ").map((tool) => tool.slice(1, -1))];
    }
  }
  for (const key of Object.keys(listed)) listed[key]?.sort();
  return listed;
}

describe("README tool tables", () => {
  let host: McpHost;
  /** What the MCP server lists, as "family/access" → the tools that scope adds. */
  const registered: Record<string, string[]> = {};

  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: {},
    }));
    const listed = async (family: Family, access: Access) => {
      const scopes = access === "read" ? [`${family}:returns.read`] : undefined;
      const token = testToken(family, CUSTOMER, scopes);
      const client = await connectClient(`${host.origin}${MOUNT}/mcp`, token);
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      await client.close();
      return names;
    };
    for (const family of ["portal", "merchant"] as const) {
      const read = await listed(family, "read");
      const write = await listed(family, "write");
      registered[`${family}/read`] = [...read].sort();
      registered[`${family}/write`] = write.filter((name) => !read.includes(name)).sort();
    }
  });
  afterAll(() => host.close());

  it("root README - lists every tool the MCP server registers, under the scope that lists it", () => {
    expect(readmeTools("../../../README.md", "## Connect an AI agent")).toEqual(registered);
  });

  it("mcp README - lists every tool the MCP server registers, under the scope that lists it", () => {
    expect(readmeTools("../README.md", "## Tools")).toEqual(registered);
  });
});
