/**
 * Sending a return back at a drop-off point, in Chromium: after submitting (approved at once by
 * the shop's policy) the request shows the drop-off's instructions, its carrier and where to
 * find one, its RMA number and a packing slip addressed to the return address; in German on a
 * phone, axe finding nothing serious. The shop buys a paperless label for the parcel (the label
 * job, with the test shop's carrier): the request shows its drop-off code and tracking number,
 * and the printed slip carries the label's code, read back. Staff then reissue the label from
 * the back office: the job buys another and the first is shown voided. (By post, the address,
 * and the printed slip's RMA code read back: the whole journey in journey.browser.test.ts.)
 */
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { rasterisePdf } from "./test-support/pdf";
import { screenshot } from "./test-support/screenshots";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

const SETTLED = { timeout: 30_000 };
const RMA = /^RMA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

const RETURN_METHODS = {
  by_mail: {
    address: {
      name: "Acme Outfitters Returns",
      lines: ["Lagerstraße 5", "Tor 3"],
      postcode: "10115",
      city: "Berlin",
      country: "DE",
    },
  },
  drop_off: {
    instructions: "Any DHL Packstation or parcel shop takes it.",
    carrier: "DHL",
    locator_url: "https://www.dhl.de/de/privatkunden/dhl-standorte-finden.html",
  },
};

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `sending it back in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([
        startShop({ returnMethods: RETURN_METHODS, autoApprove: true, labels: true }),
        launchChromium(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    const customerPage = (locale: string, viewport: { width: number; height: number }) =>
      openPage(browser, {
        url: shop.url,
        session: { name: SESSION_COOKIE, value: "customer:alice" },
        locale,
        viewport,
      });

    /** Waits until every image in `selector` has loaded (a failed one has no natural width). */
    const loaded = (page: Page, selector: string) =>
      page.waitForFunction(
        (within) => {
          const images = [...document.querySelectorAll<HTMLImageElement>(`${within} img`)];
          return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
        },
        selector,
        SETTLED,
      );

    /** Fires the service's due timers until none is left: the label is prepared, then bought. */
    const buyLabels = async () => {
      for (let round = 0; round < 5; round++) {
        if ((await shop.service.scheduler.fireDue()) === 0) return;
      }
    };

    test("auf Deutsch am Telefon: Abgabestelle, RMA-Nummer und Packzettel; das Etikett neu ausgestellt", async () => {
      const { context, page, errors } = await customerPage("de-DE", { width: 360, height: 780 });
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("DRESS-RED zurücksenden").check();
      await chooseReason(page, 2, "TOO_LARGE_AT_HIPS");
      await page.getByLabel("An einer Abgabestelle").check();
      await page.getByRole("button", { name: "Rücksendung absenden" }).click();

      const send = page.locator(".rk-send-back").filter({ hasText: "Abgabestelle" });
      await send.getByRole("link", { name: "Packzettel drucken" }).waitFor(SETTLED);
      expect(await send.textContent()).toContain("Versanddienst: DHL");
      expect(await send.getByRole("link", { name: "Abgabestelle finden" }).count()).toBe(1);
      const rma = (await send.getByTestId("rma").textContent()) ?? "";
      expect(rma).toMatch(RMA);

      // The label job buys the parcel's paperless label; the page shows it once reloaded.
      await buyLabels();
      await page.reload();
      const tracking = send.getByTestId("tracking-number");
      await tracking.waitFor(SETTLED);
      const number = (await tracking.textContent()) ?? "";
      expect(number).toMatch(/^\d{20}$/);
      expect(await tracking.getByRole("link").getAttribute("href")).toBe(
        `${shop.url}/track/${number}`,
      );
      await loaded(page, ".rk-parcel-code");
      expect(
        await send
          .getByRole("img", { name: `Abgabecode Ihres Pakets, Sendungsnummer ${number}` })
          .count(),
      ).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      const returnId = await page
        .locator("li[data-return-id]")
        .first()
        .getAttribute("data-return-id");
      await send.getByRole("link", { name: "Packzettel drucken" }).click();
      await page.getByTestId("slip-rma").waitFor(SETTLED);
      await loaded(page, ".rk-slip-code");
      expect(await page.getByTestId("slip-tracking").textContent()).toBe(number);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Packzettel · Acme Outfitters",
      );
      // A drop-off without an address of its own goes to the return address.
      expect(await page.locator(".rk-slip address span").allTextContents()).toContain(
        "Deutschland",
      );
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing wider than the phone: the long request id wraps.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await screenshot(page, "packing-slip-de-phone.png");

      // Printed, the label's code reads back as its tracking number (the RMA's code is hidden
      // here so the decoder reads the label's; the journey test reads the RMA's).
      await page.locator(".rk-slip-code > img").evaluate((img: HTMLElement) => {
        img.style.visibility = "hidden";
      });
      const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
      const { data, width, height } = rasterisePdf(pdf);
      expect(jsQR(data, width, height)?.data).toBe(number);

      // The back office's return view: the label's status, service, tracking link and cost.
      const staff = await openPage(browser, {
        url: shop.url,
        session: { name: SESSION_COOKIE, value: "staff:warehouse" },
        locale: "de-DE",
        viewport: { width: 1280, height: 900 },
      });
      await staff.page.goto(`${shop.url}/returns/admin?return=${returnId}`);
      const label = staff.page.getByTestId("label");
      await label.waitFor(SETTLED);
      expect(await label.textContent()).toContain(`Erstellt · Shop Post Paket · ${number}`);
      expect(await label.getByRole("link", { name: number }).getAttribute("href")).toBe(
        `${shop.url}/track/${number}`,
      );
      expect(await staff.page.getByTestId("label-cost").textContent()).toMatch(/^Etikett 5,40\s€/);
      expect(await seriousViolations(staff.page)).toEqual([]);

      // The customer lost it: staff reissue the label; the job buys another, voids this one.
      const reissue = staff.page.locator('form[data-action="reissue_label"]');
      await reissue.getByRole("button", { name: "Rücksendeetikett neu ausstellen" }).click();
      await reissue.waitFor({ state: "detached", ...SETTLED });
      await buyLabels();
      await staff.page.reload();
      const replaces = staff.page.getByTestId("label-replaces");
      await replaces.waitFor(SETTLED);
      expect(await replaces.textContent()).toBe(`Ersetzt das Etikett ${number} (Storniert)`);
      const reissued = (await label.getByRole("link").textContent()) ?? "";
      expect(reissued).toMatch(/^\d{20}$/);
      expect(reissued).not.toBe(number);
      expect(await seriousViolations(staff.page)).toEqual([]);
      expect(staff.errors).toEqual([]);
      await staff.context.close();
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
