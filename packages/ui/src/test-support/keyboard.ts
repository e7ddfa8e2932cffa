/**
 * @module test-support/keyboard — moving through a page with the keyboard alone: Tab until
 * the focused element is the one wanted, as a keyboard user would.
 */
import type { Page } from "playwright-core";

/** Presses Tab (at most `limit` times) until the focused element's accessible label matches. */
export async function tabTo(page: Page, label: string | RegExp, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return "";
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent;
      return (
        el.getAttribute("aria-label") ??
        labelled ??
        (el.tagName === "BUTTON" || el.tagName === "A" ? el.textContent : "") ??
        ""
      ).trim();
    });
    if (typeof label === "string" ? name === label : label.test(name)) return;
  }
  throw new Error(`Tab never reached ${label}`);
}

/** Chooses an option of the focused select by typing its start, as a keyboard user does. */
export async function typeToSelect(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 10 });
}
