/**
 * Products by name and picture in Chromium: the customer's page and the back office's detail
 * show each line's title, variant and picture (the shop's own URLs, from the origins the
 * `imageOrigins` option names), on a 360 px phone and on a desktop; a picture from an origin
 * the shop did not name is blocked by the CSP; axe finds nothing serious.
 */
import type { OrderInput, Principal } from "@returnkit/core";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { drawn, type PictureServer, startPictureServer } from "./test-support/picture-server";
import { SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled, not at once. */
const SETTLED = { timeout: 30_000 };
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
const carol: Principal = { kind: "portal", id: "carol", scopes: ["portal:returns.write"] };

const skip = browserSkipReason();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** Carol's orders: named, pictured products from the shop's picture host (and one elsewhere). */
function carolsOrders(pictures: string, elsewhere: string): OrderInput[] {
  const order = (id: string, lines: OrderInput["lines"]): OrderInput => ({
    id,
    number: `#${id.slice(4)}`,
    customer_id: "carol",
    customer: { name: "Carol Baker", email: "carol@example.com", postcode: "10115" },
    placed_at: daysAgo(6),
    delivered_at: daysAgo(3),
    currency: "EUR",
    lines,
  });
  return [
    order("ord_4101", [
      {
        sku: "TEE-ORG-BLK",
        size: "M",
        quantity: 2,
        unit_price: 2900,
        title: "Organic cotton tee",
        variant_title: "Black / M",
        image_url: `${pictures}/tee-black.svg`,
        product_url: "https://shop.example/products/organic-tee",
        product_type: "T-shirt",
      },
      {
        sku: "JEANS-IND",
        size: "32",
        quantity: 1,
        unit_price: 7900,
        title: "Slim jeans",
        options: [
          { name: "Colour", value: "Indigo" },
          { name: "Waist", value: "32" },
        ],
        image_url: `${pictures}/jeans.svg`,
      },
      // No title from the shop: the line keeps its SKU and an empty picture box.
      { sku: "SCARF-GRY", quantity: 1, unit_price: 1900 },
    ]),
    order("ord_4002", [
      {
        sku: "HOODIE-GRN",
        size: "L",
        quantity: 1,
        unit_price: 5900,
        title: "Fleece hoodie",
        variant_title: "Forest green / L",
        image_url: `${pictures}/hoodie.svg`,
      },
      {
        sku: "SOCKS-WOOL",
        size: "39-42",
        quantity: 1,
        unit_price: 1500,
        title: "Wool socks",
        image_url: `${pictures}/socks.svg`,
      },
    ]),
    order("ord_4003", [
      {
        sku: "CAP-NAVY",
        quantity: 1,
        unit_price: 1900,
        title: "Cap",
        image_url: `${pictures}/cap.svg`,
      },
      {
        sku: "BELT-BRN",
        quantity: 1,
        unit_price: 3900,
        title: "Leather belt",
        image_url: `${elsewhere}/belt.svg`,
      },
    ]),
  ];
}

/** The box a picture takes, before or after it arrives. */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  return box && { width: Math.round(box.width), height: Math.round(box.height) };
};

