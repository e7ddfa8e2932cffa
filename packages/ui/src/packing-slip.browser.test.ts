/**
 * Sending a return back, in Chromium: after submitting (approved at once by the shop's policy)
 * the request shows its method's instructions, its RMA number and a packing slip; the slip,
 * printed to PDF as a customer's browser prints it, carries a QR code that decodes to the RMA
 * number. In English on a desktop and in German on a phone; axe finds nothing serious.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
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

/** The first page of `pdf` as RGBA pixels, rasterised by poppler's pdftoppm at 150 dpi. */
function rasterise(pdf: Buffer): {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  pages: number;
} {
  const dir = mkdtempSync(join(tmpdir(), "rk-slip-"));
  try {
    writeFileSync(join(dir, "slip.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", "150", join(dir, "slip.pdf"), join(dir, "page")]);
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith(".ppm"))
      .sort();
    const ppm = readFileSync(join(dir, pages[0]!));
    // Binary PPM (P6): "P6", width, height, max value, one whitespace, then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString("latin1"));
    if (!header) throw new Error("pdftoppm wrote no binary PPM");
    const [whole, w, h] = header;
    const width = Number(w);
    const height = Number(h);
    const rgb = ppm.subarray(whole.length);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      data[i * 4] = rgb[i * 3]!;
      data[i * 4 + 1] = rgb[i * 3 + 1]!;
      data[i * 4 + 2] = rgb[i * 3 + 2]!;
      data[i * 4 + 3] = 255;
    }
    return { data, width, height, pages: pages.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `sending it back in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([
        startShop({ returnMethods: RETURN_METHODS, autoApprove: true }),
        launchChromium(),
      ]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    async function customerPage(locale: string, viewport: { width: number; height: number }) {
      const context = await browser.newContext({ viewport, locale });
      await context.addCookies([{ name: SESSION_COOKIE, value: "customer:alice", url: shop.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      return { context, page, errors };
    }

    /** Waits until the slip's QR code has loaded (an image that failed has no natural width). */
    const qrLoaded = (page: Page) =>
      page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(".rk-slip-code img");
        return img?.complete === true && img.naturalWidth > 0;
      }, SETTLED);

    test("by post: the address, the RMA number and a slip whose printed QR code reads back as the RMA", async () => {
      const { context, page, errors } = await customerPage("en-GB", { width: 1100, height: 900 });
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("Return TEE-BLK").check();
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await page.getByLabel("Return JEANS-SLIM").check();
      await chooseReason(page, 1, "TOO_LARGE_AT_WAIST");
      await page.getByLabel("By post").check();
      await page.getByRole("button", { name: "Submit return" }).click();

      const send = page.locator(".rk-send-back");
      await send.getByRole("link", { name: "Print packing slip" }).waitFor(SETTLED);
      const rma = (await send.getByTestId("rma").textContent()) ?? "";
      expect(rma).toMatch(RMA);
      const [stored] = (
        await shop.service.list(
          { rma },
          { principal: { kind: "merchant", id: "staff", scopes: ["merchant:returns.read"] } },
        )
      ).data;
      expect(stored).toMatchObject({ rma, return_method: "by_mail", state: "approved" });
      expect(await send.textContent()).toContain(stored!.request_id!);
      await screenshot(page, "send-back.png");
      expect(await send.locator("address span").allTextContents()).toEqual([
        "Acme Outfitters Returns",
        "Lagerstraße 5",
        "Tor 3",
        "10115 Berlin",
        "Germany",
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      await send.getByRole("link", { name: "Print packing slip" }).click();
      await page.getByTestId("slip-rma").waitFor(SETTLED);
      await qrLoaded(page);
      expect(await page.getByTestId("slip-rma").textContent()).toBe(rma);
      expect(await page.locator(".rk-slip-lines tbody tr").allInnerTexts()).toEqual([
        "TEE-BLK\tM\t1",
        "JEANS-SLIM\t32\t1",
      ]);
      expect(await page.locator(".rk-slip address span").allTextContents()).toContain(
        "10115 Berlin",
      );
      expect(await page.locator(".rk-header, nav").count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "packing-slip.png");

      const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
      const { data, width, height, pages } = rasterise(pdf);
      expect(pages).toBe(1);
      expect(jsQR(data, width, height)?.data).toBe(rma);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("auf Deutsch am Telefon: Abgabestelle, RMA-Nummer und Packzettel", async () => {
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
      expect(await seriousViolations(page)).toEqual([]);

      await send.getByRole("link", { name: "Packzettel drucken" }).click();
      await page.getByTestId("slip-rma").waitFor(SETTLED);
      await qrLoaded(page);
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
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);
