/**
 * The back office in Chromium: staff work the queue (approve one return, reject one, ship,
 * receive, grade, close) and see each webhook delivery, by mouse and by keyboard alone; the
 * webhook endpoints and fit insights pages; axe finds nothing serious on any of them.
 */
import { fileURLToPath } from "node:url";
import type { Principal } from "@returnkit/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { tabTo, typeToSelect } from "./test-support/keyboard";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const skip = browserSkipReason();
const docs = (name: string) => fileURLToPath(new URL(`../docs/${name}`, import.meta.url));
const CUSTOMER_NOTE = 'Please <b>hurry</b><img src=x onerror="window.injected=1">';
const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };

describe.skipIf(skip !== null)(
  `back office in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop(), launchChromium()]);
      // The customer's side is the other file's; here alice's returns are made in-process.
      const lines = [
        { sku: "TEE-BLK", size: "M", quantity: 2, reason: "TOO_SMALL_AT_CHEST" },
        { sku: "JEANS-SLIM", size: "32", quantity: 1, reason: "CHANGED_MIND" },
        { sku: "DRESS-RED", size: "S", quantity: 1, reason: "TOO_LARGE_AT_HIPS" },
      ];
      for (const { reason, ...line } of lines) {
        const { record } = await shop.service.createReturn(
          { order_id: ORDER_ID, line, reason, resolution: "REFUND" },
          { principal: alice, idempotencyKey: `create-${line.sku}` },
        );
        // The customer's own words, which the back office must show as text, never as markup.
        await shop.service.submit(
          record.id,
          { note: CUSTOMER_NOTE },
          { principal: alice, idempotencyKey: `submit-${line.sku}` },
        );
        ids[line.sku] = record.id;
      }
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    async function staffPage(path = "/returns/admin") {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        locale: "en-GB",
      });
      await context.addCookies([{ name: SESSION_COOKIE, value: "staff:warehouse", url: shop.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${shop.url}${path}`);
      return { context, page, errors };
    }

    const doneWith = (page: Page, action: string) =>
      page
        .getByRole("status")
        .filter({ hasText: `Done: ${action}` })
        .waitFor();

    async function act(
      page: Page,
      action: string,
      fill?: (form: ReturnType<Page["locator"]>) => Promise<void>,
    ) {
      const button = page.getByRole("button", { name: action, exact: true });
      if (fill) await fill(page.locator("form.rk-action-form").filter({ has: button }));
      await button.click();
      await doneWith(page, action);
    }

    test("approve one, reject one; ship, receive, grade with one unit refused, close; see the deliveries", async () => {
      const { context, page, errors } = await staffPage();
      await page.locator('[data-count="submitted"]').filter({ hasText: "(3)" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: docs("back-office-queue.png"), fullPage: true });

      await page.getByRole("link", { name: ids["JEANS-SLIM"] }).click();
      await page.getByText(CUSTOMER_NOTE).waitFor();
      expect(await page.locator(".rk-timeline b, .rk-timeline img").count()).toBe(0);
      expect(await page.evaluate(() => "injected" in window)).toBe(false);
      await act(page, "Reject the return", async (form) => {
        await form.getByLabel("Reason code").selectOption("NOT_ELIGIBLE");
      });
      expect(await page.locator("#rk-return-heading .rk-badge").textContent()).toBe("Declined");
      await page.getByRole("button", { name: /Back to the queue/ }).click();

      await page.getByRole("link", { name: ids["TEE-BLK"] }).click();
      await act(page, "Approve the return");
      await act(page, await titleOf(page, "ship"), (form) =>
        form.getByLabel("Carrier").fill("DHL"),
      );
      await act(page, await titleOf(page, "receive"));
      await act(page, await titleOf(page, "grade"), async (form) => {
        await form.getByLabel("Condition").selectOption("DAMAGED");
        await form.getByLabel("Disposition").selectOption("REFURBISH");
        // One of the two units refused, where the API takes an accepted quantity.
        const accepted = form.getByLabel("Accepted quantity");
        if (await accepted.count()) await accepted.fill("1");
      });
      await act(page, await titleOf(page, "close"));
      expect(await page.locator("#rk-return-heading .rk-badge").textContent()).toBe("Completed");
      const history = await page.locator(".rk-timeline li .rk-timeline-event").allTextContents();
      expect(history).toEqual([
        "Started",
        "Submitted",
        "Approved",
        "Shipped",
        "Received",
        "Checked",
        "Completed",
      ]);

      // Every event reached the shop's receiver: the deliveries list says so, attempt by attempt.
      await shop.service.dispatcher.drain();
      await page.reload();
      const events = await shop.service.store.listEvents(ids["TEE-BLK"] as string);
      expect(events.length).toBeGreaterThanOrEqual(7);
      const delivered = page.locator('[data-delivery-status="delivered"]');
      await delivered.nth(events.length - 1).waitFor();
      const toErp = page.locator("[data-delivery-status]").filter({ hasText: "ep_erp" });
      expect(await toErp.count()).toBe(events.length);
      expect(await delivered.count()).toBe(events.length);
      expect(await toErp.first().textContent()).toContain("return.created");
      // The endpoint nobody answers: every delivery dead after its attempt, and revivable.
      const dead = page.locator('[data-delivery-status="dead"]');
      expect(await dead.count()).toBe(events.length);
      expect(await dead.first().textContent()).toContain("ECONNREFUSED");
      await dead.first().getByRole("button", { name: "Redeliver" }).click();
      await page.getByRole("status").filter({ hasText: "Sent again: 1" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: docs("back-office-return.png"), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the same work by keyboard alone, on a 360 px phone: search, open, approve, ship, receive, grade, close", async () => {
      const { context, page, errors } = await staffPage();
      await page.setViewportSize({ width: 360, height: 780 });
      await page.locator('[data-count="submitted"]').waitFor();
      await tabTo(page, "Search by order or customer");
      await page.keyboard.type(ORDER_ID);
      await page.keyboard.press("Enter");
      await page.getByRole("link", { name: ids["DRESS-RED"] }).waitFor();
      await tabTo(page, ids["DRESS-RED"] as string);
      await page.keyboard.press("Enter");
      for (const event of ["approve", "ship", "receive", "grade", "close"]) {
        const title = await titleOf(page, event);
        if (event === "grade") {
          await tabTo(page, "Condition");
          await typeToSelect(page, "New");
        }
        await tabTo(page, title);
        await page.keyboard.press("Enter");
        await doneWith(page, title);
      }
      expect(await page.locator("#rk-return-heading .rk-badge").textContent()).toBe("Completed");
      const grade = await shop.service.get(ids["DRESS-RED"] as string, {
        principal: { kind: "merchant", id: "t", scopes: ["merchant:returns.read"] },
      });
      expect(grade.grade?.condition).toBe("NEW");
      // Wide tables scroll inside their card; the page itself never does sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(errors).toEqual([]);
      await context.close();
    });

    test("webhook endpoints: add one (secret shown once), send a test, disable it", async () => {
      const { context, page, errors } = await staffPage("/returns/admin?view=webhooks");
      await page.locator('[data-endpoint="ep_erp"]').waitFor();
      const url = `${shop.url}/hooks-elsewhere`;
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const secretShown = page.getByRole("status").filter({ hasText: "whsec_" });
      await secretShown.waitFor();
      const firstSecret = await secretShown.textContent();
      const added = page.locator("[data-endpoint]").filter({ hasText: url });
      await added.getByRole("button", { name: "Rotate secret" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: "whsec_" })
        .filter({ hasNotText: firstSecret ?? "" })
        .waitFor();
      await added.getByRole("button", { name: "Disable" }).click();
      await added.getByText("disabled").waitFor();
      await page
        .locator('[data-endpoint="ep_erp"]')
        .getByRole("button", { name: "Send test" })
        .click();
      await page.getByRole("status").filter({ hasText: "Test event: 204" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Fit insights" }).click();
      await page.getByRole("heading", { name: "Fit insights" }).waitFor();
      await page
        .getByText(/No fit insights yet|SKU/)
        .first()
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

/** The title the API gives an event's template, read from the return the page shows. */
async function titleOf(page: Page, event: string): Promise<string> {
  const form = page.locator(`form[data-action="${event}"] button[type=submit]`);
  await form.waitFor();
  return ((await form.textContent()) ?? "").trim();
}
