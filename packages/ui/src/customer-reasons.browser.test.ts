/**
 * The customer's reason in Chromium, in two steps among the reasons the shop allows for the
 * product (`orders.reasons`): what was wrong, then, for fit, which way and where. A T-shirt
 * offers no foot or inseam, shoes only the foot; axe finds nothing serious with the fit
 * questions open; the same in German.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { ORDER_ID, SESSION_COOKIE, SHOE_ORDER_ID, type Shop, startShop } from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled, not at once. */
const SETTLED = { timeout: 30_000 };

const skip = browserSkipReason();

/** The shop's rule: tees fit at the top, shoes at the foot; jeans and dresses take every reason. */
const reasons = {
  forLine: (line: { sku: string }) => {
    if (line.sku.startsWith("TEE-"))
      return ["TOO_SMALL", "TOO_LARGE", "CHEST", "SHOULDERS", "SLEEVES", "LENGTH"];
    if (line.sku.startsWith("SHOE-")) return ["FOOT", "TOE", "WIDTH"];
    return null;
  },
};

describe.skipIf(skip !== null)(
  `customer reasons in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop({ reasons }), launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    async function customerPage(customer: string, locale = "en-GB") {
      const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale });
      await context.addCookies([
        { name: SESSION_COOKIE, value: `customer:${customer}`, url: shop.url },
      ]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      return { context, page, errors };
    }

    const optionTexts = (select: import("playwright-core").Locator) =>
      select.locator("option").allTextContents();

    test("what was wrong, then which way and where among the product's own: a T-shirt has no foot", async () => {
      const { context, page, errors } = await customerPage("alice");
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("Return TEE-BLK").check();
      const what = page.getByLabel("Why are you returning it?");
      expect(await optionTexts(what)).toEqual([
        "Choose a reason",
        "It doesn't fit",
        "Arrived damaged",
        "Defective",
        "Wrong item sent",
        "Not as described",
        "Changed my mind",
        "Arrived too late",
        "Something else",
      ]);
      // Nothing about fit is asked until fit is the answer.
      expect(await page.getByRole("group", { name: "How doesn't it fit?" }).count()).toBe(0);
      await what.selectOption({ label: "It doesn't fit" });
      const fit = page.getByRole("group", { name: "How doesn't it fit?" });
      const way = fit.getByLabel("Which way");
      const where = fit.getByLabel("Where");
      expect(await optionTexts(way)).toEqual([
        "Choose",
        "Too small",
        "Too large",
        "Too tight",
        "Too loose",
        "Too short",
        "Too long",
      ]);
      expect(await where.isDisabled()).toBe(true);
      await way.selectOption({ label: "Too long" });
      expect(await optionTexts(where)).toEqual([
        "Choose",
        "Chest",
        "Shoulders",
        "Sleeves",
        "Length",
      ]);
      // Too small may also be overall, the bare reason the shop allows.
      await way.selectOption({ label: "Too small" });
      expect(await optionTexts(where)).toEqual([
        "Choose",
        "Overall",
        "Chest",
        "Shoulders",
        "Sleeves",
        "Length",
      ]);
      await way.selectOption({ label: "Too long" });
      await where.selectOption({ label: "Sleeves" });
      await expect
        .poll(() => page.getByTestId("refund-total").textContent(), SETTLED)
        .toBe("€29.00");
      expect(await seriousViolations(page)).toEqual([]);

      // Another line keeps every reason; a reason that is not fit asks nothing more.
      await page.getByLabel("Return DRESS-RED").check();
      await page.locator("#rk-line-2-reason").selectOption({ label: "Arrived damaged" });
      expect(await page.locator("#rk-line-2-direction").count()).toBe(0);

      await page.getByRole("button", { name: "Submit return" }).click();
      await page.getByRole("status").filter({ hasText: "submitted" }).waitFor();
      const request = page.locator(".rk-request");
      await expect
        .poll(() => request.textContent(), SETTLED)
        .toContain("Reason: Too long in the sleeves");
      const stored = await shop.service.list(
        { order_id: ORDER_ID },
        { principal: { kind: "portal", id: "alice", scopes: ["portal:returns.read"] } },
      );
      expect(stored.data.map((r) => r.reason).sort()).toEqual(["DAMAGED", "TOO_LONG_AT_SLEEVES"]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("shoes: fit at the foot, toes or width only, in German", async () => {
      const { context, page, errors } = await customerPage("bob", "de-DE");
      await page.goto(`${shop.url}/returns?order=${SHOE_ORDER_ID}`);
      await page.getByLabel("SHOE-00 zurücksenden").check();
      await page.getByLabel("Warum senden Sie es zurück?").selectOption({ label: "Passt nicht" });
      const fit = page.getByRole("group", { name: "Wie passt es nicht?" });
      await fit.getByLabel("Wie", { exact: true }).selectOption({ label: "Zu eng" });
      expect(await optionTexts(fit.getByLabel("Wo", { exact: true }))).toEqual([
        "Bitte wählen",
        "Fuß",
        "Zehen",
        "Weite",
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
