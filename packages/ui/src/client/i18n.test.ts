import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import { de } from "./messages/de";
import { en } from "./messages/en";

const english = createI18n("en-GB");
const german = createI18n("de-DE");

describe("i18n.count", () => {
  it("count - picks the plural form Intl.PluralRules names, in English", () => {
    expect(english.count("summary.items", 0)).toBe("0 items selected");
    expect(english.count("summary.items", 1)).toBe("1 item selected");
    expect(english.count("summary.items", 3)).toBe("3 items selected");
    expect(english.count("staff.attempts", 1)).toBe("1 attempt");
    expect(english.count("staff.attempts", 2)).toBe("2 attempts");
  });

  it("count - picks the plural form Intl.PluralRules names, in German", () => {
    expect(german.count("staff.attempts", 1)).toBe("1 Versuch");
    expect(german.count("staff.attempts", 2)).toBe("2 Versuche");
    expect(german.count("count.returns", 1)).toBe("1 Rücksendung");
    expect(german.count("count.returns", 4)).toBe("4 Rücksendungen");
  });

  it("count - writes the number as the locale does", () => {
    expect(english.count("count.units", 1234)).toBe("1,234 units");
    expect(german.count("count.units", 1234)).toBe("1.234 Stück");
  });

  it("count - no message anywhere still says (s), (e) or (en) for a plural", () => {
    for (const catalogue of [en, de]) {
      const guessed = Object.entries(catalogue).filter(([, text]) =>
        /\w\((s|e|en|ies)\)/.test(text),
      );
      expect(guessed).toEqual([]);
    }
  });

  it("percent - a policy's percent in the locale's words", () => {
    expect(english.percent(10)).toBe("10%");
    expect(german.percent(12.5)).toBe("12,5\u00a0%");
  });
});
