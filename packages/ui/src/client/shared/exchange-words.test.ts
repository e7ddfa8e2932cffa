import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import {
  customerDifference,
  offerDifference,
  offerDifferenceWords,
  staffDifference,
} from "./exchange-words";

const english = createI18n("en-GB");
const german = createI18n("de-DE");
const EUR = { currency: "EUR", currency_exponent: 2 };
const jumper = { unit_price: 5900, currency: "EUR" };

describe("exchange words", () => {
  it("offer difference - the offer's price for the units chosen against the price paid for them", () => {
    expect(offerDifference(jumper, { unit_price: 6900, currency: "EUR" }, 2)).toBe(2000);
    expect(offerDifference(jumper, { unit_price: 5400, currency: "EUR" }, 1)).toBe(-500);
    expect(offerDifference(jumper, { unit_price: 5900, currency: "EUR" }, 3)).toBe(0);
    // No price paid, or another currency: no figure rather than a wrong one.
    expect(offerDifference({ unit_price: null }, { unit_price: 6900, currency: "EUR" }, 1)).toBe(
      null,
    );
  });

  it("offer difference - in words, in English and German", () => {
    expect(offerDifferenceWords(english, 1000, EUR)).toBe("+€10.00 to pay");
    expect(offerDifferenceWords(english, -500, EUR)).toBe("€5.00 back");
    expect(offerDifferenceWords(english, 0, EUR)).toBe("same price");
    expect(offerDifferenceWords(german, 1000, EUR)).toBe("+10,00\u00a0€ zu zahlen");
    expect(offerDifferenceWords(german, -500, EUR)).toBe("5,00\u00a0€ zurück");
    expect(offerDifferenceWords(german, 0, EUR)).toBe("gleicher Preis");
  });

  it("difference - the customer's words: to pay, back, nothing for 0 or none", () => {
    const pays = { amount: 700, direction: "customer_pays" } as const;
    const back = { amount: 500, direction: "shop_refunds" } as const;
    expect(customerDifference(english, pays, EUR)).toBe("€7.00 to pay");
    expect(customerDifference(english, back, EUR)).toBe("€5.00 back");
    expect(customerDifference(english, { ...back, amount: 0 }, EUR)).toBe(null);
    expect(customerDifference(english, null, EUR)).toBe(null);
    expect(customerDifference(english, pays, null)).toBe(null);
    expect(customerDifference(german, pays, EUR)).toBe("7,00\u00a0€ zu zahlen");
  });

  it("difference - the back office's words: who pays whom", () => {
    const pays = { amount: 700, direction: "customer_pays" } as const;
    const back = { amount: 500, direction: "shop_refunds" } as const;
    expect(staffDifference(english, pays, EUR)).toBe("Customer pays €7.00");
    expect(staffDifference(english, back, EUR)).toBe("Shop refunds €5.00");
    expect(staffDifference(english, { ...pays, amount: 0 }, EUR)).toBe(null);
    expect(staffDifference(german, pays, EUR)).toBe("Kunde zahlt 7,00\u00a0€");
    expect(staffDifference(german, back, EUR)).toBe("Shop erstattet 5,00\u00a0€");
  });
});
