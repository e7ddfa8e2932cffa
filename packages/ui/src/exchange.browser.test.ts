/**
 * Exchanges with a price difference in Chromium: the customer picks another colour of a
 * jumper, each offer saying what it costs against the price paid ("+€10.00 to pay", "€5.00
 * back", "same price") with the chosen one's picture; the estimate gives the figure the request
 * carries (the shop's €3.00 exchange bonus taken off); after submitting the customer's return
 * and the back office's return and request say it too. Approved, the customer is told to pay
 * by a date; staff record the payment with the return's form; once the return arrives and the
 * host records its exchange order, the customer's timeline says the payment and the order the
 * new jumper ships with. In English on a desktop, in German on a 360 px phone; axe finds
 * nothing serious on any page.
 */
import type { OrderInput, Principal } from "@returnkit/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { drawn } from "./test-support/picture-server";
import { SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const SETTLED = { timeout: 30_000 };
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const emil: Principal = { kind: "portal", id: "emil", scopes: ["portal:returns.write"] };
const shopStaff: Principal = {
  kind: "merchant",
  id: "warehouse",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
};
const skip = browserSkipReason();

/** Emil's orders: one navy jumper each (€59.00), one per run so each run can return it. */
function emilsOrders(): OrderInput[] {
  return ["ord_1301", "ord_1302"].map((id) => ({
    id,
    number: `#${id.slice(4)}`,
    customer_id: "emil",
    placed_at: new Date(Date.now() - 6 * 86_400_000),
    delivered_at: new Date(Date.now() - 3 * 86_400_000),
    currency: "EUR",
    lines: [
      {
        sku: "JUMPER-NAVY",
        size: "M",
        quantity: 1,
        unit_price: 5900,
        title: "Wool jumper",
        variant_title: "Navy / M",
      },
    ],
  }));
}

const RUNS = [
  {
    name: "in English on a desktop",
    order: "ord_1301",
    locale: "en-GB",
    viewport: DESKTOP,
    words: {
      returnThis: "Return Wool jumper (Navy / M)",
      exchange: "Exchange for another item",
      options: [
        "—",
        "Wool jumper (Red / M) · +€10.00 to pay",
        "Wool jumper (Grey / M) · €5.00 back",
        "Wool jumper (Navy / L) · same price",
      ],
      estimate: "You get Wool jumper (Red / M) instead · €7.00 to pay · incl. €3.00 exchange bonus",
      summary: ["€7.00 to pay", "€0.00"],
      submit: "Submit return",
      staffReturn: "Wool jumper (Red / M) · Customer pays €7.00",
      staffRequest: "Wool jumper (Red / M) instead · Customer pays €7.00",
      awaiting: /^Awaiting the customer's €7\.00 until \d{1,2} [A-Z][a-z]{2}$/,
      paid: /^Paid €7\.00 \(pay_emil_1301\)$/,
      customerAwaiting: /^Pay €7\.00 by \d{1,2} [A-Z][a-z]{2} to get Wool jumper \(Red \/ M\)\.$/,
      timeline: [
        "€7.00 paid for your exchange",
        "Your new Wool jumper (Red / M) ships with order #5201",
      ],
    },
  },
  {
    name: "in German on a 360 px phone",
    order: "ord_1302",
    locale: "de-DE",
    viewport: PHONE,
    words: {
      returnThis: "Wool jumper (Navy / M) zurücksenden",
      exchange: "Umtausch gegen einen anderen Artikel",
      options: [
        "—",
        "Wool jumper (Red / M) · +10,00\u00a0€ zu zahlen",
        "Wool jumper (Grey / M) · 5,00\u00a0€ zurück",
        "Wool jumper (Navy / L) · gleicher Preis",
      ],
      estimate:
        "Sie erhalten stattdessen Wool jumper (Red / M) · 7,00\u00a0€ zu zahlen · inkl. 3,00\u00a0€ Umtauschbonus",
      summary: ["7,00\u00a0€ zu zahlen", "0,00\u00a0€"],
      submit: "Rücksendung absenden",
      staffReturn: "Wool jumper (Red / M) · Kunde zahlt 7,00\u00a0€",
      staffRequest: "Stattdessen Wool jumper (Red / M) · Kunde zahlt 7,00\u00a0€",
      awaiting: /^Wartet bis \d{1,2}\. [A-Z][a-zä]{2,3}\.? auf 7,00\u00a0€ vom Kunden$/,
      paid: /^7,00\u00a0€ bezahlt \(pay_emil_1302\)$/,
      customerAwaiting:
        /^Zahlen Sie 7,00\u00a0€ bis \d{1,2}\. [A-Z][a-zä]{2,3}\.?, um Wool jumper \(Red \/ M\) zu erhalten\.$/,
      timeline: [
        "7,00\u00a0€ für Ihren Umtausch bezahlt",
        "Ihr neuer Artikel Wool jumper (Red / M) kommt mit Bestellung #5201",
      ],
    },
  },
] as const;

describe.skipIf(skip !== null)(
  `exchanges with a price difference in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([
        startShop({
          orders: emilsOrders(),
          refundPolicy: { exchange_bonus: { flat: { EUR: 300 } } },
        }),
        launchChromium(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    /** The customer chooses the red jumper, sees each figure, submits; the request's id. */
    async function exchangeForRed(page: Page, run: (typeof RUNS)[number]): Promise<string> {
      const { words } = run;
      await page.goto(`${shop.url}/returns?order=${run.order}`);
      await page.getByLabel(words.returnThis).check(SETTLED);
      await chooseReason(page, 0, "CHANGED_MIND");
      const line = page.locator(".rk-line").first();
      await line.getByRole("radio", { name: words.exchange }).check();
      const choice = page.locator("#rk-line-0-size");
      expect(await choice.locator("option").allTextContents()).toEqual(words.options);
      await choice.selectOption("JUMPER-RED-M");
      // The chosen offer by picture and name, in the 64 px box of every product picture.
      const picture = line.getByRole("img", { name: "Wool jumper (Red / M)" });
      expect(await drawn(picture)).toBe(true);
      const box = await picture.boundingBox();
      expect([box?.width, box?.height]).toEqual([64, 64]);
      expect(await line.locator(".rk-offer-chosen").textContent()).toBe("Wool jumper (Red / M)");
      // The estimate's figure: the €10.00 more, less the shop's €3.00 exchange bonus.
      await expect
        .poll(() => line.locator(".rk-estimate").textContent(), SETTLED)
        .toBe(words.estimate);
      expect(await page.locator(".rk-summary dd").allTextContents()).toEqual(words.summary);
      // The longer options still fit: a phone never scrolls sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: words.submit }).click();
      const request = page.locator(".rk-request");
      await request.locator(".rk-return").first().waitFor(SETTLED);
      expect(await request.locator(".rk-return .rk-estimate").textContent()).toBe(
        words.estimate.replace(/ · (incl|inkl)\. .*$/, ""),
      );
      expect(await seriousViolations(page)).toEqual([]);
      return (await request.getAttribute("data-request-id")) ?? "";
    }

    for (const run of RUNS) {
      test(`customer and back office - the difference of an exchange for a dearer colour, ${run.name}`, async () => {
        const customer = await openPage(browser, {
          url: shop.url,
          session: { name: SESSION_COOKIE, value: "customer:emil" },
          locale: run.locale,
          viewport: run.viewport,
        });
        const requestId = await exchangeForRed(customer.page, run);
        expect(requestId).toMatch(/^rrq_/);
        // What the page showed is what the request carries.
        const stored = await shop.service.getReturnRequest(requestId, { principal: emil });
        const [record] = stored.returns;
        expect(record?.exchange?.lines.map((item) => item.sku)).toEqual(["JUMPER-RED-M"]);
        expect(record?.exchange?.difference).toEqual({ amount: 700, direction: "customer_pays" });
        expect(record?.exchange?.bonus_credit).toBe(300);
        expect(customer.errors).toEqual([]);

        const staff = await openPage(browser, {
          url: shop.url,
          session: { name: SESSION_COOKIE, value: "staff:warehouse" },
          locale: run.locale,
          viewport: run.viewport,
        });
        const { page } = staff;
        await page.goto(`${shop.url}/returns/admin?return=${record?.id}`);
        const exchange = page.getByTestId("exchange");
        await expect.poll(() => exchange.textContent(), SETTLED).toBe(run.words.staffReturn);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole("link", { name: requestId }).click();
        const row = page.locator(`tr[data-return-id="${record?.id}"] [data-testid="exchange"]`);
        await expect.poll(() => row.textContent(), SETTLED).toBe(run.words.staffRequest);
        expect(await seriousViolations(page)).toEqual([]);

        // Approved, the exchange waits for the customer's €7.00: the customer is told by when.
        const returnId = record?.id ?? "";
        const as = (key: string) => ({
          principal: shopStaff,
          idempotencyKey: `${key}-${returnId}`,
        });
        await shop.service.advance(returnId, "approve", {}, as("approve"));
        await customer.page.goto(`${shop.url}/returns?order=${run.order}`);
        const status = customer.page.locator(
          `li[data-return-id="${returnId}"] .rk-exchange-status`,
        );
        await expect.poll(() => status.textContent(), SETTLED).toMatch(run.words.customerAwaiting);

        // Staff record the payment the shop took, with the form the return offers.
        await page.goto(`${shop.url}/returns/admin?return=${returnId}`);
        const progress = page.getByTestId("exchange-status");
        await expect.poll(() => progress.textContent(), SETTLED).toMatch(run.words.awaiting);
        const form = page.locator('form[data-action="record_exchange_payment"]');
        await form
          .locator("#rk-record_exchange_payment-reference")
          .fill(`pay_emil_${run.order.slice(4)}`);
        await form.getByRole("button").click();
        await expect.poll(() => progress.textContent(), SETTLED).toMatch(run.words.paid);
        expect(await seriousViolations(page)).toEqual([]);
        expect(staff.errors).toEqual([]);
        await staff.context.close();

        // It arrives, the exchange is released, and the host's order for it is recorded.
        for (const event of ["ship", "receive"] as const) {
          await shop.service.advance(returnId, event, {}, as(event));
        }
        await shop.service.recordExchangeOrder(returnId, { order_id: "#5201" }, as("order"));
        await customer.page.reload();
        const moments = customer.page.locator(
          `li[data-return-id="${returnId}"] .rk-moment .rk-timeline-event`,
        );
        await expect.poll(() => moments.allTextContents(), SETTLED).toEqual(run.words.timeline);
        expect(await seriousViolations(customer.page)).toEqual([]);
        expect(customer.errors).toEqual([]);
        await customer.context.close();
      });
    }
  },
);
