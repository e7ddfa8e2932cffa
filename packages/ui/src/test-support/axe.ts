/** @module test-support/axe — axe-core on a page: the serious and critical violations, named. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * axe.run in the page itself, answering violations only. AxeBuilder's default runs each frame
 * partially and finishes in a blank page it opens for the purpose, which doubled the cost of a
 * check; our screens have no cross-origin frames, and axe.run covers same-origin ones.
 */
function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** Every violation axe finds, whatever its impact: for pages that must have none at all. */
export async function allViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
