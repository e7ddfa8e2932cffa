/**
 * The README's "Try it with curl", run as written against `pnpm start`, with the example
 * webhook receiver pointed at the same server through WEBHOOK_URL and WEBHOOK_SECRET: what a
 * new user does in their first hour, in three terminals.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateWebhookSecret } from "@returnkit/core";
import { afterAll, describe, expect, test } from "vitest";
import { type RunningCommand, runCommand } from "./test-support/processes";
import { REPO_ROOT, readmeBlock } from "./test-support/readme";

const started: RunningCommand[] = [];
const dataDir = join(mkdtempSync(join(tmpdir(), "returnkit-readme-")), "data");

afterAll(async () => {
  await Promise.all(started.map((command) => command.stop()));
  rmSync(join(dataDir, ".."), { recursive: true, force: true });
});

function run(args: string[], env: Record<string, string>): RunningCommand {
  const command = runCommand("pnpm", args, { cwd: REPO_ROOT, env });
  started.push(command);
  return command;
}

describe("README: try it with curl", () => {
  test("README curl walk-through - runs verbatim against pnpm start, create to closed, and the receiver on WEBHOOK_URL verifies every step", async () => {
    // Port 0 everywhere: each process binds a free port and says which, so no other test's
    // socket can take a port between choosing it and binding it.
    const secret = { WEBHOOK_SECRET: generateWebhookSecret() };
    const receiver = run(["run", "receiver"], {
      ...secret,
      WEBHOOK_URL: "http://127.0.0.1:0/webhooks/returnkit",
    });
    const [, webhookUrl = ""] = await receiver.waitFor(/listening on (\S+)/);
    const webhooks = { ...secret, WEBHOOK_URL: webhookUrl };
    const server = run(["start"], { ...webhooks, PORT: "0", RETURNKIT_DATA: dataDir });
    const [, baseUrl = ""] = await server.waitFor(/returnkit listening on (\S+)/);
    const port = new URL(baseUrl).port;
    await server.waitFor(/export MERCHANT_TOKEN=/);

    // The tokens pnpm start prints are a customer's and the back office's.
    const printed = (name: string) => new RegExp(`export ${name}=(\\S+)`).exec(server.output())![1];
    const asCustomer = await fetch(`http://127.0.0.1:${port}/v1/portal/returns`, {
      headers: { authorization: `Bearer ${printed("CUSTOMER_TOKEN")}` },
    });
    expect(asCustomer.status).toBe(200);
    const asMerchant = await fetch(`http://127.0.0.1:${port}/v1/merchant/returns`, {
      headers: { authorization: `Bearer ${printed("MERCHANT_TOKEN")}` },
    });
    expect(asMerchant.status).toBe(200);

    const walkthrough = spawnSync(
      "bash",
      ["-eo", "pipefail", "-c", readmeBlock("try-it-with-curl")],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PORT: port },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    // Nothing but the walk-through's own output: no problem, and no `$ tsx …` echoed by pnpm.
    expect(walkthrough.stderr).toBe("");
    expect(walkthrough.status).toBe(0);
    const [created = "", ...steps] = walkthrough.stdout.trim().split("\n");
    expect(created).toMatch(/^created ret_\w+$/);
    expect(steps).toEqual([
      "submitted",
      "approved",
      "in_transit",
      "received",
      "graded",
      "closed",
      "draft → submitted → approved → in_transit → received → graded → closed",
    ]);

    const returnId = created.slice("created ".length);
    await receiver.waitFor(new RegExp(`${returnId}\\s+#7 return\\.closed`), 60_000);
    expect(receiver.output()).not.toMatch(/rejected delivery/);

    // SIGTERM stops pnpm start cleanly: the service and PGlite closed, the directory unlocked.
    await server.stop("SIGTERM");
    expect(existsSync(join(dataDir, "returnkit.lock"))).toBe(false);
    // Two `pnpm` processes compile TypeScript through tsx at start: on a busy machine that
    // alone may take a minute. Each wait inside is for a line or an answer, bounded itself.
  }, 240_000);
});
