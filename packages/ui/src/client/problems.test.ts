import { describe, expect, test } from "vitest";
import { ApiProblem } from "./api";
import { createI18n } from "./i18n";
import { describeProblem } from "./problems";

const problem = (status: number, slug: string, body: Record<string, unknown> = {}) =>
  new ApiProblem(status, slug, { type: `urn:returnkit:problem:${slug}`, status, ...body });

describe("describeProblem", () => {
  const en = createI18n("en-GB");
  const de = createI18n("de-DE");

  test("says what the customer can do, with the problem's own facts", () => {
    const closed = problem(422, "return-window-closed", {
      returnable_until: "2026-11-01T10:00:00Z",
    });
    expect(describeProblem(closed, en)).toBe(
      "The return window for this order closed on 1 Nov 2026.",
    );
    expect(describeProblem(closed, de)).toBe(
      "Die Rückgabefrist für diese Bestellung endete am 01.11.2026.",
    );
    expect(
      describeProblem(problem(422, "quantity-exceeds-returnable", { returnable_quantity: 1 }), en),
    ).toBe("You can return at most 1 of this item.");
    expect(describeProblem(problem(422, "not-returnable", { final_sale: true }), en)).toBe(
      "This item was a final sale and cannot be returned.",
    );
  });

  test("describeProblem - a write refused for its CSRF token asks to reload the page", () => {
    const refused = problem(403, "csrf-token-invalid", { csrf_header: "x-returnkit-csrf" });
    expect(describeProblem(refused, en)).toBe("This page is out of date. Reload it and try again.");
    expect(describeProblem(refused, de)).toBe(
      "Diese Seite ist veraltet. Laden Sie sie neu und versuchen Sie es noch einmal.",
    );
  });

  test("a refused return request names each refused line with its own reason", () => {
    const refused = problem(422, "return-request-refused", {
      lines: [
        {
          index: 1,
          type: "urn:returnkit:problem:quantity-exceeds-returnable",
          title: "Quantity exceeds what can be returned",
          status: 422,
          detail: "raw detail the customer never sees",
          returnable_quantity: 0,
        },
        {
          index: 2,
          type: "urn:returnkit:problem:not-returnable",
          title: "Not returnable",
          status: 422,
          detail: "final sale",
          final_sale: true,
        },
      ],
    });
    expect(describeProblem(refused, en, ["TEE-BLK (M)", "JEANS-SLIM (32)", "SOCKS (M)"])).toBe(
      "Nothing was sent, because: JEANS-SLIM (32): You can return at most 0 of this item. " +
        "SOCKS (M): This item was a final sale and cannot be returned.",
    );
    // Without names, the line's place in the request.
    expect(describeProblem(refused, de)).toMatch(/^Es wurde nichts gesendet, denn: Artikel 2: /);
  });

  test("never shows a raw error: unknown problems, a lost session, no network", () => {
    expect(
      describeProblem(problem(500, "internal", { detail: "TypeError: x is undefined" }), en),
    ).toBe("Something went wrong on our side. Please try again in a moment.");
    expect(describeProblem(problem(401, "invalid-token"), en)).toBe(
      "You are not signed in. Sign in to continue.",
    );
    expect(describeProblem(new ApiProblem(0, "network", {}), de)).toBe(
      "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
    );
    expect(describeProblem(new Error("boom"), en)).toBe(
      "Something went wrong on our side. Please try again in a moment.",
    );
  });

  test("describeProblem - a route the API does not have says the page is out of step, never that a thing is missing", () => {
    const missingRoute = problem(404, "route-not-found");
    const unknownReturn = problem(404, "not-found");

    expect(describeProblem(missingRoute, en)).toBe(
      "This page does not match the shop's returns service. Reload it; if that does not help, tell the shop.",
    );
    expect(describeProblem(missingRoute, de)).toBe(
      "Diese Seite passt nicht zum Rückgabedienst des Shops. Laden Sie sie neu; hilft das nicht, sagen Sie es dem Shop.",
    );
    expect(describeProblem(unknownReturn, en)).toBe("We could not find that.");
  });

  test("every catalogue has every key of the English one", async () => {
    const { en: english } = await import("./messages/en");
    const { de: german } = await import("./messages/de");
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
  });
});
