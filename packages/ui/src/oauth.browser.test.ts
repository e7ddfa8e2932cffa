/**
 * The customer's page signing in with OAuth 2.1 + PKCE against the development authorization
 * server: the login form there, the code back, the token in memory only (never in
 * localStorage), and the API answering with it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { ORDER_ID, type Shop, startShop } from "./test-support/shop";

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `OAuth sign-in in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop({ signIn: "oauth" }), launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    test("signs in with authorization code + PKCE and calls the API with the token", async () => {
      const context = await browser.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Sign in" }).click();
      // oidc-provider's development login and consent forms.
      await page.locator('input[name="login"]').fill("alice");
      await page.locator('input[name="password"]').fill("dev");
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await page.getByLabel("Return TEE-BLK").waitFor();
      expect(new URL(page.url()).search).toBe(`?order=${ORDER_ID}`);
      const stored = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      );
      expect(stored).not.toMatch(/ey[\w-]+\.ey/);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("staff sign in to the back office with the back-office client and see the queue", async () => {
      const context = await browser.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      await page.goto(`${shop.url}/returns/admin`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator('input[name="login"]').fill("warehouse");
      await page.locator('input[name="password"]').fill("dev");
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      await page.locator('[data-count="submitted"]').filter({ hasText: "(0)" }).waitFor();
      await context.close();
    });
  },
);
