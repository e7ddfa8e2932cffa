import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runCommand } from "./processes";

const dir = mkdtempSync(join(tmpdir(), "returnkit-processes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A server as `pnpm start` runs one: a parent that ends at once on SIGTERM, and under it the
 * real server, which holds a lock until it has closed, a while after the signal.
 */
const SERVER = `
const fs = require("node:fs");
fs.writeFileSync(process.env.LOCK, "");
process.on("SIGTERM", () => setTimeout(() => { fs.rmSync(process.env.LOCK); process.exit(0); }, 300));
console.log("listening");
setInterval(() => {}, 1000);
`;

describe("runCommand", () => {
  test("stop - resolves once every process of the command has ended, not only the first", async () => {
    const lock = join(dir, "server.lock");
    const script = join(dir, "server.cjs");
    writeFileSync(script, SERVER);
    const command = runCommand("sh", ["-c", `"${process.execPath}" "${script}" & wait`], {
      cwd: dir,
      env: { LOCK: lock },
    });
    await command.waitFor(/listening/);
    expect(existsSync(lock)).toBe(true);

    await command.stop("SIGTERM");

    expect(existsSync(lock)).toBe(false);
  });
});
