/**
 * Lighthouse 12.2.3 (pinned) on the customer's page, mobile preset (its default), in Debian's
 * Chromium headless: accessibility 100 and performance at least 90. The scores are written to
 * docs/lighthouse.json for the README.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserSkipReason, CHROMIUM } from "./test-support/browser";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `Lighthouse on the customer page${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let chrome: chromeLauncher.LaunchedChrome;

    beforeAll(async () => {
      [shop, chrome] = await Promise.all([
        startShop(),
        chromeLauncher.launch({
          chromePath: CHROMIUM,
          chromeFlags: ["--headless=new", "--no-sandbox"],
        }),
      ]);
    });
    afterAll(async () => {
      chrome?.kill();
      await shop?.close();
    });

    test("accessibility 100, performance at least 90", { timeout: 120_000 }, async () => {
      const result = await lighthouse(`${shop.url}/returns?order=${ORDER_ID}`, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance", "accessibility"],
        // The shop's session, as the host's sign-in would have set it.
        extraHeaders: { cookie: `${SESSION_COOKIE}=customer:alice` },
      });
      const categories = result?.lhr.categories ?? {};
      const scores = {
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        lighthouse: result?.lhr.lighthouseVersion,
        formFactor: result?.lhr.configSettings.formFactor,
      };
      writeFileSync(
        fileURLToPath(new URL("../docs/lighthouse.json", import.meta.url)),
        `${JSON.stringify(scores, null, 2)}\n`,
      );
      expect(scores.formFactor).toBe("mobile");
      expect(scores.accessibility).toBe(100);
      expect(scores.performance).toBeGreaterThanOrEqual(90);
    });
  },
);
