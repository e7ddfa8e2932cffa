/**
 * Rewrites the state diagram in README.md from the machine (`pnpm diagram`).
 * The core test `state-diagram.test.ts` fails when the README is out of date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { returnStateDiagram } from "../packages/core/src/domain/state-diagram";

const path = new URL("../README.md", import.meta.url);
const readme = readFileSync(path, "utf8");
const block = `<!-- state-diagram:start -->\n\`\`\`mermaid\n${returnStateDiagram()}\n\`\`\`\n<!-- state-diagram:end -->`;
const pattern = /<!-- state-diagram:start -->[\s\S]*?<!-- state-diagram:end -->/;
if (!pattern.test(readme)) throw new Error("README.md has no <!-- state-diagram:start --> block");
writeFileSync(path, readme.replace(pattern, block));
console.log("README.md state diagram regenerated");
