/**
 * A guest without an account in Chromium: finds the order by its number and email (after a
 * wrong try, said in words), returns a line from it, and sees the return submitted; the
 * lookup is axe-clean, in English and German.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { GUEST_ORDER, type Shop, startShop } from "./test-support/shop";

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `a guest on the customer page in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([
        startShop({ signIn: "oauth", guests: true }),
        launchChromium(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    test("finds the order by number and email, and starts a return from it", async () => {
      const context = await browser.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on("pageerror", (error) => pageErrors.push(error.message));
      await page.goto(`${shop.url}/returns`);
      await page.getByRole("heading", { name: "Find your order" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel("Order number").fill(GUEST_ORDER.number);
      await page.getByLabel("Email address or postcode").fill("someone@example.com");
      await page.getByRole("button", { name: "Find your order" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "We could not find an order with that number" })
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByLabel("Email address or postcode")
        .fill(` ${GUEST_ORDER.email.toUpperCase()}`);
      await page.getByRole("button", { name: "Find your order" }).click();
      await page.getByLabel("Return TEE-BLK").check();
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await page.getByRole("button", { name: "Submit return" }).click();
      await page.getByRole("status").filter({ hasText: "submitted" }).waitFor();
      await page.locator(".rk-return .rk-badge").filter({ hasText: "Submitted" }).first().waitFor();

      const [stored] = (await shop.service.list({}, { principal: GUEST_PRINCIPAL })).data;
      expect(stored).toMatchObject({ order_id: GUEST_ORDER.id, state: "submitted" });
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    test("offers the lookup in German, axe-clean", async () => {
      const context = await browser.newContext({ locale: "de-DE" });
      const page = await context.newPage();
      await page.goto(`${shop.url}/returns`);
      await page.getByRole("heading", { name: "Bestellung finden" }).waitFor();
      expect(await page.getByLabel("E-Mail-Adresse oder Postleitzahl").count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  },
);

const GUEST_PRINCIPAL = {
  kind: "portal" as const,
  id: "guest-dana",
  scopes: ["portal:returns.read"],
};
