/**
 * @module test-support/screenshots — the README's pictures, taken by the browser tests. A test
 * run writes nothing into the tree: the page is still drawn whole (a page that cannot be fails
 * the case) and the picture dropped. `pnpm --filter @returnkit/ui screenshots` runs the same
 * cases with `RETURNKIT_UI_SCREENSHOTS=docs`, which keeps them in docs/ for the README.
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

/** Draws the whole page; kept as docs/`name` only when the screenshots command asked for it. */
export async function screenshot(page: Page, name: `${string}.png`): Promise<void> {
  const keep = process.env.RETURNKIT_UI_SCREENSHOTS === "docs";
  const path = keep ? fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)) : undefined;
  await page.screenshot({ fullPage: true, ...(path ? { path } : {}) });
}
