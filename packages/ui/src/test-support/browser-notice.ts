/**
 * @module test-support/browser-notice — the ui project's global setup: when the browser tests
 * will skip, one line before the run says so, why and how to run them, instead of only a
 * `↓ … skipped` per file that a reader has to open to learn why.
 */
import { browserSkipReason } from "./browser";

/** The line to print when the browser tests will skip, else null. */
export function skippedBrowserNotice(
  path?: string,
  env?: Record<string, string | undefined>,
): string | null {
  const reason = browserSkipReason(path, env);
  return reason && `@returnkit/ui: the browser tests (*.browser.test.ts) are skipped: ${reason}.`;
}

export function setup(): void {
  const notice = skippedBrowserNotice();
  if (notice) console.warn(notice);
}
