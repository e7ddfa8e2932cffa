/**
 * The customer's page signing in with OAuth 2.1 + PKCE against the development authorization
 * server: the login form there, the code back, the token in memory only (never in
 * localStorage), and the API answering with it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allViolations, seriousViolations } from "./test-support/axe";
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
      // Nothing the sign-in loads comes from anywhere but this machine (it works offline).
      const elsewhere: string[] = [];
      page.on("request", (sent) => {
        if (new URL(sent.url()).hostname !== "127.0.0.1") elsewhere.push(sent.url());
      });
      await page.getByRole("button", { name: "Sign in" }).click();
      // oidc-provider's development login and consent forms: in English, readable, whole.
      await page.locator('input[name="login"]').waitFor();
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(await allViolations(page)).toEqual([]);
      await page.locator('input[name="login"]').fill("alice");
      await page.locator('input[name="password"]').fill("dev");
      await page.locator('button[type="submit"]').click();
      await page.getByRole("button", { name: /continue/i }).waitFor();
      expect(await allViolations(page)).toEqual([]);
      await page.locator('button[type="submit"]').click();
      await page.getByLabel("Return TEE-BLK").waitFor();
      expect(elsewhere).toEqual([]);
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

    test("back office: a reload and a deep link sign in silently while the server's session lasts; then the button", async () => {
      const { request } = await shop.service.createReturnRequest(
        {
          order_id: ORDER_ID,
          lines: [
            {
              line: { sku: "TEE-BLK", size: "M" },
              quantity: 1,
              reason: "DAMAGED",
              resolution: "REFUND",
            },
          ],
        },
        {
          principal: { kind: "portal", id: "alice", scopes: ["portal:returns.write"] },
          idempotencyKey: "silent-sign-in",
        },
      );
      const returnId = request.returns[0]!.id;
      const context = await browser.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const authorizations: string[] = [];
      page.on("request", (sent) => {
        if (sent.isNavigationRequest() && new URL(sent.url()).pathname === "/auth")
          authorizations.push(new URL(sent.url()).searchParams.get("prompt") ?? "");
      });
      await page.goto(`${shop.url}/returns/admin`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.locator('input[name="login"]').fill("warehouse");
      await page.locator('input[name="password"]').fill("dev");
      await page.locator('button[type="submit"]').click();
      await page.locator('button[type="submit"]').click();
      const queue = page.locator('[data-count="submitted"]');
      await queue.waitFor();

      // A reload: no token in memory, but the server's session: back in without a click.
      await page.reload();
      await queue.waitFor();
      expect(authorizations).toEqual(["", "none"]);
      // A deep link to a return: that return, its link kept across the redirect.
      await page.goto(`${shop.url}/returns/admin?return=${returnId}`);
      await page.getByRole("heading", { name: `Return ${returnId}` }).waitFor();
      expect(new URL(page.url()).search).toBe(`?return=${returnId}`);
      expect(authorizations).toEqual(["", "none", "none"]);

      // The server's session gone: login_required brings the button, on the same deep link.
      await context.clearCookies();
      await page.reload();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(new URL(page.url()).search).toBe(`?return=${returnId}`);
      expect(authorizations).toEqual(["", "none", "none", "none"]);
      // Forgotten: the next reload shows the button without asking the server again.
      await page.reload();
      await page.getByRole("button", { name: "Sign in" }).waitFor();
      expect(authorizations).toHaveLength(4);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
