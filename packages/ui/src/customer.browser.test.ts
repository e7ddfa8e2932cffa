/**
 * The customer's page in Chromium: a customer returns two of three lines of an order and
 * follows them, by mouse and by keyboard alone, axe finds nothing serious, and the page shows
 * a closed return window in words.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import { tabTo, typeToSelect } from "./test-support/keyboard";
import { screenshot } from "./test-support/screenshots";
import { ORDER_ID, SESSION_COOKIE, type Shop, startShop } from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled, not at once. */
const SETTLED = { timeout: 30_000 };

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `customer page in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop(), launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await shop?.close();
    });

    const customerPage = (customer: string, viewport = { width: 1100, height: 900 }) =>
      openPage(browser, {
        url: shop.url,
        session: { name: SESSION_COOKIE, value: `customer:${customer}` },
        locale: "en-GB",
        viewport,
      });

    const submitted = (page: Page) => page.getByRole("status").filter({ hasText: "submitted" });

    test("returns two of three lines, sees the refund before submitting, and follows them", async () => {
      const { context, page, errors } = await customerPage("alice");
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("Return TEE-BLK").check();
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await page.getByLabel("Exchange for another item").check();
      await page.locator("#rk-line-0-size").selectOption("TEE-BLK-L");
      await page.getByLabel("Return JEANS-SLIM").check();
      await chooseReason(page, 1, "TOO_LARGE_AT_WAIST");
      await expect
        .poll(() => page.getByTestId("refund-total").textContent(), SETTLED)
        .toBe("€79.00");
      expect(await page.getByText("Estimated refund: €79.00").count()).toBe(1);

      await page.getByRole("button", { name: "Submit return" }).click();
      // After submitting, the request's own refund, as the API worked it out.
      await submitted(page).filter({ hasText: "€79.00" }).waitFor();
      const request = page.locator(".rk-request");
      await request.locator(".rk-return").nth(1).waitFor();
      expect(await request.count()).toBe(1);
      expect(await request.locator(".rk-return").count()).toBe(2);
      expect(await request.locator(".rk-return .rk-badge").allTextContents()).toEqual([
        "Submitted",
        "Submitted",
      ]);
      await expect
        .poll(() => request.locator("dd[data-testid=refund-amount]").first().textContent(), SETTLED)
        .toBe("Total: €79.00 (estimate)");
      // Following them: each return's own timeline.
      for (const timeline of await request.locator(".rk-timeline").all()) {
        expect(await timeline.locator(".rk-timeline-event").allTextContents()).toEqual([
          "Started",
          "Submitted",
        ]);
      }
      const mine = await shop.service.list(
        {},
        { principal: { kind: "portal", id: "alice", scopes: ["portal:returns.read"] } },
      );
      expect(mine.data.map((r) => `${r.line.sku} ${r.resolution} ${r.state}`).sort()).toEqual([
        "JEANS-SLIM REFUND submitted",
        "TEE-BLK EXCHANGE submitted",
      ]);
      // One request: both returns carry its id, and the page shows that request.
      const requestIds = new Set(mine.data.map((r) => r.request_id));
      expect(requestIds.size).toBe(1);
      expect([...requestIds][0]).toMatch(/^rrq_/);
      expect(await request.getAttribute("data-request-id")).toBe([...requestIds][0]);
      // Staff approve first here: the RMA number now, where to send the parcel once approved.
      const sendBack = request.locator(".rk-send-back");
      expect(await sendBack.getByTestId("rma").textContent()).toBe(mine.data[0]!.rma);
      expect(await sendBack.textContent()).toContain("Once the shop approves your return");
      expect(await sendBack.getByRole("link", { name: "Print packing slip" }).count()).toBe(0);

      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the same by keyboard alone, on a 360 px phone, and a draft can be cancelled", async () => {
      const { context, page, errors } = await customerPage("alice", { width: 360, height: 780 });
      await page.goto(`${shop.url}/returns`);
      await page.locator("returnkit-returns form").first().waitFor();
      await tabTo(page, "Order number");
      await page.keyboard.type(ORDER_ID);
      await page.keyboard.press("Enter");
      await page.getByLabel("Return DRESS-RED").waitFor();
      await tabTo(page, "Return DRESS-RED");
      await page.keyboard.press("Space");
      // What was wrong, then which way and where: one select each, by typing.
      await tabTo(page, "Why are you returning it?");
      await typeToSelect(page, "It doesn");
      await tabTo(page, "Which way");
      await typeToSelect(page, "Too large");
      await tabTo(page, "Where");
      await typeToSelect(page, "Hips");
      await tabTo(page, "Submit return");
      await page.keyboard.press("Enter");
      await submitted(page).waitFor();
      await expect
        .poll(
          () => page.locator(".rk-return").filter({ hasText: "DRESS-RED" }).textContent(),
          SETTLED,
        )
        .toContain("Submitted");

      // A withdrawal, by keyboard: the dress's cancel button.
      const dress = page.locator(".rk-return").filter({ hasText: "DRESS-RED" });
      await dress.getByRole("button", { name: "Cancel this return" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("status").filter({ hasText: "cancelled" }).waitFor();
      await expect.poll(() => dress.locator(".rk-badge").textContent(), SETTLED).toBe("Cancelled");
      // The withdrawn unit can go back again: the order's form offers the dress once more.
      await page.getByLabel("Return DRESS-RED").waitFor();

      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "customer-phone.png");
      expect(errors).toEqual([]);
      await context.close();
    });

    test("submit - asks for no estimate of the choice being submitted, however late its timer", async () => {
      // A shop of its own: the choice submitted here takes units the other cases count on.
      const own = await startShop();
      const context = await browser.newContext({ locale: "en-GB" });
      try {
        await context.addCookies([{ name: SESSION_COOKIE, value: "customer:alice", url: own.url }]);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(message.text());
        });
        // The page's timers run on a clock the test moves: the estimate's wait is made to end
        // while the submission is on its way, as on a slow machine.
        await page.clock.install();
        await page.goto(`${own.url}/returns?order=${ORDER_ID}`);
        await page.getByLabel("Return TEE-BLK").check();
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
        await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
        await page.clock.runFor(200); // the page's effects run; the estimate's wait starts
        const asked: string[] = [];
        page.on("request", (request) => {
          if (request.url().endsWith("/return-requests/estimate")) asked.push(request.postData()!);
        });
        // The create is held until the estimate's wait is long over.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const creating = new Promise<void>((resolve) => {
          void page.route(`${own.url}/v1/portal/return-requests`, async (route) => {
            resolve();
            await held;
            await route.continue();
          });
        });
        await page.getByRole("button", { name: "Submit return" }).click();
        await creating;
        await page.clock.runFor(2_000);
        release();
        await page.clock.resume();
        await submitted(page).waitFor();

        expect(asked).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
        await own.close();
      }
    });

    test("a closed return window and an unknown order are told in words, never a raw error", async () => {
      const { context, page } = await customerPage("alice");
      await page.goto(`${shop.url}/returns?order=ord_0900`);
      await page.getByText("The return window for this item has closed.").waitFor();
      expect(await page.getByLabel("Return COAT-GRY").count()).toBe(0);

      await page.goto(`${shop.url}/returns?order=ord_1002`);
      await page.getByText("Final sale: this item cannot be returned.").waitFor();

      await page.goto(`${shop.url}/returns?order=ord_nope`);
      const alert = page.getByRole("alert");
      await alert.waitFor();
      await expect
        .poll(() => alert.textContent(), SETTLED)
        .toBe("We could not find that order in your account. Check the order number.");
      await context.close();
    });

    test("embedded in the shop's own page by one script tag, in the shop's colour", async () => {
      const { context, page, errors } = await customerPage("alice");
      await page.goto(`${shop.url}/account`);
      const submit = page.getByRole("button", { name: "Submit return" });
      await submit.waitFor();
      expect(await page.locator("returnkit-returns main, returnkit-returns header").count()).toBe(
        0,
      );
      expect(await submit.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(
        "rgb(122, 31, 92)",
      );
      // The shop's page has no icon of its own; nothing else may fail.
      expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
      await context.close();
    });

    test("a visitor is asked to sign in, and sent to the shop's sign-in", async () => {
      const context = await browser.newContext({ locale: "en-GB" });
      const page = await context.newPage();
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      // Never signed in on this page: asked to, never told that a session "ended".
      const banner = page.getByRole("alert").filter({ hasText: "Sign in to see your orders" });
      await banner.first().waitFor();
      expect(await page.getByText("Your session has ended").count()).toBe(0);
      await banner.first().getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/login\?return_to=/);
      expect(new URL(page.url()).searchParams.get("return_to")).toBe(
        `${shop.url}/returns?order=${ORDER_ID}`,
      );
      await context.close();
    });

    test("a customer whose session ends is told so", async () => {
      const { context, page } = await customerPage("alice");
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("Return TEE-BLK").waitFor();
      // The shop's session ends (signed out in another tab); the next call says so.
      await context.clearCookies();
      await page.getByRole("textbox", { name: "Order number" }).fill("ord_1002");
      await page.keyboard.press("Enter");
      const banner = page.getByRole("alert").filter({ hasText: "Your session has ended" });
      await banner.first().waitFor();
      expect(await banner.first().getByRole("button", { name: "Sign in" }).count()).toBe(1);
      await context.close();
    });

    test("a refused request says which item and why, and sends nothing", async () => {
      const { context, page, errors } = await customerPage("alice");
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      await page.getByLabel("Return TEE-BLK").check();
      await chooseReason(page, 0, "TOO_SMALL");
      await page.getByLabel("Return DRESS-RED").check();
      await chooseReason(page, 2, "TOO_LARGE_AT_HIPS");
      // Meanwhile the dress goes back another way (another tab): the page's offer is stale.
      const customer = {
        principal: { kind: "portal" as const, id: "alice", scopes: ["portal:returns.write"] },
      };
      const other = await shop.service.createReturnRequest(
        {
          order_id: ORDER_ID,
          lines: [
            { line: { sku: "DRESS-RED", size: "S" }, reason: "DAMAGED", resolution: "REFUND" },
          ],
        },
        { ...customer, idempotencyKey: "other-tab-dress" },
      );
      // A change of choice asks for the estimate again, which says why there is none.
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await expect
        .poll(() => page.locator(".rk-summary").textContent(), SETTLED)
        .toContain(
          "We cannot work out your refund for this choice: DRESS-RED (S): You can return at most 0 of this item.",
        );
      await page.getByRole("button", { name: "Submit return" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Nothing was sent" });
      await alert.waitFor();
      await expect
        .poll(() => alert.textContent(), SETTLED)
        .toBe("Nothing was sent, because: DRESS-RED (S): You can return at most 0 of this item.");
      // All or none: the tee went nowhere.
      const mine = await shop.service.list({ order_id: ORDER_ID }, customer);
      expect(
        mine.data
          .filter((r) => r.state !== "cancelled")
          .map((r) => r.line.sku)
          .sort(),
      ).toEqual(["DRESS-RED", "JEANS-SLIM", "TEE-BLK"]);
      // The other tab's request is a draft: the page offers to submit it, as one request.
      const draft = page.locator(`[data-request-id="${other.request.id}"]`);
      await draft.getByRole("button", { name: "Submit these returns" }).click();
      await page.getByRole("status").filter({ hasText: "Your returns are submitted." }).waitFor();
      await expect.poll(() => draft.locator(".rk-badge").textContent(), SETTLED).toBe("Submitted");
      // The browser logs the refused 422 itself; nothing else may fail.
      expect(errors.filter((error) => !error.includes("status of 422"))).toEqual([]);
      await context.close();
    });

    test("two refunded lines: the total charges the return label once, as the request then does", async () => {
      const labelled = await startShop({
        refundPolicy: { return_shipping_fee: { amount: { EUR: 495 } } },
      });
      try {
        const context = await browser.newContext({ locale: "en-GB" });
        await context.addCookies([
          { name: SESSION_COOKIE, value: "customer:alice", url: labelled.url },
        ]);
        const page = await context.newPage();
        await page.goto(`${labelled.url}/returns?order=${ORDER_ID}`);
        await page.getByLabel("Return TEE-BLK").check();
        await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
        await page.getByLabel("Return JEANS-SLIM").check();
        await chooseReason(page, 1, "TOO_LARGE_AT_WAIST");
        // €29.00 + €79.00 less one €4.95 label, not one per line.
        await expect
          .poll(() => page.getByTestId("refund-total").textContent(), SETTLED)
          .toBe("€103.05");
        await page.getByRole("button", { name: "Submit return" }).click();
        await submitted(page).filter({ hasText: "€103.05" }).waitFor();
        await context.close();
      } finally {
        await labelled.close();
      }
    });

    /** A shop charging a 10 % restocking fee and a €4.95 label, the figures the issue saw. */
    async function feeShop() {
      return startShop({
        refundPolicy: {
          restocking_fee: { percent: 10 },
          return_shipping_fee: { amount: { EUR: 495 } },
        },
      });
    }

    /** A refund, a store credit and an exchange on one order, each chosen step by step. */
    async function chooseThreeLines(page: Page, words: Record<string, string>) {
      const submit = page.getByRole("button", { name: words.submit });
      const why = async () => {
        const id = await submit.getAttribute("aria-describedby");
        return id ? page.locator(`#${id}`).textContent() : null;
      };
      // Nothing chosen: the button is off, and says why in words tied to it.
      await page.locator(".rk-lines").waitFor();
      expect(await submit.isDisabled()).toBe(true);
      expect(await why()).toBe(words.nothing);
      await page.locator("#rk-line-0-take").check();
      expect(await submit.isDisabled()).toBe(true);
      expect(await why()).toBe(words.reason);
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await page.locator("#rk-line-1-take").check();
      await chooseReason(page, 1, "CHANGED_MIND");
      await page.locator('input[name="rk-line-1-resolution"][value="STORE_CREDIT"]').check();
      await page.locator("#rk-line-2-take").check();
      await chooseReason(page, 2, "TOO_LARGE_AT_HIPS");
      await page.locator('input[name="rk-line-2-resolution"][value="EXCHANGE"]').check();
      expect(await submit.isDisabled()).toBe(true);
      expect(await why()).toBe(words.size);
      await page.locator("#rk-line-2-size").selectOption("DRESS-RED-M");
      await expect.poll(() => submit.isDisabled(), SETTLED).toBe(false);
      expect(await submit.getAttribute("aria-describedby")).toBeNull();
      return submit;
    }

    test("estimate - each chosen line shows the figure its return then carries; fees split, credit named, an exchange says what comes back", async () => {
      const fees = await feeShop();
      const context = await browser.newContext({ locale: "en-GB" });
      try {
        await context.addCookies([
          { name: SESSION_COOKIE, value: "customer:alice", url: fees.url },
        ]);
        const page = await context.newPage();
        await page.goto(`${fees.url}/returns?order=${ORDER_ID}`);
        const summary = page.locator(".rk-summary");
        await expect.poll(() => summary.textContent(), SETTLED).toContain("0 items selected");
        const submit = await chooseThreeLines(page, {
          submit: "Submit return",
          nothing: "Choose at least one item, with a reason, to return.",
          reason: "Choose a reason for TEE-BLK (M).",
          size: "Choose the new size for DRESS-RED (S).",
        });
        await expect.poll(() => summary.textContent(), SETTLED).toContain("3 items selected");
        const estimates = page.locator(".rk-lines .rk-estimate");
        await expect.poll(() => estimates.count(), SETTLED).toBe(3);
        const [tee, jeans, dress] = await estimates.allTextContents();
        expect(tee).toMatch(/^Estimated refund: €\d+\.\d\d$/);
        expect(jeans).toMatch(/^Estimated: €\d+\.\d\d as store credit$/);
        expect(dress).toBe("You get Red / M instead.");
        // Fees apart, each with its figure and why; no refund of nothing for the exchange.
        const text = (await summary.textContent()) ?? "";
        expect(text).toContain("Restocking fee");
        expect(text).toContain("10% of the item price, set by the shop.");
        expect(text).toContain("Return label€4.95");
        expect(text).toContain("Shared between the items in this parcel.");
        expect(text).not.toContain("Fees");
        expect(await page.getByRole("form", { name: "Order #1001" }).textContent()).not.toContain(
          "€0.00",
        );
        const total = await page.getByTestId("refund-total").textContent();

        await submit.click();
        await page.getByRole("status").filter({ hasText: "submitted" }).waitFor();
        // What the page showed per line and in all is what the request stored.
        const mine = await fees.service.list(
          { order_id: ORDER_ID },
          { principal: { kind: "portal", id: "alice", scopes: ["portal:returns.read"] } },
        );
        const stored = Object.fromEntries(mine.data.map((r) => [r.line.sku, r.refund?.total]));
        const euros = (minor: number | undefined) => `€${((minor ?? 0) / 100).toFixed(2)}`;
        expect(tee).toBe(`Estimated refund: ${euros(stored["TEE-BLK"])}`);
        expect(jeans).toBe(`Estimated: ${euros(stored["JEANS-SLIM"])} as store credit`);
        expect(total).toBe(euros((stored["TEE-BLK"] ?? 0) + (stored["JEANS-SLIM"] ?? 0)));
        // The cards: store credit named, the exchange with what comes back and no refund.
        const card = (sku: string) => page.locator(".rk-return").filter({ hasText: sku });
        await card("DRESS-RED").waitFor();
        expect(await card("JEANS-SLIM").textContent()).toContain(
          `${euros(stored["JEANS-SLIM"])} as store credit`,
        );
        const dressCard = (await card("DRESS-RED").textContent()) ?? "";
        expect(dressCard).toContain("You get Red / M instead.");
        expect(dressCard).not.toContain("Refund");
        expect(dressCard).not.toContain("€0.00");
        expect(await page.locator(".rk-request").textContent()).toContain("Return label");
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
        await fees.close();
      }
    });

    test("estimate - the same choice in German: reasons to wait, fees apart, credit named", async () => {
      const fees = await feeShop();
      const context = await browser.newContext({ locale: "de-DE" });
      try {
        await context.addCookies([
          { name: SESSION_COOKIE, value: "customer:alice", url: fees.url },
        ]);
        const page = await context.newPage();
        await page.goto(`${fees.url}/returns?order=${ORDER_ID}`);
        await chooseThreeLines(page, {
          submit: "Rücksendung absenden",
          nothing: "Wählen Sie mindestens einen Artikel mit Grund aus.",
          reason: "Wählen Sie einen Grund für TEE-BLK (M).",
          size: "Wählen Sie die neue Größe für DRESS-RED (S).",
        });
        const estimates = page.locator(".rk-lines .rk-estimate");
        await expect.poll(() => estimates.count(), SETTLED).toBe(3);
        const [tee, jeans, dress] = await estimates.allTextContents();
        expect(tee).toMatch(/^Voraussichtliche Erstattung: \d+,\d\d\u00a0€$/);
        expect(jeans).toMatch(/^Voraussichtlich: \d+,\d\d\u00a0€ als Gutschrift$/);
        expect(dress).toBe("Sie erhalten stattdessen Red / M.");
        const summary = (await page.locator(".rk-summary").textContent()) ?? "";
        expect(summary).toContain("3 Artikel ausgewählt");
        expect(summary).toContain("Wiedereinlagerungsgebühr");
        expect(summary).toContain("10\u00a0% des Artikelpreises, vom Shop festgelegt.");
        expect(summary).toContain("Rücksendeetikett");
        expect(summary).toContain("Wird auf die Artikel in diesem Paket aufgeteilt.");
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
        await fees.close();
      }
    });

    test("a declined return tells the customer why in words, never the code", async () => {
      const own = await startShop();
      const context = await browser.newContext({ locale: "en-GB" });
      try {
        const customer = {
          principal: { kind: "portal" as const, id: "alice", scopes: ["portal:returns.write"] },
        };
        const { request } = await own.service.createReturnRequest(
          {
            order_id: ORDER_ID,
            lines: [
              {
                line: { sku: "JEANS-SLIM", size: "32" },
                reason: "CHANGED_MIND",
                resolution: "REFUND",
              },
            ],
          },
          { ...customer, idempotencyKey: "declined-jeans" },
        );
        const id = request.returns[0]?.id as string;
        await own.service.submitReturnRequest(request.id, {}, { ...customer, idempotencyKey: "s" });
        await own.service.advance(
          id,
          "reject",
          { reason_code: "OTHER" },
          {
            principal: { kind: "merchant", id: "staff", scopes: ["merchant:returns.write"] },
            idempotencyKey: "reject-jeans",
          },
        );
        await context.addCookies([{ name: SESSION_COOKIE, value: "customer:alice", url: own.url }]);
        const page = await context.newPage();
        await page.goto(`${own.url}/returns?order=${ORDER_ID}`);
        const card = page.locator(".rk-return").filter({ hasText: "JEANS-SLIM" });
        await expect.poll(() => card.textContent(), SETTLED).toContain("Declined");
        const text = (await card.textContent()) ?? "";
        expect(text).toContain("Another reason");
        expect(text).not.toMatch(/\bOTHER\b|CHANGED_MIND|[A-Z]+_[A-Z]+/);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
        await own.close();
      }
    });

    test("German: messages from the catalogue, money and dates through Intl", async () => {
      const context = await browser.newContext({ locale: "de-DE" });
      await context.addCookies([{ name: SESSION_COOKIE, value: "customer:alice", url: shop.url }]);
      const page = await context.newPage();
      await page.goto(`${shop.url}/returns?order=${ORDER_ID}`);
      // The jeans went back in the first case; one of the two tees is left.
      await page.getByLabel("TEE-BLK zurücksenden").check();
      await expect
        .poll(() => page.locator(".rk-summary").textContent(), SETTLED)
        .toContain("Wählen Sie für jeden Artikel einen Grund");
      await chooseReason(page, 0, "TOO_SMALL_AT_CHEST");
      await expect
        .poll(() => page.getByTestId("refund-total").textContent(), SETTLED)
        .toBe("29,00\u00a0€");
      await expect
        .poll(() => page.getByText("Bestellt am").textContent(), SETTLED)
        .toMatch(/Bestellt am \d{2}\.\d{2}\.\d{4}/);
      expect(await page.locator("html").getAttribute("lang")).toBe("de-DE");
      await context.close();
    });
  },
);
