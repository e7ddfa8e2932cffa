/**
 * Money in Chromium, in a currency whose digits Intl and ISO 4217 disagree on: forints count
 * 2 minor-unit digits in the API (ISO 4217) and 0 in Intl. The page renders the API's amounts
 * in their own magnitude, in the locale's usual digits when the amount fits them.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { HUF_ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled. */
const SETTLED = { timeout: 30_000 };
const skip = browserSkipReason();

/** What Chromium's own Intl makes of `value` forints, with `digits` decimals (its own when absent). */
function forints(page: Page, value: string, digits?: number): Promise<string> {
  return page.evaluate(
    ([amount, decimals]) =>
      new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency: "HUF",
        ...(decimals === undefined
          ? {}
          : { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
      }).format(amount as `${number}`),
    [value, digits] as const,
  );
}

describe.skipIf(skip !== null)(`money in Chromium${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let shop: Shop;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });

  test("customer page - forints in their own magnitude: 1,234,500 minor units is HUF 12,345", async () => {
    const context = await browser.newContext({ locale: "en-GB" });
    await context.addCookies([{ name: SESSION_COOKIE, value: "customer:bence", url: shop.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${shop.url}/returns?order=${HUF_ORDER_ID}`);
    await page.getByLabel("Return TEE-PAPRIKA").waitFor();

    const whole = await forints(page, "12345");
    // 199,050 minor units is 1,990.50 forints: every digit shown, never rounded to 1,991.
    const withFillér = await forints(page, "1990.50", 2);
    expect(whole).toMatch(/12,345(?!\.)/);
    const prices = await page.locator(".rk-line-head .rk-muted").allTextContents();
    expect(prices).toEqual([`Size M · ${whole} each`, `${withFillér} each`]);

    await page.getByLabel("Return TEE-PAPRIKA").check();
    await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
    await page.getByLabel("Refund to my payment method").check();
    await expect.poll(() => page.getByTestId("refund-total").textContent(), SETTLED).toBe(whole);
    expect(await page.getByText(`Estimated refund: ${whole}`).count()).toBe(1);

    await page.getByRole("button", { name: "Submit return" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "submitted" })
      .filter({ hasText: whole })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("back office - a return's price and refund in forints and fillér, every digit shown", async () => {
    const { record } = await shop.service.createReturn(
      {
        order_id: HUF_ORDER_ID,
        line: { sku: "SCARF-TOKAJ" },
        reason: "CHANGED_MIND",
        resolution: "REFUND",
      },
      {
        principal: { kind: "portal", id: "bence", scopes: ["portal:returns.write"] },
        idempotencyKey: "scarf-in-forints",
      },
    );
    const context = await browser.newContext({ locale: "en-GB" });
    await context.addCookies([{ name: SESSION_COOKIE, value: "staff:warehouse", url: shop.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${shop.url}/returns/admin?return=${record.id}`);
    const refund = page.getByTestId("refund-amount");
    await refund.waitFor();

    // 199,050 minor units: 1,990.50 forints, where Intl alone would show HUF 1,991.
    const price = await forints(page, "1990.50", 2);
    expect(await refund.textContent()).toBe(`Total: ${price} (estimate)`);
    expect(await page.getByText(`${price} each`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
