/**
 * @module test-support/lighthouse — Lighthouse 12.2.3 (pinned), mobile preset (its default),
 * in Debian's Chromium headless, on one URL: the scores of the categories asked for. The
 * browser tests ask for accessibility; `pnpm bench lighthouse` for performance too, since a
 * performance score is a figure of the machine as much as of the page.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM } from "./browser";

export type LighthouseCategory = "performance" | "accessibility";

export interface LighthouseScores {
  /** Each category asked for, 0 to 100. */
  scores: Partial<Record<LighthouseCategory, number>>;
  lighthouse: string;
  formFactor: string;
}

/** A Chromium for Lighthouse to drive; `kill()` it when done. */
export function launchChromeForLighthouse(): Promise<chromeLauncher.LaunchedChrome> {
  return chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
}

/**
 * Runs Lighthouse on `url` in `chrome`. It clears the origin's cookies first, so a page that
 * needs a session must be served signed in (the test shop's `visitor`).
 */
export async function lighthouseScores(
  chrome: chromeLauncher.LaunchedChrome,
  url: string,
  categories: LighthouseCategory[],
): Promise<LighthouseScores> {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: "error",
    output: "json",
    onlyCategories: categories,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories: scored, lighthouseVersion, configSettings } = result.lhr;
  const scores: LighthouseScores["scores"] = {};
  for (const category of categories) {
    scores[category] = Math.round((scored[category]?.score ?? 0) * 100);
  }
  return { scores, lighthouse: lighthouseVersion, formFactor: configSettings.formFactor };
}
