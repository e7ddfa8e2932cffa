/**
 * Lighthouse on the customer's page, mobile preset, in Debian's Chromium headless, for an
 * order of named products with their pictures: accessibility 100. Its performance score is a figure of the machine as much as of the page
 * (86 on a loaded one, 93 to 100 on a quiet one): `pnpm bench lighthouse` reports it, beside a
 * bare page's on the same machine and the load average.
 */
import type { LaunchedChrome } from "chrome-launcher";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserSkipReason } from "./test-support/browser";
import { launchChromeForLighthouse, lighthouseScores } from "./test-support/lighthouse";
import { PICTURED_ORDER, type Shop, startShop } from "./test-support/shop";

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `Lighthouse on the customer page${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let chrome: LaunchedChrome;

    beforeAll(async () => {
      // Signed in without a cookie: Lighthouse clears the page's cookies.
      [shop, chrome] = await Promise.all([
        startShop({ visitor: PICTURED_ORDER.customer }),
        launchChromeForLighthouse(),
      ]);
    });
    afterAll(async () => {
      chrome?.kill();
      await shop?.close();
    });

    test("Lighthouse - the customer page scores 100 for accessibility on a phone", async () => {
      const page = `${shop.url}/returns?order=${PICTURED_ORDER.id}`;
      const result = await lighthouseScores(chrome, page, ["accessibility"]);
      expect(result.formFactor).toBe("mobile");
      expect(result.scores).toEqual({ accessibility: 100 });
    });
  },
);
