/**
 * A customer's data rights in the back office, in Chromium: from a return to its customer,
 * the customer's returns, their export downloaded as one file, and their erasure (a reason, a
 * confirm step, pending until the service's scheduler has run the job, then done); the
 * return's history names the erasure and who asked for it, in English and German; axe finds
 * nothing serious on the view.
 */
import { readFile } from "node:fs/promises";
import type { Principal } from "@returnkit/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled, not at once. */
const SETTLED = { timeout: 30_000 };
/** The erasure job waits for the scheduler's next look (its poll interval) before it runs. */
const ERASED = { timeout: 60_000 };

const skip = browserSkipReason();
const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };

describe.skipIf(skip !== null)(
  `a customer's data in the back office, in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    let returnIds: string[] = [];

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop({ scheduler: true }), launchChromium()]);
      const { request } = await shop.service.createReturnRequest(
        {
          order_id: ORDER_ID,
          lines: [
            { sku: "TEE-BLK", size: "M", quantity: 1, reason: "TOO_SMALL_AT_CHEST" },
            { sku: "JEANS-SLIM", size: "32", quantity: 1, reason: "CHANGED_MIND" },
          ].map(({ sku, size, quantity, reason }) => ({
            line: { sku, size },
            quantity,
            reason,
            resolution: "REFUND" as const,
          })),
        },
        { principal: alice, idempotencyKey: "create-request" },
      );
      returnIds = request.returns.map((record) => record.id);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    const staffPage = (path: string, locale = "en-GB") =>
      openPage(browser, {
        url: shop.url,
        session: { name: SESSION_COOKIE, value: "staff:warehouse" },
        locale,
        viewport: { width: 1280, height: 900 },
      }).then(async (opened) => {
        await opened.page.goto(`${shop.url}${path}`);
        return opened;
      });

    const focusedId = (page: Page) =>
      page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

    test("customer view - from a return to its customer: the returns, the export as a file, the erasure with its history", async () => {
      const { context, page, errors } = await staffPage(`/returns/admin?return=${returnIds[0]}`);
      await page.getByRole("link", { name: "Open customer alice" }).click();
      await page.getByRole("heading", { name: "Customer alice" }).waitFor(SETTLED);
      expect(new URL(page.url()).searchParams.get("customer")).toBe("alice");
      const list = page.getByTestId("customer-returns");
      for (const id of returnIds) await list.getByRole("link", { name: id }).waitFor(SETTLED);
      expect(await seriousViolations(page)).toEqual([]);

      // The export: every page read, joined into one file of the customer's returns.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download data (JSON)" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("customer-alice-export.json");
      const exported = JSON.parse(await readFile(await download.path(), "utf8"));
      expect(exported.schema).toBe("returnkit.customer-export/1");
      expect(exported.customer_id).toBe("alice");
      expect(exported.returns.map((record: { id: string }) => record.id).sort()).toEqual(
        [...returnIds].sort(),
      );
      expect(exported.return_requests).toHaveLength(1);
      expect(exported).not.toHaveProperty("next_cursor");
      await page
        .getByRole("status")
        .filter({ hasText: "Saved customer-alice-export.json: 2 returns." })
        .waitFor();

      // No erasure without a reason, and none without the confirm step.
      const erase = page.getByRole("button", { name: "Erase personal data" });
      const consequence = page.getByText("It cannot be undone.");
      await erase.click();
      expect(await consequence.count()).toBe(0);
      await page.getByLabel("Reason (no personal data").fill("customers/redact 4711");
      await erase.click();
      await consequence.waitFor();
      await expect.poll(() => focusedId(page)).toBe("rk-erase-consequence");
      await page.getByRole("button", { name: "Keep the data" }).click();
      expect(await consequence.count()).toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Erase personal data");
      await erase.click();
      await page.getByRole("button", { name: "Yes, erase for good" }).click();
      await page.locator('[data-erasure="pending"]').waitFor(SETTLED);
      expect(await page.getByRole("status").filter({ hasText: "Erasure pending" }).count()).toBe(1);

      // The scheduler runs the job; the view asks until the API says it is done.
      await page.locator('[data-erasure="completed"]').waitFor(ERASED);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-erasure")))
        .toBe("completed");
      await page.getByText("No returns are held for this customer.").waitFor(SETTLED);
      expect(await list.getByRole("link").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // Each return's history says the erasure was done, and on whose request.
      await page.goto(`${shop.url}/returns/admin?return=${returnIds[0]}`);
      const erased = page.locator(".rk-timeline li").filter({ hasText: "Personal data erased" });
      await erased.waitFor(SETTLED);
      expect(await erased.textContent()).toContain("Privacy erasure, requested by Staff warehouse");
      // Its customer is the pseudonym now: nothing leads back to alice.
      expect(await page.getByRole("link", { name: "Open customer alice" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("customer view - the erasure in the history and the view in German", async () => {
      const { context, page, errors } = await staffPage(
        `/returns/admin?return=${returnIds[1]}`,
        "de-DE",
      );
      const erased = page
        .locator(".rk-timeline li")
        .filter({ hasText: "Personenbezogene Daten gelöscht" });
      await erased.waitFor(ERASED);
      expect(await erased.textContent()).toContain(
        "Datenschutz-Löschung, beantragt von Team warehouse",
      );
      await page.goto(`${shop.url}/returns/admin?customer=alice`);
      await page.getByRole("heading", { name: "Kunde alice" }).waitFor(SETTLED);
      await page
        .getByText("Für diesen Kunden sind keine Rücksendungen gespeichert.")
        .waitFor(SETTLED);
      await page.getByRole("button", { name: "Daten herunterladen (JSON)" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
