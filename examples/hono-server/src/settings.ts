/**
 * @module settings — what `pnpm start` reads from its environment, checked before anything
 * starts, and the sentence to print when a start fails for a reason the user can fix.
 */
import { DataDirInUseError } from "@returnkit/store-postgres";
import type { ReturnsServerOptions } from "./server";

/** The environment variables `pnpm start` reads, and what each one does. */
export const START_VARIABLES = {
  PORT: "port of the returns API (default 3000)",
  AUTH_PORT: "port of the development authorization server (default: any free port)",
  RETURNKIT_DATA: "directory of the PGlite data (default ./.returnkit-data)",
  WEBHOOK_URL: "where to send signed webhooks (with WEBHOOK_SECRET)",
  WEBHOOK_SECRET: "the whsec_… secret the receiver verifies them with (with WEBHOOK_URL)",
} as const;

export type StartSettings = Required<Pick<ReturnsServerOptions, "port" | "authPort" | "dataDir">> &
  Pick<ReturnsServerOptions, "webhookEndpoints">;

/** The settings in `env`, or an error naming every variable that is wrong. */
export function startSettingsFromEnv(
  env: Record<string, string | undefined>,
  cwd: string,
): StartSettings {
  const problems: string[] = [];
  const port = portFrom(env, "PORT", 3000, problems);
  const authPort = portFrom(env, "AUTH_PORT", 0, problems);
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = env;
  if (Boolean(url) !== Boolean(secret)) {
    problems.push("WEBHOOK_URL and WEBHOOK_SECRET go together: set both, or neither");
  } else if (url && !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : "")) {
    problems.push(`WEBHOOK_URL must be an http:// or https:// URL, got "${url}"`);
  }
  if (problems.length) throw new Error(problems.join("\n"));
  return {
    port,
    authPort,
    // pnpm runs scripts in the package folder; keep the data where the user typed the command.
    dataDir: env.RETURNKIT_DATA || `${env.INIT_CWD ?? cwd}/.returnkit-data`,
    webhookEndpoints: url && secret ? [{ url, secret }] : [],
  };
}

function portFrom(
  env: Record<string, string | undefined>,
  name: "PORT" | "AUTH_PORT",
  fallback: number,
  problems: string[],
): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    problems.push(`${name} must be a port number (0 to 65535), got "${text}"`);
  }
  return port;
}

/**
 * What to tell the user when the start failed: for a port already taken, which variable to
 * change; for anything else its message (already written to be read: the data directory's
 * lock names the process that holds it). Never a stack.
 */
export function explainStartFailure(error: unknown, settings: StartSettings): string {
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code === "EADDRINUSE") {
    const variable = port === settings.authPort ? "AUTH_PORT" : "PORT";
    return `Port ${port} is in use (another pnpm start?). Set ${variable} to a free port.\n${SECOND_INSTANCE}`;
  }
  if (error instanceof Error && error.cause instanceof DataDirInUseError) {
    return `${error.cause.message}.\n${SECOND_INSTANCE}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const SECOND_INSTANCE = `To run a second instance beside the first, give it a port and a data directory of its own:
  PORT=3001 RETURNKIT_DATA=./.returnkit-data-2 pnpm start`;
