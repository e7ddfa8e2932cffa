import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DataDirInUseError, lockDataDir } from "@returnkit/store-postgres";
import { describe, expect, test } from "vitest";
import { explainStartFailure, START_VARIABLES, startSettingsFromEnv } from "./settings";

describe("startSettingsFromEnv", () => {
  test("startSettingsFromEnv - defaults: the API on 3000, the authorization server on any free port, data where the command was typed", () => {
    expect(startSettingsFromEnv({ INIT_CWD: "/home/me/shop" }, "/repo/examples")).toEqual({
      port: 3000,
      authPort: 0,
      dataDir: "/home/me/shop/.returnkit-data",
      webhookEndpoints: [],
    });
  });

  test("startSettingsFromEnv - reads PORT, AUTH_PORT, RETURNKIT_DATA and the webhook pair", () => {
    const settings = startSettingsFromEnv(
      {
        PORT: "3100",
        AUTH_PORT: "3101",
        RETURNKIT_DATA: "/data/two",
        WEBHOOK_URL: "http://127.0.0.1:4000/hooks",
        WEBHOOK_SECRET: "whsec_c2VjcmV0",
      },
      "/repo",
    );
    expect(settings).toEqual({
      port: 3100,
      authPort: 3101,
      dataDir: "/data/two",
      webhookEndpoints: [{ url: "http://127.0.0.1:4000/hooks", secret: "whsec_c2VjcmV0" }],
    });
  });

  test("startSettingsFromEnv - names every wrong variable at once", () => {
    expect(() =>
      startSettingsFromEnv({ PORT: "30o0", AUTH_PORT: "70000", WEBHOOK_URL: "http://x" }, "/"),
    ).toThrow(
      [
        'PORT must be a port number (0 to 65535), got "30o0"',
        'AUTH_PORT must be a port number (0 to 65535), got "70000"',
        "WEBHOOK_URL and WEBHOOK_SECRET go together: set both, or neither",
      ].join("\n"),
    );
    expect(() =>
      startSettingsFromEnv({ WEBHOOK_URL: "localhost:4000", WEBHOOK_SECRET: "whsec_eA==" }, "/"),
    ).toThrow('WEBHOOK_URL must be an http:// or https:// URL, got "localhost:4000"');
  });

  test("START_VARIABLES - documents every variable pnpm start reads", () => {
    expect(Object.keys(START_VARIABLES).sort()).toEqual(
      ["AUTH_PORT", "PORT", "RETURNKIT_DATA", "WEBHOOK_SECRET", "WEBHOOK_URL"].sort(),
    );
  });
});

describe("explainStartFailure", () => {
  const settings = startSettingsFromEnv({ PORT: "0", AUTH_PORT: "0" }, "/");

  async function addressInUse(): Promise<{ error: unknown; port: number }> {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as { port: number };
    const error = await new Promise((resolve) => {
      const second = createServer();
      second.once("error", resolve);
      second.listen(port, "127.0.0.1");
    });
    holder.close();
    return { error, port };
  }

  test("explainStartFailure - a port in use names the variable to change, and how to run a second instance", async () => {
    const { error, port } = await addressInUse();
    const message = explainStartFailure(error, { ...settings, port });
    expect(message).toContain(`Port ${port} is in use`);
    expect(message).toContain("Set PORT to a free port");
    expect(message).toContain("PORT=3001 RETURNKIT_DATA=./.returnkit-data-2 pnpm start");
    expect(message).not.toMatch(/\n\s+at /);
  });

  test("explainStartFailure - the authorization server's port in use names AUTH_PORT", async () => {
    const { error, port } = await addressInUse();
    expect(explainStartFailure(error, { ...settings, authPort: port })).toContain(
      "Set AUTH_PORT to a free port",
    );
  });

  test("explainStartFailure - a data directory in use says which process has it, and how to run a second instance", () => {
    const dir = mkdtempSync(join(tmpdir(), "returnkit-settings-"));
    const lock = lockDataDir(dir);
    try {
      let cause: unknown;
      try {
        lockDataDir(dir);
      } catch (error) {
        cause = error;
      }
      expect(cause).toBeInstanceOf(DataDirInUseError);
      const message = explainStartFailure(new Error("wrapped", { cause }), settings);
      expect(message).toContain(`${(cause as Error).message}.`);
      expect(message).toContain("PORT=3001 RETURNKIT_DATA=./.returnkit-data-2 pnpm start");
    } finally {
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
