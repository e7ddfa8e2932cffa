/**
 * @module test-support/browser — Debian's Chromium through playwright-core. Without it, a
 * local run skips the browser tests with the reason; CI (CI set) fails instead.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The reason to skip, or null when the browser is there (or CI must fail without it).
 * `path` and `env` are this process's unless a test says otherwise.
 */
export function browserSkipReason(
  path: string = CHROMIUM,
  env: Record<string, string | undefined> = process.env,
): string | null {
  if (existsSync(path) || env.CI) return null;
  return `no Chromium at ${path}: apt-get install -y chromium, or set CHROME_PATH to one (CI installs it)`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
}
