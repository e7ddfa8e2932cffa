/**
 * Payouts in the back office, in Chromium: once the shop grades a return and records the
 * payout its payment system made, the return shows the payout, its reference and what is
 * refunded so far, and offers no second payout. (What the customer's timeline says of it, in
 * English and German: journey.browser.test.ts.)
 */
import type { Principal } from "@returnkit/core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const SETTLED = { timeout: 30_000 };
const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
/** Noon UTC, so the day is the same in any time zone the browser runs in. */
const ISSUED_AT = "2026-11-28T12:00:00.000Z";

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `refunds on the customer page in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    let returnId: string;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop(), launchChromium()]);
      // Alice sends both T-shirts (€29.00 each) back; one comes back damaged and is refused.
      const { service } = shop;
      const created = await service.createReturn(
        {
          order_id: ORDER_ID,
          line: { sku: "TEE-BLK", size: "M", quantity: 2 },
          reason: "CHANGED_MIND",
          resolution: "REFUND",
        },
        { principal: alice, idempotencyKey: "alice-tees" },
      );
      returnId = created.record.id;
      await service.submit(returnId, {}, { principal: alice, idempotencyKey: "alice-submit" });
      for (const event of ["approve", "ship", "receive"]) {
        await service.advance(returnId, event, {}, { principal: staff, idempotencyKey: event });
      }
      await service.advance(
        returnId,
        "grade",
        { accepted_quantity: 1, condition: "DAMAGED" },
        { principal: staff, idempotencyKey: "grade" },
      );
      // The host's code paid the final refund and records it.
      await service.recordRefund(
        returnId,
        { amount: 2_900, reference: "re_3PaidAlice", issued_at: ISSUED_AT },
        { principal: staff, idempotencyKey: "payout" },
      );
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    async function returnsPage(locale: string, session: string, viewport: { width: number }) {
      const context = await browser.newContext({ viewport: { height: 900, ...viewport }, locale });
      await context.addCookies([{ name: SESSION_COOKIE, value: session, url: shop.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      return { context, page, errors };
    }

    test("the back office's return shows the payout, its reference and what is refunded so far", async () => {
      const { context, page, errors } = await returnsPage("en-GB", "staff:staff-1", {
        width: 1100,
      });
      await page.goto(`${shop.url}/returns/admin?return=${returnId}`);
      const refunded = page.getByTestId("refunded-amount");
      await expect
        .poll(() => refunded.textContent(), SETTLED)
        .toBe("Refunded so far: €29.00 of €29.00");
      const payout = page.locator(".rk-timeline .rk-payout");
      expect(await payout.textContent()).toBe(
        "€29.00 refunded to your card on 28 Nov · re_3PaidAlice",
      );
      // Paid in full: the back office is offered no second payout.
      expect(await page.locator('form[data-action="record_refund"]').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
