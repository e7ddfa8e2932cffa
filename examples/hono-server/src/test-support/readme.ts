/**
 * @module test-support/readme — the code blocks the root README marks for tests, so a test
 * runs exactly what a reader pastes.
 */
import { readFileSync } from "node:fs";

export const REPO_ROOT = new URL("../../../../", import.meta.url).pathname;

/** The fenced block between `<!-- name:start -->` and `<!-- name:end -->` in README.md. */
export function readmeBlock(name: string): string {
  const readme = readFileSync(`${REPO_ROOT}README.md`, "utf8");
  const section = new RegExp(
    `<!-- ${name}:start -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\`\\s*<!-- ${name}:end -->`,
  ).exec(readme);
  if (!section?.[1]) throw new Error(`README.md has no block marked ${name}`);
  return section[1];
}
