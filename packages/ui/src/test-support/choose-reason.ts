/**
 * @module test-support/choose-reason — a line's reason chosen on the customer page as a
 * customer does, in two steps: what was wrong, then, for fit, which way and where.
 */
import type { Frame, Page } from "playwright-core";

const FIT_CODE = /^(TOO_(?:SMALL|LARGE|TIGHT|LOOSE|SHORT|LONG))(?:_AT_([A-Z0-9_]+))?$/;

/** Chooses `code` for line `index` (`TOO_SMALL_AT_CHEST`: fit, too small, chest). */
export async function chooseReason(page: Page | Frame, index: number, code: string): Promise<void> {
  const id = `#rk-line-${index}`;
  const fit = FIT_CODE.exec(code);
  if (!fit) {
    await page.locator(`${id}-reason`).selectOption(code);
    return;
  }
  await page.locator(`${id}-reason`).selectOption("FIT");
  await page.locator(`${id}-direction`).selectOption(fit[1]!);
  const place = page.locator(`${id}-place`);
  // A direction with one place only is answered for the customer.
  if ((await place.locator("option").count()) > 2) await place.selectOption(fit[2] ?? "*");
}
