import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allowedEventsIn, RETURN_STATES } from "./machine";
import { returnStateDiagram } from "./state-diagram";

const README = new URL("../../../../README.md", import.meta.url);

describe("returnStateDiagram", () => {
  it("state diagram - the README shows exactly what the machine generates", () => {
    const readme = readFileSync(README, "utf8");
    const block =
      /<!-- state-diagram:start -->\n```mermaid\n([\s\S]*?)\n```\n<!-- state-diagram:end -->/.exec(
        readme,
      );
    expect(
      block,
      "README.md needs the generated state-diagram block (pnpm diagram)",
    ).not.toBeNull();
    expect(block![1]).toBe(returnStateDiagram());
  });

  it("state diagram - every state and every allowed event appears", () => {
    const diagram = returnStateDiagram();
    for (const state of RETURN_STATES) expect(diagram).toContain(state);
    for (const state of RETURN_STATES) {
      for (const event of allowedEventsIn(state))
        expect(diagram).toMatch(new RegExp(`: ${event}\\b`));
    }
  });
});
