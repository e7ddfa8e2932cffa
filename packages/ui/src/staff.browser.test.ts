/**
 * The back office in Chromium: staff work the queue (approve one return, reject one, ship,
 * receive, grade, close) and see each webhook delivery, by mouse and by keyboard alone; the
 * webhook endpoints and fit insights pages, the insights a page at a time; axe finds nothing
 * serious on any of them.
 */
import type { Principal } from "@returnkit/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousViolations } from "./test-support/axe";
import { browserSkipReason, launchChromium } from "./test-support/browser";
import { tabTo, typeToSelect } from "./test-support/keyboard";
import { screenshot } from "./test-support/screenshots";
import {
  ORDER_ID,
  SESSION_COOKIE,
  SHOE_ORDER_ID,
  SHOE_SKUS,
  type Shop,
  startShop,
} from "./test-support/shop";

/** A page re-renders after its answer arrives: text is read once it has settled, not at once. */
const SETTLED = { timeout: 30_000 };

const skip = browserSkipReason();
const CUSTOMER_NOTE = 'Please <b>hurry</b><img src=x onerror="window.injected=1">';
const alice: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };

describe.skipIf(skip !== null)(
  `back office in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let shop: Shop;
    let browser: Browser;
    const ids: Record<string, string> = {};
    let requestId = "";

    beforeAll(async () => {
      [shop, browser] = await Promise.all([startShop(), launchChromium()]);
      // The customer's side is the other file's; here alice's request is made in-process:
      // three lines of one order, sent together.
      const lines = [
        { sku: "TEE-BLK", size: "M", quantity: 2, reason: "TOO_SMALL_AT_CHEST" },
        { sku: "JEANS-SLIM", size: "32", quantity: 1, reason: "CHANGED_MIND" },
        { sku: "DRESS-RED", size: "S", quantity: 1, reason: "TOO_LARGE_AT_HIPS" },
      ];
      const { request } = await shop.service.createReturnRequest(
        {
          order_id: ORDER_ID,
          lines: lines.map(({ sku, size, quantity, reason }) => ({
            line: { sku, size },
            quantity,
            reason,
            resolution: "REFUND" as const,
          })),
        },
        { principal: alice, idempotencyKey: "create-request" },
      );
      // The customer's own words, which the back office must show as text, never as markup.
      await shop.service.submitReturnRequest(
        request.id,
        { note: CUSTOMER_NOTE },
        { principal: alice, idempotencyKey: "submit-request" },
      );
      requestId = request.id;
      for (const record of request.returns) ids[record.line.sku] = record.id;
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
      // A path or method the API does not serve is said on the console (see client/api).
      page.on("console", (message) => {
        if (message.type() === "error" && message.text().startsWith("returnkit:")) {
          errors.push(message.text());
        }
      });
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

    test("the queue: filters by reason, resolution and date; headers whole; at 360 px order, state and amount in sight", async () => {
      const { context, page, errors } = await staffPage();
      const submitted = (count: number) =>
        page
          .locator('[data-count="submitted"]')
          .filter({ hasText: `(${count})` })
          .waitFor();
      await submitted(3);
      const row = page.locator(`tr[data-row="${requestId}"]`);
      await page.getByLabel("Reason").selectOption({ label: "Changed my mind" });
      await submitted(1);
      expect(await row.locator("td").nth(1).textContent()).toBe("JEANS-SLIM (32) × 1");
      expect(await row.locator(".rk-amount").textContent()).toBe("€79.00");
      await page.getByLabel("Resolution").selectOption({ label: "Exchange" });
      await submitted(0);
      await page.getByText("No returns here.").waitFor();
      await page.getByRole("button", { name: "Reset filters" }).click();
      await submitted(3);
      // Days in the browser's own time zone: nothing was made tomorrow, all three today.
      const day = (offset: number) =>
        page.evaluate((plus) => {
          const at = new Date();
          at.setDate(at.getDate() + plus);
          const pad = (n: number) => String(n).padStart(2, "0");
          return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
        }, offset);
      await page.getByLabel("Made from").fill(await day(1));
      await submitted(0);
      await page.getByLabel("Made from").fill(await day(0));
      await page.getByLabel("Made until").fill(await day(0));
      await submitted(3);
      expect(await seriousViolations(page)).toEqual([]);
      // Every header on one line: its text lays out as a single box, never split mid-word.
      const headerLines = () =>
        page.$$eval(".rk-queue thead th", (cells) =>
          cells.map((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          }),
        );
      expect(await headerLines()).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
      await page.setViewportSize({ width: 360, height: 780 });
      for (const part of [
        row.getByRole("link", { name: "#1001" }),
        row.locator(".rk-badge"),
        row.locator(".rk-amount"),
      ]) {
        const box = await part.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      }
      expect(await row.locator(".rk-amount").textContent()).toBe("€196.00");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "back-office-queue-360.png");
      expect(errors).toEqual([]);
      await context.close();
    });

    test("approve one, reject one; ship, receive, grade with one unit refused, close; see the deliveries", async () => {
      const { context, page, errors } = await staffPage();
      await page.locator('[data-count="submitted"]').filter({ hasText: "(3)" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "back-office-queue.png");
      // One parcel, one row: the request's three returns under its order number and customer.
      const row = page.locator(`tr[data-row="${requestId}"]`);
      expect(await page.locator("tr[data-row]").count()).toBe(1);
      expect(await row.locator("th, td").allTextContents()).toEqual([
        `#1001${requestId}`,
        "Alice Martinalice@example.com",
        "TEE-BLK (M) × 2JEANS-SLIM (32) × 1DRESS-RED (S) × 1",
        "Too small at the chest, Changed my mind, Too large at the hips",
        "Refund",
        "Submitted",
        "€196.00",
        expect.stringMatching(/minute/),
      ]);
      const openRequest = async () => {
        await row.getByRole("link", { name: "#1001" }).click();
        await page.getByRole("heading", { name: `Return request ${requestId}` }).waitFor();
      };

      await openRequest();
      await page.getByRole("link", { name: ids["JEANS-SLIM"] }).click();
      await page.getByText(CUSTOMER_NOTE).waitFor();
      expect(await page.locator(".rk-timeline b, .rk-timeline img").count()).toBe(0);
      expect(await page.evaluate(() => "injected" in window)).toBe(false);
      await act(page, "Reject the return", async (form) => {
        await form.getByLabel("Reason code").selectOption("NOT_ELIGIBLE");
      });
      await expect
        .poll(() => page.locator("#rk-return-heading .rk-badge").textContent(), SETTLED)
        .toBe("Declined");
      await page.getByRole("button", { name: /Back to the queue/ }).click();

      await openRequest();
      await page.getByRole("link", { name: ids["TEE-BLK"] }).click();
      await act(page, "Approve the return");
      // The request it came in, with its siblings: one parcel for every approved return.
      await page.getByRole("link", { name: ids["DRESS-RED"] }).waitFor();
      await page.getByRole("link", { name: requestId }).click();
      await page.getByRole("heading", { name: `Return request ${requestId}` }).waitFor();
      await act(page, "Ship the approved returns in one parcel", (form) =>
        form.getByLabel("Carrier").fill("DHL"),
      );
      const stateOf = (sku: string) =>
        page.locator(`tr[data-return-id="${ids[sku]}"] .rk-badge`).textContent();
      await page
        .locator(`tr[data-return-id="${ids["TEE-BLK"]}"] .rk-badge`)
        .filter({ hasText: "On its way" })
        .waitFor();
      expect(await stateOf("TEE-BLK")).toBe("On its way");
      expect(await stateOf("DRESS-RED")).toBe("Submitted");
      expect(await stateOf("JEANS-SLIM")).toBe("Declined");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("link", { name: ids["TEE-BLK"] }).click();

      await act(page, await titleOf(page, "receive"));
      await act(page, await titleOf(page, "grade"), async (form) => {
        await form.getByLabel("Condition").selectOption("DAMAGED");
        await form.getByLabel("Disposition").selectOption("REFURBISH");
        // One of the two units refused: the form offers all of them, staff accept one.
        const accepted = form.getByLabel("Accepted quantity");
        expect(await accepted.inputValue()).toBe("2");
        await accepted.fill("1");
      });
      // The final refund: one accepted unit at €29.00.
      const refund = page.locator('#rk-return-heading ~ [data-refund-status="final"]');
      await refund.waitFor();
      await expect
        .poll(() => refund.getByTestId("refund-amount").textContent(), SETTLED)
        .toBe("Total: €29.00 (final)");
      const graded = await shop.service.get(ids["TEE-BLK"] as string, {
        principal: { kind: "merchant", id: "t", scopes: ["merchant:returns.read"] },
      });
      expect(graded.grade?.accepted_quantity).toBe(1);
      expect(graded.refund).toMatchObject({ total: 2900, status: "final" });
      await act(page, await titleOf(page, "close"));
      await expect
        .poll(() => page.locator("#rk-return-heading .rk-badge").textContent(), SETTLED)
        .toBe("Completed");
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
      // Who took each step: the customer started it, this staff member did the rest.
      const steps = await page.locator(".rk-timeline li").allTextContents();
      expect(steps[0]).toContain("Customer ");
      expect(steps.at(-1)).toContain("Staff warehouse");

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
      await expect.poll(() => toErp.first().textContent(), SETTLED).toContain("return.created");
      // The endpoint nobody answers: every delivery dead after its attempt, and revivable.
      const dead = page.locator('[data-delivery-status="dead"]');
      expect(await dead.count()).toBe(events.length);
      await expect.poll(() => dead.first().textContent(), SETTLED).toContain("no HTTP answer");
      await dead.first().getByRole("button", { name: "Redeliver" }).click();
      await page.getByRole("status").filter({ hasText: "Sent again: 1" }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, "back-office-return.png");
      expect(errors).toEqual([]);
      await context.close();
    });

    test("the same work by keyboard alone, on a 360 px phone: search, open, approve, ship the request, receive, grade, close", async () => {
      const { context, page, errors } = await staffPage();
      await page.setViewportSize({ width: 360, height: 780 });
      await page.locator('[data-count="submitted"]').waitFor();
      await tabTo(page, "Search by order or customer");
      // The order number the customer reads over the phone finds the parcel.
      await page.keyboard.type("#1001");
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Clear" }).waitFor();
      await tabTo(page, "#1001");
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: `Return request ${requestId}` }).waitFor();
      await tabTo(page, ids["DRESS-RED"] as string);
      await page.keyboard.press("Enter");
      const byKeyboard = async (event: string) => {
        const title = await titleOf(page, event);
        if (event === "grade") {
          await tabTo(page, "Condition");
          await typeToSelect(page, "New");
        }
        await tabTo(page, title);
        await page.keyboard.press("Enter");
        await doneWith(page, title);
      };
      await byKeyboard("approve");
      // One parcel from the request's view, by keyboard: its link, then its ship form.
      await page.getByRole("link", { name: requestId }).waitFor();
      await tabTo(page, requestId);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: `Return request ${requestId}` }).waitFor();
      await tabTo(page, "Ship the approved returns in one parcel");
      await page.keyboard.press("Enter");
      await doneWith(page, "Ship the approved returns in one parcel");
      await page
        .locator(`tr[data-return-id="${ids["DRESS-RED"]}"] .rk-badge`)
        .filter({ hasText: "On its way" })
        .waitFor();
      await tabTo(page, ids["DRESS-RED"] as string);
      await page.keyboard.press("Enter");
      for (const event of ["receive", "grade", "close"]) await byKeyboard(event);
      await expect
        .poll(() => page.locator("#rk-return-heading .rk-badge").textContent(), SETTLED)
        .toBe("Completed");
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
      const field = page.getByLabel("Endpoint URL");
      const add = page.getByRole("button", { name: "Add endpoint" });
      // Refusals in words, beside the field: not an address; an address with credentials.
      await field.fill("erp.example.com/hooks");
      await add.click();
      await page.getByRole("alert").filter({ hasText: "Enter the full address" }).waitFor();
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      await field.fill("https://user:secret@erp.example.com/hooks");
      await add.click();
      await page
        .getByRole("alert")
        .filter({ hasText: "This address cannot receive events" })
        .waitFor();
      // Every event is offered with one line saying what it means; secrets and tests explained.
      const events = page.locator(".rk-events li");
      expect(await events.count()).toBeGreaterThanOrEqual(12);
      expect(await events.filter({ hasText: "return.approved" }).textContent()).toContain(
        "you accepted a return",
      );
      await page.getByText("verifyWebhook").waitFor();
      await page.getByText(/“Send test” posts one signed webhook.test event/).waitFor();
      await page.getByLabel(/return\.approved/).check();
      await page.getByLabel(/return\.closed/).check();
      await field.fill(url);
      await add.click();
      const secretShown = page.getByRole("status").filter({ hasText: "whsec_" });
      await secretShown.waitFor();
      const firstSecret = await secretShown.textContent();
      const added = page.locator("[data-endpoint]").filter({ hasText: url });
      await added.waitFor();
      const stored = (await shop.service.store.listEndpoints()).find(
        (e) => "url" in e && e.url === url,
      );
      expect(stored?.types).toEqual(["return.approved", "return.closed"]);
      expect(await field.inputValue()).toBe("");
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
      // The chart and its table from the API's own figures (the two returns above are fit
      // returns, graded by now; the jeans were returned for another reason).
      const merchant = {
        principal: { kind: "merchant" as const, id: "t", scopes: ["merchant:returns.read"] },
      };
      const report = await shop.service.insights.fit({}, merchant);
      const fitRows = report.data.flatMap((row) =>
        row.by_direction.map((count) => ({
          name: `${row.sku} ${row.size} ${count.direction}`,
          count,
        })),
      );
      expect(fitRows.map((row) => row.name).sort()).toEqual([
        "DRESS-RED S TOO_LARGE",
        "TEE-BLK M TOO_SMALL",
      ]);
      await page.locator("[data-fit-row]").first().waitFor();
      for (const { name, count } of fitRows) {
        const cells = await page.locator(`tr[data-fit-row="${name}"] td`).allTextContents();
        expect(cells.slice(3)).toEqual([
          `${returnsOf(count.returns)}, ${unitsOf(count.units)}`,
          `${returnsOf(count.confirmed_returns)}, ${unitsOf(count.confirmed_units)}`,
        ]);
      }
      await expect
        .poll(
          () => page.locator('tr[data-fit-row="TEE-BLK M TOO_SMALL"] td').nth(2).textContent(),
          SETTLED,
        )
        .toBe("Too small");
      // Both were inspected: each bar's confirmed part is as wide as its claimed part.
      const bars = page.locator(".rk-chart .rk-dir");
      expect(await bars.count()).toBe(2);
      for (const bar of await bars.all()) {
        const claimed = await bar.locator(".rk-bar-claimed").getAttribute("width");
        expect(Number(claimed)).toBeGreaterThan(0);
        expect(await bar.locator(".rk-bar-confirmed").getAttribute("width")).toBe(claimed);
      }
      // A scale of whole returns under the bars, and each bar's figures at its end.
      const longest = Math.max(...report.data.map((row) => row.fit.returns));
      const ticks = await page
        .locator(".rk-chart [data-tick]")
        .evaluateAll((groups) => groups.map((group) => group.textContent));
      expect(ticks[0]).toBe("0");
      expect(Number(ticks.at(-1))).toBeGreaterThanOrEqual(longest);
      for (const row of report.data.filter((r) => r.fit.returns > 0)) {
        const count = page.locator(`.rk-chart [data-row="${row.sku} ${row.size}"] .rk-bar-count`);
        expect(await count.textContent()).toBe(
          `${row.fit.returns} claimed, ${row.fit.confirmed_returns} confirmed`,
        );
      }
      await expect
        .poll(() => page.locator('.rk-top-issues [data-sku="TEE-BLK"]').textContent(), SETTLED)
        .toBe("TEE-BLK: Too small at the chest · Size M (100 % of its returns are about fit)");
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("words - codes in words and counts in the plural they take, in English and German", async () => {
      const own = await startShop();
      try {
        const staff: Principal = {
          kind: "merchant",
          id: "warehouse",
          scopes: ["merchant:returns.write"],
        };
        const { request } = await own.service.createReturnRequest(
          {
            order_id: ORDER_ID,
            lines: [
              {
                line: { sku: "TEE-BLK", size: "M" },
                quantity: 2,
                reason: "TOO_SMALL",
                resolution: "STORE_CREDIT",
              },
              {
                line: { sku: "JEANS-SLIM", size: "32" },
                reason: "CHANGED_MIND",
                resolution: "REFUND",
              },
              {
                line: { sku: "DRESS-RED", size: "S" },
                reason: "DAMAGED",
                resolution: "EXCHANGE",
                exchange_for: { sku: "DRESS-RED-M" },
              },
            ],
          },
          { principal: alice, idempotencyKey: "words-create" },
        );
        await own.service.submitReturnRequest(
          request.id,
          {},
          { principal: alice, idempotencyKey: "words-submit" },
        );
        const [tee, jeans, dress] = request.returns.map((r) => r.id) as [string, string, string];
        let key = 0;
        const advance = (id: string, event: string, body: Record<string, unknown> = {}) =>
          own.service.advance(id, event, body, {
            principal: staff,
            idempotencyKey: `words-${key++}`,
          });
        await advance(jeans, "reject", { reason_code: "OTHER" });
        for (const event of ["approve", "ship", "receive"]) await advance(tee, event);
        await advance(tee, "grade", {
          condition: "LIKE_NEW",
          disposition: "RESELL_DISCOUNTED",
          accepted_quantity: 2,
        });
        await own.service.dispatcher.drain();

        const checks = [
          {
            locale: "en-GB",
            rejected: "Another reason",
            grade: ["Like new", "Resell at a discount"],
            option: "Final sale",
            exchange: "Red / M instead",
            credit: "€58.00 as store credit",
            attempt: "1 attempt",
            units: "2 units",
          },
          {
            locale: "de-DE",
            rejected: "Anderer Grund",
            grade: ["Wie neu", "Reduziert weiterverkaufen"],
            option: "Ausverkauf",
            exchange: "Stattdessen Red / M",
            credit: "58,00\u00a0€ als Gutschrift",
            attempt: "1 Versuch",
            units: "2 Stück",
          },
        ];
        for (const words of checks) {
          const context = await browser.newContext({ locale: words.locale });
          await context.addCookies([
            { name: SESSION_COOKIE, value: "staff:warehouse", url: own.url },
          ]);
          const page = await context.newPage();
          const main = page.locator("returnkit-back-office");
          await page.goto(`${own.url}/returns/admin?return=${jeans}`);
          const timeline = page.locator(".rk-timeline");
          await expect.poll(() => timeline.textContent(), SETTLED).toContain(words.rejected);
          await page.locator('[data-delivery-status="delivered"]').first().waitFor();
          expect(
            await page.locator('[data-delivery-status="delivered"]').first().textContent(),
          ).toContain(words.attempt);
          expect(await main.textContent()).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|\bOTHER\b|\(s\)|\(e\)/);

          await page.goto(`${own.url}/returns/admin?return=${tee}`);
          await expect.poll(() => main.textContent(), SETTLED).toContain(words.grade[0]);
          const text = (await main.textContent()) ?? "";
          for (const phrase of words.grade) expect(text).toContain(phrase);
          expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|\(s\)|\(e\)/);
          expect(await seriousViolations(page)).toEqual([]);

          await page.goto(`${own.url}/returns/admin?return=${dress}`);
          const reject = page.locator('form[data-action="reject"] select');
          await reject.waitFor();
          await expect
            .poll(() => reject.locator("option").allTextContents(), SETTLED)
            .toContain(words.option);
          expect((await reject.locator("option").allTextContents()).join(" ")).not.toMatch(
            /[A-Z]{2,}|_/,
          );

          // The request: store credit named, the exchange by the size that comes back.
          await page.goto(`${own.url}/returns/admin?request=${request.id}`);
          const dressRow = page.locator(`tr[data-return-id="${dress}"] td`).last();
          await expect.poll(() => dressRow.textContent(), SETTLED).toBe(words.exchange);
          const requestText = (await main.textContent()) ?? "";
          expect(requestText).toContain(words.credit);

          await page.goto(`${own.url}/returns/admin?view=insights`);
          const fit = page.locator('tr[data-fit-row="TEE-BLK M TOO_SMALL"] td').nth(3);
          await expect.poll(() => fit.textContent(), SETTLED).toContain(words.units);
          expect(await seriousViolations(page)).toEqual([]);
          await context.close();
        }
      } finally {
        await own.close();
      }
    });

    test("fit insights: more issues and more sizes than a page holds, each list paged by its button", async () => {
      // Bob sends back one pair of each of 24 shoes, all too small: with the three skus above,
      // 27 skus and 27 sizes, where a page of the API holds 20.
      const bob: Principal = { kind: "portal", id: "bob", scopes: ["portal:returns.write"] };
      await shop.service.createReturnRequest(
        {
          order_id: SHOE_ORDER_ID,
          lines: SHOE_SKUS.map((sku) => ({
            line: { sku, size: "42" },
            quantity: 1,
            reason: "TOO_SMALL",
            resolution: "REFUND" as const,
          })),
        },
        { principal: bob, idempotencyKey: "bob-shoes" },
      );
      const { context, page, errors } = await staffPage("/returns/admin?view=insights");
      const issues = page.locator(".rk-top-issues li");
      const sizes = page.locator("tr[data-fit-row]");
      const moreIssues = page.getByRole("button", { name: "More fit issues" });
      const moreSizes = page.getByRole("button", { name: "More sizes" });
      await moreIssues.waitFor();
      await moreSizes.waitFor();

      // Every sku has one fit return but the jeans: DRESS-RED, then the shoes, TEE-BLK last.
      expect(await issues.count()).toBe(20);
      expect(await issues.first().getAttribute("data-sku")).toBe("DRESS-RED");
      await moreIssues.click();
      await expect.poll(() => issues.count(), SETTLED).toBe(26);
      expect(await issues.last().getAttribute("data-sku")).toBe("TEE-BLK");
      // The last page ends with the jeans, which have no fit issue: nothing more to ask for.
      await moreIssues.waitFor({ state: "detached" });

      // Sizes by sku: DRESS-RED S, JEANS-SLIM 32 (no fit returns, left out), SHOE-00 … SHOE-17.
      expect(await sizes.count()).toBe(19);
      await moreSizes.click();
      await expect.poll(() => sizes.count(), SETTLED).toBe(26);
      await page.locator('tr[data-fit-row="SHOE-23 42 TOO_SMALL"]').waitFor();
      await page.locator('tr[data-fit-row="TEE-BLK M TOO_SMALL"]').waitFor();
      await moreSizes.waitFor({ state: "detached" });
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

const returnsOf = (n: number) => `${n} ${n === 1 ? "return" : "returns"}`;
const unitsOf = (n: number) => `${n} ${n === 1 ? "unit" : "units"}`;

/** The title the API gives an event's template, read from the return the page shows. */
async function titleOf(page: Page, event: string): Promise<string> {
  const form = page.locator(`form[data-action="${event}"] button[type=submit]`);
  await form.waitFor();
  return ((await form.textContent()) ?? "").trim();
}
