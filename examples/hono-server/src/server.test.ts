import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ReturnsServer, startReturnsServer } from "./server";
import { freePort } from "./test-support/processes";

const root = mkdtempSync(join(tmpdir(), "returnkit-hono-server-"));
const started: ReturnsServer[] = [];

/** Two servers side by side, shared by the cases that only read from them (PGlite starts slowly). */
let a: ReturnsServer;
let b: ReturnsServer;

beforeAll(async () => {
  const [portA, portB] = await Promise.all([freePort(), freePort()]);
  a = await startReturnsServer({ port: portA, dataDir: join(root, "a") });
  started.push(a);
  b = await startReturnsServer({ port: portB, dataDir: join(root, "b") });
  started.push(b);
});

afterAll(async () => {
  await Promise.all(started.map((server) => server.close()));
  rmSync(root, { recursive: true, force: true });
});

async function occupiedPort(): Promise<{ port: number; free(): void }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  return { port: (holder.address() as { port: number }).port, free: () => holder.close() };
}

describe("startReturnsServer", () => {
  test("startReturnsServer - serves agents at /mcp with tokens the development server issues for it alone", async () => {
    const server = a;
    const mcp = `${server.baseUrl}/mcp`;
    const initialize = (token: string) =>
      fetch(mcp, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "t", version: "1" },
          },
        }),
      });
    expect((await initialize(await server.auth.portalToken("alice", mcp))).status).toBe(200);
    expect((await initialize(await server.auth.portalToken("alice"))).status).toBe(401);
    const metadata = await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    expect(await metadata.json()).toMatchObject({
      resource: mcp,
      authorization_servers: [server.auth.issuer],
    });
  });

  test("startReturnsServer - two run side by side, each on its own port and directory, the authorization servers on free ports", async () => {
    expect(a.auth.issuer).not.toBe(b.auth.issuer);
    for (const server of [a, b]) {
      const response = await fetch(`${server.baseUrl}/v1/portal/returns`, {
        headers: { authorization: `Bearer ${await server.auth.portalToken("alice")}` },
      });
      expect(response.status).toBe(200);
    }
  });

  test("startReturnsServer - a port in use rejects with EADDRINUSE and leaves the directory free for the next try", async () => {
    const dataDir = join(root, "retry");
    const taken = await occupiedPort();
    try {
      await expect(startReturnsServer({ port: taken.port, dataDir })).rejects.toMatchObject({
        code: "EADDRINUSE",
        port: taken.port,
      });
      await expect(
        startReturnsServer({ port: await freePort(), authPort: taken.port, dataDir }),
      ).rejects.toMatchObject({ code: "EADDRINUSE", port: taken.port });
    } finally {
      taken.free();
    }
    const server = await startReturnsServer({ port: await freePort(), dataDir });
    started.push(server);
    expect((await fetch(`${server.baseUrl}/v1/openapi.json`)).status).toBe(200);
  });
});