/** Nothing wider than the viewport: a phone never scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe.skipIf(skip !== null)(
  `products by name and picture in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    let pictures: PictureServer;
    let elsewhere: PictureServer;
    let requestId = "";
    let hoodieId = "";

    beforeAll(async () => {
      [pictures, elsewhere, browser] = await Promise.all([
        startPictureServer("#264653"),
        startPictureServer("#e76f51"),
        launchChromium(),
      ]);
      shop = await startShop({
        orders: carolsOrders(pictures.origin, elsewhere.origin),
        imageOrigins: [pictures.origin],
      });
      // For the back office: carol's request of two named lines, made in-process.
      const { request } = await shop.service.createReturnRequest(
        {
          order_id: "ord_4002",
          lines: [
            { line: { sku: "HOODIE-GRN", size: "L" }, quantity: 1, reason: "TOO_LARGE_AT_CHEST" },
            { line: { sku: "SOCKS-WOOL", size: "39-42" }, quantity: 1, reason: "CHANGED_MIND" },
          ].map((line) => ({ ...line, resolution: "REFUND" as const })),
        },
        { principal: carol, idempotencyKey: "carol-request" },
      );
      await shop.service.submitReturnRequest(
        request.id,
        {},
        { principal: carol, idempotencyKey: "carol-submit" },
      );
      requestId = request.id;
      hoodieId = request.returns.find((record) => record.line.sku === "HOODIE-GRN")?.id ?? "";
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
      await pictures?.close();
      await elsewhere?.close();
    });

    async function open(who: string, path: string, viewport: { width: number; height: number }) {
      const context = await browser.newContext({ viewport, locale: "en-GB" });
      await context.addCookies([{ name: SESSION_COOKIE, value: who, url: shop.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // Not waiting for the load event: a test may hold the pictures, which would delay it.
      await page.goto(`${shop.url}${path}`, { waitUntil: "domcontentloaded" });
      return { context, page, errors };
    }

    for (const [device, viewport] of [
      ["a 360 px phone", PHONE],
      ["a desktop", DESKTOP],
    ] as const) {
      test(`customer page - each line by title, variant and picture, on ${device}; the page keeps its place while pictures arrive`, async () => {
        const release = pictures.hold();
        onTestFinished(release);
        const { context, page, errors } = await open(
          "customer:carol",
          "/returns?order=ord_4101",
          viewport,
        );
        const tee = page.getByLabel("Return Organic cotton tee (Black / M)");
        await tee.waitFor(SETTLED);
        const lines = page.locator(".rk-lines");
        const teePicture = lines.getByRole("img", { name: "Organic cotton tee (Black / M)" });
        const scarf = page.locator(".rk-line").filter({ hasText: "SCARF-GRY" });
        // Before the pictures arrive: the boxes are already theirs, so nothing moves after.
        const before = { picture: await boxOf(teePicture), scarf: await scarf.boundingBox() };
        expect(before.picture).toEqual({ width: 64, height: 64 });
        release();
        expect(await drawn(teePicture)).toBe(true);
        expect(await boxOf(teePicture)).toEqual({ width: 64, height: 64 });
        expect((await scarf.boundingBox())?.y).toBe(before.scarf?.y);

        expect(await teePicture.getAttribute("src")).toBe(`${pictures.origin}/tee-black.svg`);
        expect(await teePicture.getAttribute("width")).toBe("64");
        expect(await teePicture.getAttribute("height")).toBe("64");
        // The variant from the options when the shop gives no variant title; the SKU small.
        await page.getByLabel("Return Slim jeans (Indigo / 32)").waitFor();
        expect(await drawn(page.getByRole("img", { name: "Slim jeans (Indigo / 32)" }))).toBe(true);
        expect(await page.locator(".rk-line").first().textContent()).toContain("TEE-ORG-BLK");
        // Untitled: its SKU, an empty box in place of a picture.
        await page.getByLabel("Return SCARF-GRY").waitFor();
        expect(await scarf.locator(".rk-thumb-empty").count()).toBe(1);
        expect(await scarf.locator("img").count()).toBe(0);

        if (viewport === PHONE) {
          // The customer returns the tee; the request then shows it by name and picture.
          await tee.check();
          await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
          await page.getByRole("button", { name: "Submit return" }).click();
          const item = page.locator(".rk-return").filter({ hasText: "Organic cotton tee" });
          await item.waitFor(SETTLED);
          expect(await item.locator("h3").textContent()).toContain(
            "Organic cotton tee (Black / M) × 1",
          );
          const listed = item.getByRole("img", { name: "Organic cotton tee (Black / M)" });
          expect(await listed.getAttribute("loading")).toBe("lazy");
          await listed.scrollIntoViewIfNeeded();
          expect(await drawn(listed)).toBe(true);
        }
        expect(await scrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });

      test(`back office - a return and its request by order number, customer and product, on ${device}`, async () => {
        const { context, page, errors } = await open(
          "staff:warehouse",
          `/returns/admin?return=${hoodieId}`,
          viewport,
        );
        await page.locator("#rk-return-heading").waitFor(SETTLED);
        expect(await page.getByTestId("order-number").textContent()).toBe("#4002 · ord_4002");
        const customer = page.getByTestId("order-customer");
        expect(await customer.textContent()).toBe("Carol Baker · carol@example.com · carol");
        expect(
          await customer.getByRole("link", { name: "carol@example.com" }).getAttribute("href"),
        ).toBe("mailto:carol@example.com");
        // The id opens the customer's view (their returns, export and erasure).
        expect(
          await customer.getByRole("link", { name: "Open customer carol" }).getAttribute("href"),
        ).toBe("?customer=carol");
        const hoodie = page.getByRole("img", { name: "Fleece hoodie (Forest green / L)" });
        expect(await drawn(hoodie)).toBe(true);
        expect(await boxOf(hoodie)).toEqual({ width: 64, height: 64 });
        expect(await page.locator(".rk-product").first().textContent()).toBe(
          "Fleece hoodie × 1Forest green / LHOODIE-GRN",
        );
        expect(await scrollsSideways(page)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);

        // The request: each of its returns by name and picture, the order and customer once.
        await page.getByRole("link", { name: requestId }).click();
        await page.locator("#rk-request-heading").waitFor(SETTLED);
        expect(await page.getByTestId("order-number").textContent()).toBe("#4002 · ord_4002");
        const rows = page.locator("tr[data-return-id] .rk-product-title");
        await expect
          .poll(() => rows.allTextContents(), SETTLED)
          .toEqual(["Fleece hoodie × 1", "Wool socks × 1"]);
        // No variant title nor options: the size is the variant.
        expect(
          await page.locator("tr[data-return-id] .rk-product-variant").allTextContents(),
        ).toEqual(["Forest green / L", "39-42"]);
        expect(await drawn(page.getByRole("img", { name: "Wool socks (39-42)" }))).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    test("CSP - a picture from a named origin loads; one from an origin the shop did not name is blocked", async () => {
      const { context, page, errors } = await open(
        "customer:carol",
        "/returns?order=ord_4003",
        DESKTOP,
      );
      const named = page.getByRole("img", { name: "Cap" });
      const other = page.getByRole("img", { name: "Leather belt" });
      await other.waitFor(SETTLED);
      expect(await drawn(named)).toBe(true);
      expect(await drawn(other)).toBe(false);
      // Refused by the browser before any request left: the other host was never asked.
      expect(pictures.requested).toContain("/cap.svg");
      expect(elsewhere.requested).toEqual([]);
      expect(errors.filter((text) => !text.includes("Content Security Policy"))).toEqual([]);
      expect(errors.some((text) => text.includes(`${elsewhere.origin}/belt.svg`))).toBe(true);
      await context.close();
    });
  },
);
