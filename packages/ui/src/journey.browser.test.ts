/**
 * One return from start to end in Chromium, as a shop's customer and its staff live it: the
 * customer sends back three named, pictured products in one request (a refund of two units,
 * store credit, an exchange), sees what comes back before submitting, waits for the shop's
 * approval, prints the packing slip (its QR code read back as the RMA number); staff approve,
 * ship, receive and grade in the back office, refusing one unit; the host's own code records
 * the payouts; the customer's page then says what was paid back, how, when, and why one unit
 * was not. Once on a desktop in English, once on a phone in German; axe on every page. The
 * German run is the customer's: its back office part goes through the service (the back office
 * in German is staff.browser.test.ts's), and its slip is packing-slip.browser.test.ts's.
 */
import type { OrderInput, Principal } from "@returnkit/core";
import jsQR from "jsqr";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { rasterisePdf } from "./test-support/pdf";
import { drawn, type PictureServer, startPictureServer } from "./test-support/picture-server";
import { screenshot } from "./test-support/screenshots";
import { SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const SETTLED = { timeout: 30_000 };
const RMA = /^RMA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** Noon UTC, so the day is the same in any time zone the browser runs in. */
const PAID_AT = "2026-11-28T12:00:00.000Z";
const host: Principal = {
  kind: "merchant",
  id: "payments",
  scopes: ["merchant:returns.read", "merchant:returns.write"],
};

const RETURN_METHODS = {
  by_mail: {
    address: {
      name: "Acme Outfitters Returns",
      lines: ["Lagerstraße 5"],
      postcode: "10115",
      city: "Berlin",
      country: "DE",
    },
  },
  drop_off: { instructions: "Any DHL parcel shop takes it.", carrier: "DHL" },
};

/** What each run reads and clicks, in its language. */
const RUNS = [
  {
    name: "on a desktop, in English",
    locale: "en-GB",
    staffInBrowser: true,
    viewport: { width: 1280, height: 900 },
    order: "ord_5101",
    words: {
      returnThis: (item: string) => `Return ${item}`,
      order: (number: string) => `Order ${number}`,
      returnsFor: (number: string) => `Returns for order ${number}`,
      storeCredit: "Store credit",
      staffAsked: ["Refund", "Store credit", "Exchange"],
      creditTotal: (amount: string) => `${amount} as store credit`,
      noCharge: "no charge",
      exchange: "Exchange for another item",
      byPost: "By post",
      submit: "Submit return",
      printSlip: "Print packing slip",
      slipTitle: "Packing slip · Acme Outfitters",
      card: (amount: string, day: string) => `${amount} refunded to your card on ${day}`,
      credit: (amount: string, day: string) => `${amount} issued as store credit on ${day}`,
      newSize: "You get Wool jumper (Oat / L) instead.",
      address: ["Acme Outfitters Returns", "Lagerstraße 5", "10115 Berlin", "Germany"],
      timeline: ["Started", "Submitted", "Approved", "Shipped", "Received", "Checked"],
      gradeNote:
        "We accepted 1 of the 2 items you sent: the other was not in a condition we can take back.",
    },
  },
  {
    name: "on a phone, in German",
    locale: "de-DE",
    staffInBrowser: false,
    viewport: { width: 360, height: 780 },
    order: "ord_5102",
    words: {
      returnThis: (item: string) => `${item} zurücksenden`,
      order: (number: string) => `Bestellung ${number}`,
      returnsFor: (number: string) => `Rücksendungen zu Bestellung ${number}`,
      storeCredit: "Gutschrift",
      staffAsked: ["Erstattung", "Guthaben", "Umtausch"],
      creditTotal: (amount: string) => `${amount} als Gutschrift`,
      noCharge: "kostenlos",
      exchange: "Umtausch gegen einen anderen Artikel",
      byPost: "Per Post",
      submit: "Rücksendung absenden",
      printSlip: "Packzettel drucken",
      slipTitle: "Packzettel · Acme Outfitters",
      card: (amount: string, day: string) => `${amount} am ${day} auf Ihre Karte erstattet`,
      credit: (amount: string, day: string) => `${amount} am ${day} als Guthaben gutgeschrieben`,
      newSize: "Sie erhalten stattdessen Wool jumper (Oat / L).",
      address: ["Acme Outfitters Returns", "Lagerstraße 5", "10115 Berlin", "Deutschland"],
      timeline: ["Begonnen", "Eingereicht", "Genehmigt", "Versendet", "Eingegangen", "Geprüft"],
      gradeNote:
        "Wir haben 1 der 2 zurückgesendeten Artikel angenommen: Der andere war nicht in einem Zustand, in dem wir ihn zurücknehmen können.",
    },
  },
] as const;

const TEE = "Organic cotton tee (Black / M)";
const JEANS = "Slim jeans (Indigo / 32)";
const JUMPER = "Wool jumper (Oat / M)";

/** Erin's order of three named, pictured products (one per run, each returned whole). */
function erinsOrder(id: string, pictures: string): OrderInput {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  return {
    id,
    number: `#${id.slice(4)}`,
    customer_id: "erin",
    customer: { name: "Erin Walsh", email: "erin@example.com" },
    placed_at: daysAgo(6),
    delivered_at: daysAgo(3),
    currency: "EUR",
    lines: [
      {
        sku: "TEE-ORG-BLK",
        size: "M",
        quantity: 2,
        unit_price: 2900,
        title: "Organic cotton tee",
        variant_title: "Black / M",
        image_url: `${pictures}/tee.svg`,
        product_type: "T-shirt",
      },
      {
        sku: "JEANS-IND",
        size: "32",
        quantity: 1,
        unit_price: 7900,
        title: "Slim jeans",
        variant_title: "Indigo / 32",
        image_url: `${pictures}/jeans.svg`,
        product_type: "Jeans",
      },
      {
        sku: "JUMPER-OAT",
        size: "M",
        quantity: 1,
        unit_price: 5900,
        title: "Wool jumper",
        variant_title: "Oat / M",
        image_url: `${pictures}/jumper.svg`,
        product_type: "Knitwear",
      },
    ],
  };
}

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `a return from start to end in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    let pictures: PictureServer;

    beforeAll(async () => {
      [pictures, browser] = await Promise.all([startPictureServer(), launchChromium()]);
      shop = await startShop({
        orders: RUNS.map((run) => erinsOrder(run.order, pictures.origin)),
        imageOrigins: [pictures.origin],
        returnMethods: RETURN_METHODS,
      });
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
      await pictures?.close();
    });

    const open = (run: (typeof RUNS)[number], who: string, viewport = run.viewport) =>
      openPage(browser, {
        url: shop.url,
        session: { name: SESSION_COOKIE, value: who },
        locale: run.locale,
        viewport,
      });

    const money = (locale: string, minor: number) =>
      new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(minor / 100);
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" }).format(new Date(PAID_AT));
    const pageFits = async (page: Page, width: number) =>
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= width;

    for (const run of RUNS) {
      const steps = run.staffInBrowser
        ? "choose, submit, approve, print the slip, grade, pay"
        : "choose, submit, see where to send it, and what was paid";
      test(`three named products: ${steps} — ${run.name}`, async () => {
        const { words, locale } = run;
        const customer = await open(run, "customer:erin");
        const requestId = await chooseAndSubmit(customer.page, run);
        const stored = await shop.service.getReturnRequest(requestId, { principal: host });
        const bySku = (sku: string) => stored.returns.find((one) => one.line.sku === sku)!;

        // Staff approve first: until then the page says so and offers no slip.
        const sendBack = customer.page.locator(
          `.rk-request[data-request-id="${requestId}"] .rk-send-back`,
        );
        expect(await sendBack.getByRole("link", { name: words.printSlip }).count()).toBe(0);
        const ids = stored.returns.map((one) => one.id);
        const staff = run.staffInBrowser
          ? await open(run, "staff:warehouse", { width: 1280, height: 900 })
          : undefined;
        if (staff) await staffApproveAndShip(staff.page, run, requestId, ids);
        else await serviceApproveAndShip(requestId, ids);

        await customer.page.reload();
        await sendBack.getByRole("link", { name: words.printSlip }).waitFor(SETTLED);
        expect(await sendBack.locator("address span").allTextContents()).toEqual(words.address);
        expect(await sendBack.textContent()).toContain(requestId);
        expect(await seriousViolations(customer.page)).toEqual([]);
        if (staff) {
          await keepPicture(customer.page, run, "send-back.png");
          const rma = await printSlip(customer.page, run, requestId);
          expect(rma).toBe(stored.returns[0]!.rma);
          // The tee first: its grade refuses one unit.
          for (const id of [
            bySku("TEE-ORG-BLK").id,
            ...ids.filter((id) => id !== bySku("TEE-ORG-BLK").id),
          ]) {
            await staffReceiveAndGrade(staff.page, requestId, id);
          }
          expect(staff.errors).toEqual([]);
          await staff.context.close();
        } else {
          for (const one of stored.returns) await serviceReceiveAndGrade(one.id, one.line.quantity);
        }

        // The host's payment code paid the final refunds and records them.
        const tee = bySku("TEE-ORG-BLK").id;
        const jeans = bySku("JEANS-IND").id;
        for (const [id, amount] of [
          [tee, 2900],
          [jeans, 7900],
        ] as const) {
          await shop.service.recordRefund(
            id,
            { amount, reference: `pay_${id}`, issued_at: PAID_AT },
            { principal: host, idempotencyKey: `payout-${id}` },
          );
        }

        const { page, errors } = customer;
        await page.goto(`${shop.url}/returns`);
        const item = (id: string) => page.locator(`.rk-return[data-return-id="${id}"]`);
        await expect
          .poll(() => item(tee).locator(".rk-payout").textContent(), SETTLED)
          .toBe(words.card(money(locale, 2900), day(locale)));
        expect(await item(tee).locator(".rk-grade-note").allTextContents()).toEqual([
          words.gradeNote,
        ]);
        expect(await item(tee).locator(".rk-timeline-event").allTextContents()).toEqual([
          ...words.timeline,
          words.card(money(locale, 2900), day(locale)),
        ]);
        expect(await item(jeans).locator(".rk-payout").textContent()).toBe(
          words.credit(money(locale, 7900), day(locale)),
        );
        const jumper = item(bySku("JUMPER-OAT").id);
        expect(await jumper.textContent()).toContain(words.newSize);
        expect(await jumper.locator(".rk-payout").count()).toBe(0);
        expect(await drawn(jumper.getByRole("img", { name: JUMPER }))).toBe(true);
        expect(await pageFits(page, run.viewport.width)).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await keepPicture(page, run, "customer-refunded.png");
        expect(errors).toEqual([]);
        await customer.context.close();
      });
    }

    /** The customer's part up to submitting; answers the request's id. */
    async function chooseAndSubmit(page: Page, run: (typeof RUNS)[number]): Promise<string> {
      const { words, locale } = run;
      await page.goto(`${shop.url}/returns?order=${run.order}`);
      const lineOf = (name: string) =>
        page.locator(".rk-line").filter({ hasText: name.split(" (")[0]! });
      for (const name of [TEE, JEANS, JUMPER]) {
        await page.getByLabel(words.returnThis(name)).waitFor(SETTLED);
        expect(await drawn(page.getByRole("img", { name }))).toBe(true);
      }
      // The order by the number the customer knows, never its id.
      const number = `#${run.order.slice(4)}`;
      expect(await page.locator("#rk-order-heading").textContent()).toBe(words.order(number));
      await page.getByLabel(words.returnThis(TEE)).check();
      await page.locator("#rk-line-0-qty").selectOption("2");
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await page.getByLabel(words.returnThis(JEANS)).check();
      await chooseReason(page, 1, "CHANGED_MIND");
      await lineOf(JEANS).getByRole("radio", { name: words.storeCredit }).check();
      await page.getByLabel(words.returnThis(JUMPER)).check();
      await chooseReason(page, 2, "TOO_SMALL_AT_CHEST");
      await lineOf(JUMPER).getByRole("radio", { name: words.exchange }).check();
      await page.locator("#rk-line-2-size").selectOption("JUMPER-OAT-L");
      await page.getByLabel(words.byPost).check();
      // Before submitting: the tees' refund, the jeans' credit, the jumper's new size.
      await expect
        .poll(() => page.getByTestId("refund-total").textContent(), SETTLED)
        .toBe(money(locale, 13700));
      expect(await page.locator(".rk-summary dd").allTextContents()).toEqual([
        money(locale, 5800),
        words.creditTotal(money(locale, 7900)),
        words.noCharge,
        money(locale, 13700),
      ]);
      expect(await lineOf(JUMPER).textContent()).toContain(words.newSize);
      expect(await seriousViolations(page)).toEqual([]);
      await keepPicture(page, run, "customer.png");
      await page.getByRole("button", { name: words.submit }).click();

      const request = page.locator(".rk-request");
      await request.locator(".rk-return").nth(2).waitFor(SETTLED);
      const requestId = (await request.getAttribute("data-request-id")) ?? "";
      expect(await page.locator("#rk-returns-heading").textContent()).toBe(
        words.returnsFor(number),
      );
      expect(requestId).toMatch(/^rrq_/);
      const stored = await shop.service.getReturnRequest(requestId, { principal: host });
      // What the page showed is what the request carries.
      expect(
        stored.returns.map((one) => [one.line.sku, one.resolution, one.refund?.total]),
      ).toEqual([
        ["TEE-ORG-BLK", "REFUND", 5800],
        ["JEANS-IND", "STORE_CREDIT", 7900],
        ["JUMPER-OAT", "EXCHANGE", 0],
      ]);
      expect(await seriousViolations(page)).toEqual([]);
      return requestId;
    }

    /** Staff open the parcel's row in the queue, approve its three returns and ship them. */
    async function staffApproveAndShip(
      page: Page,
      run: (typeof RUNS)[number],
      requestId: string,
      ids: readonly string[],
    ) {
      await page.goto(`${shop.url}/returns/admin`);
      const row = page.locator(`tr[data-row="${requestId}"]`);
      await row.waitFor(SETTLED);
      expect(await row.textContent()).toContain("Erin Walsh");
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByRole("link").first().click();
      await page.locator("#rk-request-heading").waitFor(SETTLED);
      // Staff words for what each customer asked for, not the customer's own choices.
      const asked = page.locator("tr[data-return-id] .rk-resolution");
      await expect.poll(() => asked.allTextContents(), SETTLED).toEqual(run.words.staffAsked);
      for (const id of ids) {
        await page.getByRole("link", { name: id }).click();
        await act(page, "approve");
        await page.getByRole("link", { name: requestId }).click();
        await page.locator("#rk-request-heading").waitFor(SETTLED);
      }
      await act(page, "request_ship", (form) =>
        form.locator("#rk-request_ship-carrier").fill("DHL"),
      );
      expect(await seriousViolations(page)).toEqual([]);
      await keepPicture(page, run, "back-office-request.png");
    }

    /** The back office's part up to the parcel's shipping, through the service. */
    async function serviceApproveAndShip(requestId: string, ids: readonly string[]) {
      for (const id of ids) {
        await shop.service.advance(
          id,
          "approve",
          {},
          { principal: host, idempotencyKey: `approve-${id}` },
        );
      }
      await shop.service.shipReturnRequest(
        requestId,
        { carrier: "DHL" },
        { principal: host, idempotencyKey: `ship-${requestId}` },
      );
    }

    /** What staffReceiveAndGrade does, through the service: `sent` units, one refused of two. */
    async function serviceReceiveAndGrade(id: string, sent: number) {
      const as = (event: string) => ({ principal: host, idempotencyKey: `${event}-${id}` });
      await shop.service.advance(id, "receive", {}, as("receive"));
      await shop.service.advance(
        id,
        "grade",
        {
          condition: sent > 1 ? "DAMAGED" : "LIKE_NEW",
          disposition: "RESTOCK",
          accepted_quantity: sent > 1 ? sent - 1 : sent,
        },
        as("grade"),
      );
    }

    /** Staff receive one return and grade it: every unit but one of the tees accepted. */
    async function staffReceiveAndGrade(page: Page, requestId: string, id: string) {
      await page.goto(`${shop.url}/returns/admin?request=${requestId}`);
      await page.getByRole("link", { name: id }).click();
      await act(page, "receive");
      await act(page, "grade", async (form) => {
        const accepted = form.locator("#rk-grade-accepted_quantity");
        const sent = Number(await accepted.inputValue());
        await form.locator("#rk-grade-condition").selectOption(sent > 1 ? "DAMAGED" : "LIKE_NEW");
        await form.locator("#rk-grade-disposition").selectOption("RESTOCK");
        if (sent > 1) await accepted.fill(String(sent - 1));
      });
      expect(await seriousViolations(page)).toEqual([]);
    }

    /** The customer opens the packing slip and prints it; answers the RMA number it reads. */
    async function printSlip(page: Page, run: (typeof RUNS)[number], requestId: string) {
      const { words } = run;
      const sendBack = page.locator(`.rk-request[data-request-id="${requestId}"] .rk-send-back`);
      await sendBack.getByRole("link", { name: words.printSlip }).click();
      await page.getByTestId("slip-rma").waitFor(SETTLED);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".rk-slip-code img");
        return img?.complete === true && img.naturalWidth > 0;
      }, SETTLED);
      const rma = (await page.getByTestId("slip-rma").textContent()) ?? "";
      expect(rma).toMatch(RMA);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(words.slipTitle);
      // The parcel's contents by name, the SKU beside it for the warehouse.
      const rows = await page.locator(".rk-slip-lines tbody tr").allInnerTexts();
      expect(rows.map((row) => row.split("\t").map((cell) => cell.trim()))).toEqual([
        [`${TEE}\nTEE-ORG-BLK`, "2"],
        [`${JEANS}\nJEANS-IND`, "1"],
        [`${JUMPER}\nJUMPER-OAT`, "1"],
      ]);
      expect(await page.getByTestId("slip-order").textContent()).toBe(`#${run.order.slice(4)}`);
      expect(await pageFits(page, run.viewport.width)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
      const { data, width, height, pages } = rasterisePdf(pdf);
      expect(pages).toBe(1);
      expect(jsQR(data, width, height)?.data).toBe(rma);
      await keepPicture(page, run, "packing-slip.png");
      return rma;
    }

    /** The README's pictures come from the English desktop run. */
    const keepPicture = async (page: Page, run: (typeof RUNS)[number], name: `${string}.png`) => {
      if (run.locale === "en-GB") await screenshot(page, name);
    };
  },
);

/** Submits the back office's form for `action` (filled by `fill`) and waits until it is gone. */
async function act(page: Page, action: string, fill?: (form: Locator) => Promise<unknown>) {
  const form = page.locator(`form[data-action="${action}"]`);
  await form.waitFor(SETTLED);
  if (fill) await fill(form);
  await form.locator("button[type=submit]").click();
  await form.waitFor({ state: "detached", ...SETTLED });
}
