/**
 * @module test-support/browser — Debian's Chromium through playwright-core. Without it, a
 * local run skips the browser tests with the reason; CI (CI set) fails instead.
 */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

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

/** A page of its own context, signed in by the shop's session cookie when `session` is given. */
interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors of the page, in order: a case ends expecting none. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: {
    /** The shop's origin, for the cookie. */
    url: string;
    /** The session cookie's value (`customer:alice`), or none for a visitor. */
    session?: { name: string; value: string };
    locale: string;
    viewport?: { width: number; height: number };
  },
): Promise<OpenedPage> {
  const { url, session, locale, viewport } = options;
  const context = await browser.newContext({ locale, ...(viewport ? { viewport } : {}) });
  if (session) await context.addCookies([{ ...session, url }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { context, page, errors };
}
