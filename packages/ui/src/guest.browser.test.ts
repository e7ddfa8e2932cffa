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
import { GUEST_ORDER, ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

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

    test("on a shop whose own cookie signs in: a visitor is offered the lookup, a customer is not", async () => {
      const own = await startShop({
        guests: { limits: { perOrderNumber: 2, windowSeconds: 600 } },
      });
      try {
        const visitor = await browser.newContext({ locale: "en-GB" });
        const page = await visitor.newPage();
        await page.goto(`${own.url}/returns`);
        await page.getByRole("heading", { name: "Find your order" }).waitFor();
        // Never signed in: nothing "ended", and no order box that only a session can use.
        await page.getByText("Have an account? Sign in").waitFor();
        expect(await page.getByText("Your session has ended").count()).toBe(0);
        expect(await page.getByLabel("Order number", { exact: true }).count()).toBe(1);
        expect(await page.locator(".rk-returns, .rk-request").count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        // Past the limit for one order number: how long to wait, in words.
        await page.getByLabel("Order number").fill(GUEST_ORDER.number);
        for (const attempt of [1, 2, 3]) {
          await page.getByLabel("Email address or postcode").fill(`nobody${attempt}@example.com`);
          const answered = page.waitForResponse((r) => r.url().endsWith("/guest-sessions"));
          await page.getByRole("button", { name: "Find your order" }).click();
          expect((await answered).status()).toBe(attempt < 3 ? 404 : 429);
        }
        await page.locator("#rk-guest-problem").filter({ hasText: "Too many" }).waitFor();
        expect(await page.locator("#rk-guest-problem").textContent()).toBe(
          "Too many attempts. Please try again in 10 minutes.",
        );
        await visitor.close();

        const customer = await browser.newContext({ locale: "en-GB" });
        await customer.addCookies([
          { name: SESSION_COOKIE, value: "customer:alice", url: own.url },
        ]);
        const signedIn = await customer.newPage();
        await signedIn.goto(`${own.url}/returns?order=${ORDER_ID}`);
        await signedIn.getByLabel("Return TEE-BLK").waitFor();
        expect(await signedIn.getByRole("heading", { name: "Find your order" }).count()).toBe(0);
        await customer.close();
      } finally {
        await own.close();
      }
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
