import { describe, expect, it } from "vitest";
import { toDecimal, toMinor } from "./money";

describe("money", () => {
  it.each([
    ["5.93", "USD", 593],
    ["33.1", "USD", 3310],
    ["7", "USD", 700],
    ["0.05", "USD", 5],
    ["1200", "JPY", 1200],
    ["4.500", "USD", 450],
  ])("reads %s %s as %i minor units", (text, currency, amount) => {
    expect(toMinor(text, currency)).toEqual({ amount, currency });
  });

  it.each([["-1.00"], ["1.005"], ["abc"], ["1e3"], [""]])("refuses %j", (text) => {
    expect(toMinor(text, "USD")).toBeNull();
  });

  it.each([
    [{ amount: 2325, currency: "USD" }, "23.25"],
    [{ amount: 5, currency: "USD" }, "0.05"],
    [{ amount: 1200, currency: "JPY" }, "1200"],
  ])("writes %o as %s", (money, text) => {
    expect(toDecimal(money)).toBe(text);
  });
});
