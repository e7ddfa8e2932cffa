import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, test } from "vitest";

const EXAMPLE = new URL("..", import.meta.url).pathname;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("express example main", () => {
  test("main - SIGTERM stops the shop cleanly: exit code 0, the returns service closed", async () => {
    const port = await freePort();
    // tsx, the way `pnpm start` runs it, but without pnpm in between to receive the signal.
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: EXAMPLE,
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    // Its "shop on" line, or how it ended first; the bound is for a shop that never starts.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the shop did not start in 90 s:\n${output}`)),
        90_000,
      );
      const started = () => {
        if (!output.includes("shop on")) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on("data", started);
      child.stderr.on("data", started);
      exited.then((how) => {
        clearTimeout(timer);
        reject(
          new Error(`the shop exited (${how.code ?? how.signal}) before starting:\n${output}`),
        );
      });
    });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain("shop stopped");
  }, 120_000);
});
