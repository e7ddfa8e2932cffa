import { describe, expect, it } from "vitest";
import { skippedBrowserNotice } from "./browser-notice";

describe("the browser tests' notice", () => {
  it("browser notice - says the browser tests skip, why, and how to run them, without Chromium", () => {
    expect(skippedBrowserNotice("/nowhere/chromium", {})).toBe(
      "@returnkit/ui: the browser tests (*.browser.test.ts) are skipped: no Chromium at /nowhere/chromium: apt-get install -y chromium, or set CHROME_PATH to one (CI installs it).",
    );
  });

  it("browser notice - says nothing when Chromium is there, or on CI (where they fail instead)", () => {
    expect(skippedBrowserNotice(process.execPath, {})).toBeNull();
    expect(skippedBrowserNotice("/nowhere/chromium", { CI: "true" })).toBeNull();
  });
});
